import type { ModuleDescriptor } from "../../app-context";
import { supplyRoutes } from "./supplies.routes";

/** The module of supplies, their use, deliveries and counts. */
export const suppliesModule: ModuleDescriptor = {
  name: "supplies",
  routes: [supplyRoutes],
};
