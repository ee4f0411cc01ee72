import { sql } from "drizzle-orm";
import type { Database, Db } from "../../src/server/db/client";
import { createScheduler, JOB_SCHEMA } from "../../src/server/lib/scheduler";
import { systemClock } from "../../src/server/lib/session-store";

/**
 * Test databases only: pg-boss decides which jobs are due by `pgboss.job_now()`, which here reads
 * the time a test's app last looked for due jobs at (`pgboss.test_clock`, written by `runDue()`), and
 * the real time while that table is empty. So a test moves its app's clock on, calls
 * `t.scheduler.runDue()`, and the jobs due by then run, without waiting.
 */
const JOB_CLOCK = [
  `create table if not exists ${JOB_SCHEMA}.test_clock (id int primary key check (id = 1), now timestamptz not null)`,
  `create or replace function ${JOB_SCHEMA}.job_now() returns timestamptz language sql stable as
     $$ select coalesce((select now from ${JOB_SCHEMA}.test_clock where id = 1), pg_catalog.now()) $$`,
];

/** What the migrated test databases are made with, beside the migrations (the templates' cache key). */
export const JOB_SCHEMA_RECIPE = JOB_CLOCK.join(";");

/**
 * Installs pg-boss's schema (as a server does at its first start) and the test clock: once in the
 * templates the test databases are copied from, so that no test app pays for it.
 */
export async function installJobSchema(database: Database): Promise<void> {
  const scheduler = createScheduler({ db: database.db, clock: systemClock, log: console, manual: true });
  await scheduler.start();
  await scheduler.stop();
  for (const statement of JOB_CLOCK) await database.db.execute(sql.raw(statement));
}

/** Sets the job clock to `now` (the app's `jobs.setDatabaseTime`). */
export function jobClockOf(db: Db): (now: Date) => Promise<void> {
  return async (now) => {
    await db.execute(sql`
      insert into ${sql.raw(JOB_SCHEMA)}.test_clock (id, now) values (1, ${now.toISOString()})
      on conflict (id) do update set now = excluded.now`);
  };
}

/**
 * Forgets every job and the job clock: the embedded database a worker's test files share is left
 * as the next file expects it (no reminder of another file's, no recurring job due by another app's
 * clock, which may have been moved months on).
 */
export async function forgetJobs(db: Db): Promise<void> {
  await db.execute(sql.raw(`delete from ${JOB_SCHEMA}.job`));
  await db.execute(sql.raw(`delete from ${JOB_SCHEMA}.test_clock`));
}
