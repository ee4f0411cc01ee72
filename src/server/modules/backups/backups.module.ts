import type { ModuleDescriptor } from "../../app-context";
import { backupJobs, scheduleNightlyBackup } from "./backups.jobs";
import { backupRoutes } from "./backups.routes";

/**
 * The module of the installation's backups: the nightly job (BACKUP_SCHEDULE), what Settings shows
 * the owners, and the archive's making, checking and restoring, which `npm run backup` and `npm
 * run restore` (src/server/backup.ts, restore.ts) use too. See its README.
 */
export const backupsModule: ModuleDescriptor = {
  name: "backups",
  routes: [backupRoutes],
  jobs: backupJobs,
  ready: scheduleNightlyBackup,
};
