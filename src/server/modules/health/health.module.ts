import type { ModuleDescriptor } from "../../app-context";
import { healthRoutes } from "./health.routes";

/** Whether this server can serve: for a container's health check and an operator's monitor. */
export const healthModule: ModuleDescriptor = {
  name: "health",
  publicRoutes: [healthRoutes],
};
