import type { AppContext, ModuleDescriptor, RecurringJob } from "./app-context";
import { driverOf, gatherPlannerStatistics } from "./db/client";
import { pruneIdempotencyKeys } from "./lib/idempotency";
import { OUTBOX_SWEEP_EVERY_MS, outboxDir, sweepOutbox } from "./lib/mailer";
import { pruneSessions } from "./lib/session-store";

export type { RecurringJob };

const MINUTE = 60 * 1000;

/**
 * The server's housekeeping: what is pruned and swept, and how often; the app's own here, each
 * module's in its descriptor (`housekeeping`). Each job runs
 * through the scheduler, so it runs once across any number of processes, and a test runs it by
 * moving its clock on and calling `scheduler.runDue()`. Files under DATA_DIR (the outbox, restores'
 * files) are swept once across processes too: processes that share a database share DATA_DIR, as
 * the local photo storage already needs.
 */
export function recurringJobs(context: AppContext, modules: readonly ModuleDescriptor[]): RecurringJob[] {
  const { db, config } = context;
  const jobs: RecurringJob[] = [
    { name: "prune-sessions", everyMs: 10 * MINUTE, run: (now) => pruneSessions(db, now) },
    { name: "prune-idempotency-keys", everyMs: 60 * MINUTE, run: (now) => pruneIdempotencyKeys(db, now) },
    {
      name: "sweep-outbox",
      everyMs: OUTBOX_SWEEP_EVERY_MS,
      run: async (now) => sweepOutbox(outboxDir(config.dataDir), now),
    },
    ...modules.flatMap((module) => module.housekeeping?.(context) ?? []),
  ];
  // The embedded database kept on disk; one in memory (tests) is gone before its statistics matter.
  const driver = driverOf(db);
  if (driver.kind === "pglite" && driver.client.dataDir) {
    jobs.push({ name: "planner-statistics", everyMs: 60 * MINUTE, run: () => gatherPlannerStatistics(db) });
  }
  return jobs;
}

/** The housekeeping's jobs on the scheduler, the modules' with the app's own. */
export function housekeepingJobs(context: AppContext, modules: readonly ModuleDescriptor[]): void {
  for (const job of recurringJobs(context, modules)) context.scheduler.every(job.name, job.everyMs, job.run);
}
