import type { ModuleDescriptor } from "../../app-context";
import { supplyStockEventsRecordType, supplyUsageRecordType, tpnSuppliesRecordType } from "./supplies.record";
import { supplyRoutes } from "./supplies.routes";

/** The module of supplies, their use, deliveries and counts. */
export const suppliesModule: ModuleDescriptor = {
  name: "supplies",
  routes: [supplyRoutes],
  recordTypes: [tpnSuppliesRecordType, supplyUsageRecordType, supplyStockEventsRecordType],
};
