import type { FastifyBaseLogger } from "fastify";
import type { JobWithMetadata, Queue } from "pg-boss";
import { type Db, driverOf, type Tx } from "../db/client";
import { withMigrationLock } from "../db/migrate";
import { openJobQueue, within } from "./job-queue";
import type { Clock } from "./session-store";

/**
 * Every timed job of the server (reminders, pruning, sweeps) goes through this seam, backed by
 * pg-boss on the embedded database and on PostgreSQL alike: pg-boss keeps the jobs in its own
 * schema (`pgboss`) and hands each due job to one process only (SELECT ... FOR UPDATE SKIP LOCKED),
 * so any number of processes run each job once. Which jobs are due is decided by the database's
 * clock, and what runs them is `runDue()`: every `POLL_MS` in the background in production; in tests
 * only when the test calls it, after moving the app's clock (docs/decisions/0006).
 */

export { JOB_SCHEMA } from "./job-queue";
/** How often a process looks for due jobs in the background. */
export const POLL_MS = 5_000;
/** How often a process checks that each recurring job has its next run queued. */
const ENSURE_EVERY_MS = 60_000;
/**
 * Jobs of one queue claimed at a time, and run side by side: each waits mostly on the database
 * (a family's reminders round is dozens of queries), so ten at once use the connection pool where
 * one after another left it idle (scripts/bench-reminders.ts: 10,000 tasks due in one minute).
 */
const BATCH_SIZE = 10;
/**
 * Rounds of claiming in one `runDue()`: a job may queue another that is due at once (a reminder
 * that escalates), which the next round runs; the bound stops a job that always does from looping.
 */
const MAX_ROUNDS = 20;
/** The key under which a recurring job's next run waits (one per recurring job). */
export const NEXT_RUN = "next";

/** A job as its handler receives it. */
export interface Job<T> {
  id: string;
  /** The key it was scheduled under (`schedule(queue, key, ...)`). */
  key: string;
  data: T;
  /** The app's time as the job runs. */
  now: Date;
}

export type JobHandler<T> = (job: Job<T>) => Promise<unknown>;

export interface WorkOptions {
  /** How many more times a job whose handler throws is tried (default 2). */
  retryLimit?: number;
  /** Seconds before a retry (default 0); doubled at each retry with `retryBackoff`. */
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** How long a job may run before it counts as failed, e.g. its process stopped (default 15 minutes). */
  expireInSeconds?: number;
}

/** When a job runs and with what, as scheduled. */
export interface ScheduledJob<T> {
  runAt: Date;
  data: T;
}

export interface Scheduler {
  /**
   * Declares `queue` and the handler this process runs its jobs with. Before the app is ready
   * (a module's jobs function, called by `buildApp`). A handler that throws is retried (options).
   */
  work<T>(queue: string, handler: JobHandler<T>, options?: WorkOptions): void;
  /**
   * A job that runs every `everyMs`, once across all processes, at the multiples of `everyMs` since
   * the epoch (every 15 minutes: at :00, :15, :30, :45). A run missed while no process was up is
   * made up once, not once per missed period. Before the app is ready, like `work`.
   */
  every(name: string, everyMs: number, run: (now: Date) => Promise<unknown>): void;
  /**
   * Runs the job `key` of `queue` at `runAt` (the app's time) with `data`, replacing the job of
   * that key that has not run yet: rescheduling a key moves its job. Given the transaction `tx`, the
   * job is written in it, so it is kept only if the transaction commits. Inside a transaction, always
   * pass it: on the embedded database a write outside it waits for it to end, which never comes.
   */
  schedule<T extends object | null>(queue: string, key: string, runAt: Date, data: T, tx?: Tx): Promise<void>;
  /** Cancels the job `key` of `queue` that has not run yet; whether there was one. */
  cancel(queue: string, key: string, tx?: Tx): Promise<boolean>;
  /** The keys of `queue` whose job has not run yet (one read, for a sweep over many keys). */
  waitingKeys(queue: string): Promise<Set<string>>;
  /** The job `key` of `queue` that has not run yet, if any. */
  scheduled<T>(queue: string, key: string, tx?: Tx): Promise<ScheduledJob<T> | undefined>;
  /**
   * Runs every job that is due (by the app's clock under test, the database's otherwise), round
   * after round until none is left, and answers how many ran. In production the scheduler calls it
   * every `POLL_MS`; a test moves its clock on, then awaits it.
   */
  runDue(): Promise<number>;
  /** Installs or updates pg-boss's schema, creates the declared queues and starts polling (unless manual). */
  start(): Promise<void>;
  /** Stops polling and waits for the jobs running to finish. */
  stop(): Promise<void>;
}

export interface SchedulerOptions {
  db: Db;
  /** The app's clock: a recurring job's next time and the `now` a handler is given. */
  clock: Clock;
  log: Pick<FastifyBaseLogger, "warn">;
  /**
   * Tests: nothing runs by itself (no polling, none of pg-boss's own timers); due jobs run when the
   * test calls `runDue()`, the first call of which queues the recurring jobs' first runs (as of the
   * start).
   */
  manual?: boolean;
  /**
   * Tests: makes the database's job clock read the app's time, called at the start of each
   * `runDue()` (tests/helpers/job-clock.ts).
   */
  setDatabaseTime?: (now: Date) => Promise<void>;
}

interface Declared {
  run: JobHandler<unknown>;
  queue: Omit<Queue, "name">;
  /** Recurring jobs only: their period. */
  everyMs?: number;
}

/** The first multiple of `everyMs` since the epoch after `now`. */
export function nextSlot(now: Date, everyMs: number): Date {
  return new Date((Math.floor(now.getTime() / everyMs) + 1) * everyMs);
}

export function createScheduler(options: SchedulerOptions): Scheduler {
  const { db, clock, log, manual = false } = options;
  const { boss, queuesWithDueJobs, queuesWithWaitingRun, waitingKeys } = openJobQueue(db, clock, manual);
  boss.on("error", (error: Error) => log.warn({ fault: error?.name }, "job queue error"));

  const declared = new Map<string, Declared>();
  let state: "new" | "started" | "stopped" = "new";
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let ensuredAt = Number.NEGATIVE_INFINITY;
  /** Under test: the app's time at start, from which the first runs are queued by the first runDue(). */
  let startedAt: Date | undefined;

  const transaction = <R>(tx: Tx | undefined, work: (tx: Tx) => Promise<R>): Promise<R> =>
    tx ? work(tx) : db.transaction(work);
  const declare = (name: string, entry: Declared) => {
    if (state !== "new") throw new Error(`The job queue "${name}" is declared after the scheduler started`);
    if (declared.has(name)) throw new Error(`The job queue "${name}" is declared twice`);
    declared.set(name, entry);
  };
  const declaredQueue = (name: string) => {
    if (!declared.has(name)) throw new Error(`No job queue "${name}": declare it with work() first`);
    if (state !== "started") throw new Error("The scheduler is not running");
  };

  /**
   * Queues each recurring job's next run, unless one is waiting (another process's, or an earlier
   * one). Its queue allows one waiting run, so two processes doing this at once queue one.
   */
  async function ensureRecurring(now: Date) {
    ensuredAt = clock().getTime();
    const recurring = [...declared].filter(([, entry]) => entry.everyMs).map(([name]) => name);
    const waiting = new Set(await queuesWithWaitingRun(recurring, NEXT_RUN));
    for (const name of recurring) {
      const { everyMs } = declared.get(name)!;
      if (!waiting.has(name) && everyMs) {
        await boss.send(name, null, { singletonKey: NEXT_RUN, startAfter: nextSlot(now, everyMs) });
      }
    }
  }

  async function runJob(name: string, entry: Declared, job: JobWithMetadata<unknown>) {
    const now = clock();
    try {
      // The next run first: it stays queued whatever this one does.
      if (entry.everyMs) {
        await boss.send(name, null, { singletonKey: NEXT_RUN, startAfter: nextSlot(now, entry.everyMs) });
      }
      await entry.run({ id: job.id, key: job.singletonKey ?? "", data: job.data, now });
      await boss.complete(name, job.id);
    } catch (error) {
      // By its name only: a message may quote a record.
      const fault = (error as Error)?.name ?? "Error";
      log.warn({ job: name, fault }, "a scheduled job failed");
      await boss.fail(name, job.id, { fault }).catch(() => {});
    }
  }

  async function runDueJobs(): Promise<number> {
    if (state !== "started") return 0;
    const now = clock();
    await options.setDatabaseTime?.(now);
    if (startedAt) {
      // Under test, the first runs are queued as of the start, when first asked for: most test apps
      // never run what is due. Nothing stops half-way there, so nothing needs queueing again.
      await ensureRecurring(startedAt);
      startedAt = undefined;
    } else if (!manual && now.getTime() - ensuredAt >= ENSURE_EVERY_MS) {
      await ensureRecurring(now);
    }
    let total = 0;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      let ran = 0;
      for (const name of await queuesWithDueJobs([...declared.keys()])) {
        if (state !== "started") return total + ran;
        const jobs = await boss.fetch(name, { batchSize: BATCH_SIZE, includeMetadata: true });
        // runJob never throws: a job that fails is marked failed, and the others go on.
        await Promise.all(jobs.map((job) => runJob(name, declared.get(name)!, job)));
        ran += jobs.length;
      }
      total += ran;
      if (ran === 0) break;
    }
    return total;
  }

  function poll() {
    timer = setTimeout(async () => {
      try {
        await scheduler.runDue();
      } catch (error) {
        log.warn({ fault: (error as Error)?.name }, "looking for due jobs failed");
      }
      if (state === "started") poll();
    }, POLL_MS);
    timer.unref();
  }

  const scheduler: Scheduler = {
    work(queue, handler, options = {}) {
      declare(queue, {
        run: handler as JobHandler<unknown>,
        queue: {
          retryLimit: options.retryLimit ?? 2,
          retryDelay: options.retryDelaySeconds ?? 0,
          retryBackoff: options.retryBackoff ?? false,
          ...(options.expireInSeconds ? { expireInSeconds: options.expireInSeconds } : {}),
        },
      });
    },

    every(name, everyMs, run) {
      if (!Number.isInteger(everyMs) || everyMs < 1000)
        throw new Error(`"${name}" runs at most every second`);
      declare(name, {
        run: (job) => run(job.now),
        // One run waiting at a time ("short"), not tried again (the next one is queued already),
        // and forgotten an hour after it ran.
        queue: { policy: "short", retryLimit: 0, deleteAfterSeconds: 60 * 60 },
        everyMs,
      });
    },

    async schedule(queue, key, runAt, data, tx) {
      declaredQueue(queue);
      // An update of the waiting job, or an insert: one transaction (the caller's, or one of its own).
      await transaction(tx, (t) =>
        boss.upsert(queue, data, { singletonKey: key, startAfter: runAt, ...within(t) }),
      );
    },

    async cancel(queue, key, tx) {
      declaredQueue(queue);
      return transaction(tx, async (t) => {
        const ids = (await boss.findJobs(queue, { key, queued: true, ...within(t) })).map((job) => job.id);
        if (ids.length > 0) await boss.cancel(queue, ids, within(t));
        return ids.length > 0;
      });
    },

    async waitingKeys(queue) {
      declaredQueue(queue);
      return new Set(await waitingKeys(queue));
    },

    async scheduled<T>(queue: string, key: string, tx?: Tx) {
      declaredQueue(queue);
      const jobs = await boss.findJobs<T>(queue, { key, queued: true, ...(tx ? within(tx) : {}) });
      const job = jobs.at(-1);
      return job ? { runAt: new Date(job.startAfter), data: job.data } : undefined;
    },

    runDue() {
      // One at a time in a process: the background poll and a caller never claim side by side.
      const run = running.then(runDueJobs);
      running = run.catch(() => {});
      return run;
    },

    async start() {
      if (state !== "new") return;
      // pg-boss creates its schema, and a table per queue, at its first start: under the migration
      // lock, so that two processes starting together do not both create them.
      await withMigrationLock({ db, kind: driverOf(db).kind }, async () => {
        await boss.start();
        const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
        for (const [name, entry] of declared) {
          if (!existing.has(name)) await boss.createQueue(name, entry.queue);
        }
      });
      state = "started";
      if (manual) startedAt = clock();
      else await ensureRecurring(clock());
      if (!manual) poll();
    },

    async stop() {
      if (state !== "started") {
        state = "stopped";
        return;
      }
      state = "stopped";
      clearTimeout(timer);
      await running;
      await boss.stop({ close: false, graceful: true, timeout: 10_000 });
    },
  };
  return scheduler;
}
