import type { ModuleDescriptor } from "../../app-context";
import { careTaskEventsRecordType, careTasksRecordType } from "./tasks.record";
import { taskRoutes } from "./tasks.routes";

/** The module of care tasks. */
export const tasksModule: ModuleDescriptor = {
  name: "tasks",
  routes: [taskRoutes],
  recordTypes: [careTasksRecordType, careTaskEventsRecordType],
};
