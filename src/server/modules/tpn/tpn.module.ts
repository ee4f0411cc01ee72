import type { ModuleDescriptor } from "../../app-context";
import { tpnRoutes } from "./tpn.routes";

/** The module of TPN bags given. */
export const tpnModule: ModuleDescriptor = {
  name: "tpn",
  routes: [tpnRoutes],
};
