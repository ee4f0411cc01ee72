import type { ModuleDescriptor } from "../../../app-context";
import { reminderActionRoutes } from "./reminder-actions.routes";
import { reminderJobs } from "./reminders.jobs";
import { reminderRoutes } from "./reminders.routes";

/** The module of reminders of care tasks. */
export const remindersModule: ModuleDescriptor = {
  name: "reminders",
  routes: [reminderRoutes],
  publicRoutes: [reminderActionRoutes],
  jobs: reminderJobs,
  jobsAreReminders: true,
};
