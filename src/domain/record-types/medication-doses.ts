import { sharedRecordType } from "./declaration";

export const medicationDosesType = sharedRecordType({
  entity: "medication_dose",
  activity: {
    medication_dose: { label: "dose", strip: /^Dose\s+/i },
  },
  nav: { none: "Shown on the Medications screen, under its medication." },
});
