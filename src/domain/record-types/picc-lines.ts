import { sharedRecordType } from "./declaration";

export const piccLinesType = sharedRecordType({
  entity: "picc_line",
  activity: {
    picc_line: { label: "PICC line" },
  },
  nav: { label: "PICC Lines", href: "/picc-lines", icon: "Syringe", place: 70 },
});
