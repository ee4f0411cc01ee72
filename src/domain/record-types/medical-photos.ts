import { sharedRecordType } from "./declaration";

export const medicalPhotosType = sharedRecordType({
  entity: "medical_photo",
  activity: {
    medical_photo: { label: "medical photo" },
  },
  nav: { label: "Medical Photos", href: "/medical-photos", icon: "Camera", place: 190 },
});
