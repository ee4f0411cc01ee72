import { PHOTO_CATEGORY_LABELS, PHOTO_SEVERITY_LABELS } from "../photos";
import { sharedRecordType } from "./declaration";

export const medicalPhotosType = sharedRecordType({
  entity: "medical_photo",
  activity: {
    medical_photo: { label: "medical photo" },
  },
  nav: { label: "Medical Photos", href: "/medical-photos", icon: "Camera", place: 190 },
  codes: { category: PHOTO_CATEGORY_LABELS, severity: PHOTO_SEVERITY_LABELS },
});
