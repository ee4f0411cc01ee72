import { sharedRecordType } from "./declaration";

export const specialistVisitsType = sharedRecordType({
  entity: "specialist_visit",
  activity: {
    specialist_visit: { label: "specialist visit" },
  },
  nav: { label: "Specialist Visits", href: "/specialist-visits", icon: "Stethoscope", place: 80 },
});
