import type { ModuleDescriptor } from "../../app-context";
import { dashboardRoutes } from "./dashboard.routes";

/** The module of the dashboard. */
export const dashboardModule: ModuleDescriptor = {
  name: "dashboard",
  routes: [dashboardRoutes],
};
