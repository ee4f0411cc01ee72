import { sql } from "drizzle-orm";
import { type Clock as BossClock, type Db as BossDb, fromDrizzle, fromPglite, PgBoss } from "pg-boss";
import { type Db, type Driver, driverOf, type Tx } from "../db/client";
import type { Clock } from "./session-store";

/**
 * pg-boss on the app's database, for the scheduler (`scheduler.ts`), and the two looks the scheduler
 * takes at pg-boss's own job table (its name, state, singleton key and start time columns, in
 * pg-boss 12): pg-boss answers one queue per call, and these answer for all of them in one query.
 * The version is pinned; the scheduler's tests run every job through both.
 */

/** The schema pg-boss keeps its tables and functions in, beside the app's `public`. */
export const JOB_SCHEMA = "pgboss";

/** pg-boss's statements on the app's database: PGlite's own adapter, or the app's PostgreSQL pool. */
function jobDatabase(driver: Driver): BossDb {
  if (driver.kind === "pglite") return fromPglite(driver.client);
  const { pool } = driver;
  return {
    async executeSql(text, values) {
      // Several statements in one text (pg-boss's locked blocks) answer a result each.
      const result = (await pool.query(text, values)) as unknown as
        | { rows: unknown[] }
        | { rows: unknown[] }[];
      return Array.isArray(result) ? { rows: result.flatMap((part) => part.rows ?? []) } : result;
    },
  };
}

/** Under test, pg-boss's own timers (maintenance, caches) never fire: nothing runs unless asked. */
function stillClock(clock: Clock): BossClock {
  return {
    now: () => clock().getTime(),
    setTimeout: () => null,
    clearTimeout: () => {},
    setInterval: () => null,
    clearInterval: () => {},
  };
}

/** pg-boss's statements inside the app's transaction `tx` (its `db` option). */
export const within = (tx: Tx) => ({ db: fromDrizzle(tx as Parameters<typeof fromDrizzle>[0], sql) });

/**
 * pg-boss on `db`, not started. `manual`: none of its timers fire (no maintenance), and its clock
 * is the app's.
 */
export function openJobQueue(db: Db, clock: Clock, manual: boolean) {
  const driver = driverOf(db);
  const boss = new PgBoss({
    db: jobDatabase(driver),
    backend: driver.kind,
    schema: JOB_SCHEMA,
    // Recurring jobs are the scheduler's (`every`), so that tests drive them like every other job.
    schedule: false,
    // Maintenance: deleting finished jobs, failing those of a process that stopped mid-run.
    supervise: !manual,
    registerInstance: false,
    openTelemetry: { enabled: false },
    ...(manual ? { clock: stillClock(clock) } : {}),
  });
  const names = async (query: string, values: unknown[]): Promise<string[]> =>
    (await boss.getDb().executeSql(query, values)).rows.map((row: { name: string }) => row.name);
  return {
    boss,
    /** Which of `queues` have a job due by the database's job clock (one fetch per queue spared). */
    queuesWithDueJobs: (queues: string[]) =>
      names(
        `select distinct name from ${JOB_SCHEMA}.job
         where name = any($1::text[]) and state in ('created', 'retry') and not blocked
           and start_after <= ${JOB_SCHEMA}.job_now()`,
        [queues],
      ),
    /** Which of `queues` have a job of `key` waiting to run. */
    queuesWithWaitingRun: (queues: string[], key: string) =>
      names(
        `select distinct name from ${JOB_SCHEMA}.job
         where name = any($1::text[]) and singleton_key = $2 and state = 'created'`,
        [queues, key],
      ),
    /** The keys of `queue` with a job waiting to run (or to be tried again). */
    waitingKeys: async (queue: string): Promise<string[]> =>
      (
        await boss.getDb().executeSql(
          `select distinct singleton_key as key from ${JOB_SCHEMA}.job
             where name = $1 and state in ('created', 'retry') and singleton_key is not null`,
          [queue],
        )
      ).rows.map((row: { key: string }) => row.key),
  };
}
