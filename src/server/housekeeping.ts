import { join } from "node:path";
import type { ModuleJobs } from "./app-context";
import { driverOf, gatherPlannerStatistics } from "./db/client";
import { pruneIdempotencyKeys } from "./lib/idempotency";
import { OUTBOX_SWEEP_EVERY_MS, outboxDir, sweepOutbox } from "./lib/mailer";
import { pruneSessions } from "./lib/session-store";
import { pruneEmailConfirmations } from "./modules/auth/email-confirmation.queries";
import { pruneFailures } from "./modules/auth/login-limit.queries";
import { prunePasswordResets } from "./modules/auth/password-reset";
import {
  ABANDONED_SWEEP_EVERY_MS,
  sweepRestoreFiles,
  undoAbandonedRestores,
} from "./modules/exports/restore/restore-writer";
import { pruneNotifications } from "./modules/notifications/notifications.queries";
import { SWEEP_EVERY_MS, sweepUploads } from "./modules/objects/upload-sweep";

const MINUTE = 60 * 1000;

/** A job the server runs every `everyMs`, once across all its processes. */
export interface RecurringJob {
  name: string;
  everyMs: number;
  run(now: Date): Promise<unknown>;
}

/**
 * The server's housekeeping, in one list: what is pruned and swept, and how often. Each job runs
 * through the scheduler, so it runs once across any number of processes, and a test runs it by
 * moving its clock on and calling `scheduler.runDue()`. Files under DATA_DIR (the outbox, restores'
 * files) are swept once across processes too: processes that share a database share DATA_DIR, as
 * the local photo storage already needs.
 */
export function recurringJobs({ db, storage, config }: Parameters<ModuleJobs>[0]): RecurringJob[] {
  const jobs: RecurringJob[] = [
    { name: "prune-sessions", everyMs: 10 * MINUTE, run: (now) => pruneSessions(db, now) },
    { name: "prune-sign-in-failures", everyMs: 15 * MINUTE, run: (now) => pruneFailures(db, now) },
    {
      name: "prune-email-confirmations",
      everyMs: 15 * MINUTE,
      run: (now) => pruneEmailConfirmations(db, now),
    },
    { name: "prune-password-resets", everyMs: 15 * MINUTE, run: (now) => prunePasswordResets(db, now) },
    { name: "prune-idempotency-keys", everyMs: 60 * MINUTE, run: (now) => pruneIdempotencyKeys(db, now) },
    { name: "prune-notifications", everyMs: 60 * MINUTE, run: (now) => pruneNotifications(db, now) },
    { name: "sweep-uploads", everyMs: SWEEP_EVERY_MS, run: (now) => sweepUploads({ db, storage }, now) },
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
    {
      name: "sweep-outbox",
      everyMs: OUTBOX_SWEEP_EVERY_MS,
      run: async (now) => sweepOutbox(outboxDir(config.dataDir), now),
    },
  ];
  // The embedded database kept on disk; one in memory (tests) is gone before its statistics matter.
  const driver = driverOf(db);
  if (driver.kind === "pglite" && driver.client.dataDir) {
    jobs.push({ name: "planner-statistics", everyMs: 60 * MINUTE, run: () => gatherPlannerStatistics(db) });
  }
  return jobs;
}

/** The housekeeping's jobs on the scheduler (one of `MODULE_JOBS` in app.ts). */
export const housekeepingJobs: ModuleJobs = (context) => {
  for (const job of recurringJobs(context)) context.scheduler.every(job.name, job.everyMs, job.run);
};
