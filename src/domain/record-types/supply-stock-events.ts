import { sharedRecordType } from "./declaration";

export const supplyStockEventsType = sharedRecordType({
  entity: "supply_stock_event",
  activity: {
    supply_stock_event: { label: "supply delivery or count" },
    supply_receipt: { label: "supply delivery" },
    supply_count: { label: "stock count" },
  },
  nav: { none: "Shown on the TPN Supplies screen, under its supply." },
});
