import type { Transaction } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { type Db, driverOf, type Tx } from "../db/client";
import { JOB_SCHEMA } from "./job-queue";
import type { Scheduler } from "./scheduler";
import type { Clock } from "./session-store";

/**
 * Deleted means gone from the embedded database's files too (docs/security.md, "Deleted records").
 * PostgreSQL, the embedded one included, does not remove a deleted row from its files: the row stays
 * in its table's page until that space is reused, and in the write-ahead log (pg_wal) until the
 * segment is reused. A plain VACUUM frees the row's space but leaves its bytes in the page when it
 * was the last row written there (the page's free space is not cleared), and a checkpoint recycles
 * old log segments under new names without clearing them. So, after a deletion, the tables it
 * touched are rewritten (`VACUUM FULL`: new files holding only the live rows; the old ones are
 * emptied at once and removed at the next checkpoint), and the log is moved on to new segments with
 * recycling off, so the segments that held the deleted rows are removed rather than kept for reuse.
 *
 * Rewriting a table locks it and costs a read and a write of all of it, so it does not run at every
 * deletion: a deletion schedules one job (`ERASE_QUEUE`), in its own transaction, that runs once
 * deletions have been quiet for `ERASE_QUIET_MS`, and at the latest `ERASE_MAX_WAIT_MS` after the
 * first one it waits for, for all the tables they touched. Only the embedded database kept on disk
 * does this; on PostgreSQL (a shared server) a VACUUM FULL would block every process, and its own
 * autovacuum frees the space (what that does and does not guarantee: docs/security.md).
 *
 * A copy of the files (a backup's, `inErasedFiles`) does not wait for the job: it erases first what
 * the job would, so that no copy keeps a deleted row for as long as the copy is kept.
 */
export const ERASE_QUEUE = "erase-deleted";
/** The one job of the queue: every deletion moves it. */
export const ERASE_KEY = "database";
/** How long after the last deletion the tables are rewritten: a few deletions in a row are one job. */
export const ERASE_QUIET_MS = 30 * 1000;
/** However many deletions follow, the first waits no longer than this. */
export const ERASE_MAX_WAIT_MS = 2 * 60 * 1000;

interface EraseJob {
  /** The tables the deletions touched (before the tables their cascades reach are added). */
  tables: string[];
  /** When the first deletion this job waits for was made (ISO). */
  since: string;
}

export interface Erasure {
  /**
   * Says, inside the transaction that deletes, that rows of `tables` were deleted (or changed to
   * forget something): the job that rewrites them is scheduled (or moved) in the same transaction.
   * The tables a deleted row's cascades reach are found by the job itself.
   */
  soon(tx: Tx, tables: readonly string[]): Promise<void>;
}

/**
 * The erasure of deleted rows on the embedded database kept on disk; on any other database, nothing.
 * Declares its queue on `scheduler`: call before the app is ready.
 */
export function createErasure({
  db,
  scheduler,
  clock,
  log,
}: {
  db: Db;
  scheduler: Scheduler;
  clock: Clock;
  log: Pick<FastifyBaseLogger, "info">;
}): Erasure {
  const driver = driverOf(db);
  if (driver.kind !== "pglite" || !driver.client.dataDir) return { soon: async () => {} };
  scheduler.work<EraseJob>(ERASE_QUEUE, async ({ data }) => {
    const started = Date.now();
    const tables = await eraseDeletedRows(db, data.tables);
    log.info({ tables: tables.length, ms: Date.now() - started }, "deleted rows erased from the files");
  });
  return {
    async soon(tx, tables) {
      const now = clock();
      const waiting = await scheduler.scheduled<EraseJob>(ERASE_QUEUE, ERASE_KEY, tx);
      const since = waiting ? new Date(waiting.data.since) : now;
      const runAt = new Date(Math.min(now.getTime() + ERASE_QUIET_MS, since.getTime() + ERASE_MAX_WAIT_MS));
      const all = [...new Set([...(waiting?.data.tables ?? []), ...tables])].sort();
      await scheduler.schedule<EraseJob>(
        ERASE_QUEUE,
        ERASE_KEY,
        runAt,
        { tables: all, since: since.toISOString() },
        tx,
      );
    },
  };
}

/** A name as SQL writes an identifier: in double quotes, a quote inside doubled. */
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The tables of `names` in the public schema (those that still exist), with every table whose rows
 * their deletions delete or change by a foreign key (ON DELETE CASCADE, SET NULL, SET DEFAULT),
 * and so on: a deleted family takes every table of its records.
 */
async function withCascades(db: Db, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const listed = sql.join(
    names.map((name) => sql`${name}`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    with recursive touched(oid) as (
      select c.oid from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and c.relname in (${listed})
      union
      select k.conrelid from pg_catalog.pg_constraint k
        join touched t on k.confrelid = t.oid
        where k.contype = 'f' and k.confdeltype in ('c', 'n', 'd')
    )
    select c.relname as name from touched t join pg_catalog.pg_class c on c.oid = t.oid
    order by c.relname`)) as unknown as { rows: { name: string }[] };
  return result.rows.map((row) => row.name);
}

/**
 * Rewrites `tables` and what their cascades reach, then moves the write-ahead log past every segment
 * that held what was deleted, and removes those segments. Answers the tables rewritten. Runs outside
 * any transaction (VACUUM cannot run inside one); the embedded database's other queries wait.
 */
export async function eraseDeletedRows(db: Db, tables: readonly string[]): Promise<string[]> {
  const rewritten = await withCascades(db, tables);
  if (rewritten.length > 0) await db.execute(sql.raw(`vacuum full ${rewritten.map(quoted).join(", ")}`));
  // Segments older than the checkpoint are removed instead of renamed for reuse (this connection
  // is the embedded database's only one, so the setting stays for later checkpoints too).
  await db.execute(sql`set wal_recycle = off`);
  // Segments already kept for reuse lie ahead of the one being written, with what they held before:
  // the log is moved past each of them, then into a new segment, and the checkpoint after each move
  // removes the segments behind it.
  const ahead = (await db.execute(sql`
    select count(*)::int as count from pg_catalog.pg_ls_waldir()
    where name ~ '^[0-9A-F]{24}$' and name > pg_catalog.pg_walfile_name(pg_catalog.pg_current_wal_lsn())
  `)) as unknown as { rows: { count: number }[] };
  for (let move = 0; move <= (ahead.rows[0]?.count ?? 0); move++) {
    await db.execute(sql`select pg_catalog.pg_switch_wal()`);
    await db.execute(sql`checkpoint`);
  }
  return rewritten;
}

/** How many times a copy erases before it gives up: each time a deletion came in meanwhile. */
const ERASE_BEFORE_COPY_ATTEMPTS = 3;

/** An erase job not finished yet, as its row is now: a deletion since moves the job (a new version). */
interface Unfinished {
  /** The job's id and its row's version (xmin): one of them differs once a deletion is added. */
  version: string;
  tables: string[];
}

/**
 * The erase jobs not finished: waiting, to be tried again, or running (or left running by a process
 * that stopped), read from pg-boss's job table as lib/job-queue.ts reads it; none before a server
 * has installed pg-boss's schema. `query` runs a statement in or out of a transaction.
 */
async function unfinishedErasures(
  query: (text: string) => Promise<{ rows: unknown[] }>,
): Promise<Unfinished[]> {
  const [schema] = (await query(`select to_regclass('${JOB_SCHEMA}.job') is not null as present`)).rows as {
    present: boolean;
  }[];
  if (!schema?.present) return [];
  const { rows } = await query(`
    select id::text || ' ' || xmin::text as version, data from ${JOB_SCHEMA}.job
    where name = '${ERASE_QUEUE}' and state in ('created', 'retry', 'active')
    order by id`);
  return (rows as { version: string; data: Partial<EraseJob> | null }[]).map((row) => ({
    version: row.version,
    tables: row.data?.tables ?? [],
  }));
}

/**
 * Runs `copy` in a transaction of the embedded database, where nothing else runs, once its files
 * hold none of the rows deletions left there: for a copy of the files (a backup), which would keep
 * them for as long as it is kept. Every erase job not finished yet (waiting, to be tried again, or
 * running) is done here first, as the job does it (`eraseDeletedRows`); the job still runs at its
 * time and rewrites those tables once more. If a deletion came in between, it is done again, up to
 * `ERASE_BEFORE_COPY_ATTEMPTS` times, then the copy is refused. With no deletion since the last
 * erasure it costs two looks at the job table. An embedded database in memory (tests) schedules no
 * erasure, so its copy is taken at once. Answers what `copy` answers, and the tables rewritten.
 */
export async function inErasedFiles<T>(
  db: Db,
  copy: (tx: Transaction) => Promise<T>,
): Promise<{ copied: T; erased: string[] }> {
  const driver = driverOf(db);
  if (driver.kind !== "pglite") throw new Error("Only the embedded database's files are copied");
  const { client } = driver;
  const erased = new Set<string>();
  for (let attempt = 1; attempt <= ERASE_BEFORE_COPY_ATTEMPTS; attempt++) {
    const owed = await unfinishedErasures((text) => client.query(text));
    if (owed.length > 0) {
      const tables = [...new Set(owed.flatMap((job) => job.tables))];
      for (const table of await eraseDeletedRows(db, tables)) erased.add(table);
    }
    const done = new Set(owed.map((job) => job.version));
    const taken = await client.transaction(async (tx) => {
      // A job that finished since is gone from the list; one that is new or has moved is a deletion
      // made after the erasure above.
      const now = await unfinishedErasures((text) => tx.query(text));
      if (now.some((job) => !done.has(job.version))) return undefined;
      return { copied: await copy(tx) };
    });
    if (taken) return { copied: taken.copied, erased: [...erased].sort() };
  }
  throw new Error(
    `Records were deleted while their rows were being erased, ${ERASE_BEFORE_COPY_ATTEMPTS} times in a row: the copy was not taken, so that it holds none of them`,
  );
}
