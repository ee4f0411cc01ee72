import { sharedRecordType } from "./declaration";

export const lineCareType = sharedRecordType({
  entity: "line_care_event",
  activity: {
    line_care_event: { label: "line care" },
  },
  nav: { none: "Shown on the PICC Lines screen and the Dashboard, under its line." },
});
