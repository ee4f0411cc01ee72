import type { ModuleDescriptor } from "../../app-context";
import { notificationSettingsRoutes } from "./notification-settings.routes";
import { pruneNotifications } from "./notifications.queries";
import { notificationRoutes } from "./notifications.routes";

/** The module of notifications and their settings. */
export const notificationsModule: ModuleDescriptor = {
  name: "notifications",
  routes: [notificationRoutes, notificationSettingsRoutes],
  housekeeping: ({ db }) => [
    { name: "prune-notifications", everyMs: 60 * 60 * 1000, run: (now) => pruneNotifications(db, now) },
  ],
};
