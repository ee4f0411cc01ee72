import { sharedRecordType } from "./declaration";

export const medicationsType = sharedRecordType({
  entity: "medication",
  activity: {
    medication: { label: "medication" },
  },
  nav: { label: "Medications", href: "/medications", icon: "Pill", place: 170 },
});
