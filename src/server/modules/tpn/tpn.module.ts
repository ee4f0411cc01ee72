import type { ModuleDescriptor } from "../../app-context";
import { tpnEntriesRecordType } from "./tpn.record";
import { tpnRoutes } from "./tpn.routes";

/** The module of TPN bags given. */
export const tpnModule: ModuleDescriptor = {
  name: "tpn",
  routes: [tpnRoutes],
  recordTypes: [tpnEntriesRecordType],
};
