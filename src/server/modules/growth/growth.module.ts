import type { ModuleDescriptor } from "../../app-context";
import { growthRoutes } from "./growth.routes";

/** The module of growth charts. */
export const growthModule: ModuleDescriptor = {
  name: "growth",
  routes: [growthRoutes],
};
