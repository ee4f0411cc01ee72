import { sharedRecordType } from "./declaration";

export const supplyKitLinesType = sharedRecordType({
  entity: "supply_kit_line",
  activity: {
    supply_kit_line: { label: "supply kit line" },
  },
  nav: { none: "Shown on the TPN Supplies screen, under Kits." },
});
