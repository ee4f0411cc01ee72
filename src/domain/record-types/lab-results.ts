import { sharedRecordType } from "./declaration";

export const labResultsType = sharedRecordType({
  entity: "lab_result",
  activity: {
    lab_result: { label: "lab result" },
  },
  nav: { label: "Lab Results", href: "/lab-results", icon: "TestTubes", place: 95 },
});
