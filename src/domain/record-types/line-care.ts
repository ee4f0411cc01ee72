import {
  DRESSING_TYPE_LABELS,
  LINE_CARE_LABELS,
  LOCK_SOLUTION_LABELS,
  SITE_FINDING_LABELS,
} from "../line-care";
import { sharedRecordType } from "./declaration";

export const lineCareType = sharedRecordType({
  entity: "line_care_event",
  activity: {
    line_care_event: { label: "line care" },
  },
  nav: { none: "Shown on the PICC Lines screen and the Dashboard, under its line." },
  codes: { kind: LINE_CARE_LABELS, dressingType: DRESSING_TYPE_LABELS, lockSolution: LOCK_SOLUTION_LABELS },
  listCodes: { findings: SITE_FINDING_LABELS },
});
