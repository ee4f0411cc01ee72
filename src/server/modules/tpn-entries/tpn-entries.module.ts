import type { ModuleDescriptor } from "../../app-context";
import { tpnEntriesRecordType } from "./tpn-entries.record";
import { tpnEntriesRoutes } from "./tpn-entries.routes";

/** The module of TPN bags given. */
export const tpnEntriesModule: ModuleDescriptor = {
  name: "tpn-entries",
  routes: [tpnEntriesRoutes],
  recordTypes: [tpnEntriesRecordType],
};
