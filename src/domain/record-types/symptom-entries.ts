import { sharedRecordType } from "./declaration";

export const symptomEntriesType = sharedRecordType({
  entity: "symptom_entry",
  activity: {
    symptom_entry: { label: "symptom entry", strip: /^Symptoms\s+/i },
  },
  nav: { label: "Symptoms & Pain", href: "/symptoms-pain", icon: "Activity", place: 100 },
});
