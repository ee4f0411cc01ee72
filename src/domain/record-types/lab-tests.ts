import { sharedRecordType } from "./declaration";

export const labTestsType = sharedRecordType({
  entity: "lab_test",
  activity: {
    lab_test: { label: "lab test" },
  },
  nav: { label: "Lab Tests", href: "/lab-tests", icon: "FlaskConical", place: 90 },
});
