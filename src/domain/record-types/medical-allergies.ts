import { sharedRecordType } from "./declaration";

export const medicalAllergiesType = sharedRecordType({
  entity: "medical_allergy",
  activity: {
    medical_allergy: { label: "medical allergy" },
  },
  nav: { label: "Medical Allergies", href: "/medical-allergies", icon: "TriangleAlert", place: 110 },
});
