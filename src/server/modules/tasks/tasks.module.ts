import type { ModuleDescriptor } from "../../app-context";
import { taskRoutes } from "./tasks.routes";

/** The module of care tasks. */
export const tasksModule: ModuleDescriptor = {
  name: "tasks",
  routes: [taskRoutes],
};
