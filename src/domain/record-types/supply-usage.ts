import { sharedRecordType } from "./declaration";

export const supplyUsageType = sharedRecordType({
  entity: "supply_usage",
  activity: {
    supply_usage: { label: "supply usage" },
  },
  nav: { none: "Shown on the TPN Supplies screen, under its supply." },
});
