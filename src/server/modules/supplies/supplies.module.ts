import type { ModuleDescriptor } from "../../app-context";
import {
  supplyKitLinesRecordType,
  supplyStockEventsRecordType,
  supplyUsageRecordType,
  tpnSuppliesRecordType,
} from "./supplies.record";
import { supplyRoutes } from "./supplies.routes";

/** The module of supplies, their use, deliveries and counts, and the kits a bag or a dressing draws. */
export const suppliesModule: ModuleDescriptor = {
  name: "supplies",
  routes: [supplyRoutes],
  recordTypes: [
    tpnSuppliesRecordType,
    supplyUsageRecordType,
    supplyStockEventsRecordType,
    supplyKitLinesRecordType,
  ],
};
