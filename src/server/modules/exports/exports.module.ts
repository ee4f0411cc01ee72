import { join } from "node:path";
import type { ModuleDescriptor } from "../../app-context";
import { exportRoutes } from "./exports.routes";
import { restoreRoutes } from "./restore/restore.routes";
import { ABANDONED_SWEEP_EVERY_MS, sweepRestoreFiles, undoAbandonedRestores } from "./restore/restore-writer";

/** The module of exports and restores. */
export const exportsModule: ModuleDescriptor = {
  name: "exports",
  routes: [exportRoutes, restoreRoutes],
  housekeeping: ({ db, storage, config }) => [
    {
      // A restore whose process stopped (a crash, a restart) is undone by whichever process runs this.
      name: "undo-abandoned-restores",
      everyMs: ABANDONED_SWEEP_EVERY_MS,
      run: async (now) => {
        const deps = { db, storage, now: () => now };
        await undoAbandonedRestores(deps);
        await sweepRestoreFiles(deps, join(config.dataDir, "restores"));
      },
    },
  ],
};
