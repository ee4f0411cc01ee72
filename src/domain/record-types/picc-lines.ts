import { INSERTION_SITE_LABELS, LINE_TYPE_LABELS } from "../picc";
import { sharedRecordType } from "./declaration";

export const piccLinesType = sharedRecordType({
  entity: "picc_line",
  activity: {
    picc_line: { label: "PICC line" },
  },
  nav: { label: "PICC Lines", href: "/picc-lines", icon: "Syringe", place: 70 },
  codes: { insertionSite: INSERTION_SITE_LABELS, lineType: LINE_TYPE_LABELS },
});
