import { Readable } from "node:stream";
import type { PGlite, Transaction } from "@electric-sql/pglite";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { type Db, driverOf } from "../../db/client";
import * as schema from "../../db/schema/index";
import { inErasedFiles } from "../../lib/erasure";
import {
  type ArchiveWriter,
  DATA_DIR_PART,
  type DumpKind,
  type Manifest,
  PG_DUMP_PART,
  tablePart,
} from "./backup-archive";
import { connectionOf, type PgTools, runTool, toolMajorVersion } from "./pg-tools";

/**
 * The database into a backup, as its kind allows: the embedded database's whole data directory
 * (PGlite's `dumpDataDir`), PostgreSQL through `pg_dump` when the machine has it, and otherwise
 * the app's own dump of its tables (a JSON line per row, as PostgreSQL's `row_to_json` writes it,
 * read back by `json_populate_recordset`, so every value keeps its exact type). Each is taken in
 * one snapshot, with the rows each table holds in it counted for the manifest.
 */

/** Tables whose rows follow from others' (kept by triggers, migration 0010): a restore rebuilds them. */
const DERIVED_TABLES = new Set(["record_counts"]);

/** A table's name quoted for SQL (the names are the schema's own). */
export const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The app's tables (db/schema), each after every table it refers to: the order a restore writes
 * them in. A cycle of references would have no such order, and is refused.
 */
export function appTables(): string[] {
  const references = new Map<string, string[]>();
  for (const value of Object.values(schema)) {
    if (!(value instanceof PgTable)) continue;
    const config = getTableConfig(value);
    if (config.schema && config.schema !== "public") continue;
    references.set(
      config.name,
      config.foreignKeys.map((key) => getTableConfig(key.reference().foreignTable).name),
    );
  }
  const ordered: string[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (name: string, path: string[]) => {
    if (state.get(name) === "done") return;
    if (state.get(name) === "visiting")
      throw new Error(`Tables refer to each other: ${[...path, name].join(" -> ")}`);
    state.set(name, "visiting");
    for (const target of [...new Set(references.get(name) ?? [])].sort()) {
      if (target !== name) visit(target, [...path, name]);
    }
    state.set(name, "done");
    ordered.push(name);
  };
  for (const name of [...references.keys()].sort()) visit(name, []);
  return ordered.filter((name) => !DERIVED_TABLES.has(name));
}

/** Statements run in one transaction of the database: its snapshot, for a dump. */
export interface SqlSession {
  rows<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

const pgliteSession = (tx: Transaction | PGlite): SqlSession => ({
  rows: async <T>(text: string, params?: unknown[]) => (await tx.query<T>(text, params)).rows,
});

/**
 * Runs `work` in one transaction: read-only and repeatable read for a dump (every statement sees
 * the database as at its start), or writing for a restore. On the embedded database a
 * transaction holds the database: nobody else's statement runs until it ends.
 */
export async function inTransaction<T>(
  db: Db,
  mode: "snapshot" | "write",
  work: (session: SqlSession) => Promise<T>,
): Promise<T> {
  const driver = driverOf(db);
  if (driver.kind === "pglite") return driver.client.transaction((tx) => work(pgliteSession(tx)));
  const client = await driver.pool.connect();
  try {
    await client.query(mode === "snapshot" ? "begin isolation level repeatable read read only" : "begin");
    const result = await work({
      rows: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
    });
    await client.query("commit");
    client.release();
    return result;
  } catch (error) {
    await client.query("rollback").catch(() => {});
    client.release(true);
    throw error;
  }
}

/** How many rows each of `tables` holds (one statement). */
export async function countRows(
  session: SqlSession,
  tables: readonly string[],
): Promise<Record<string, number>> {
  if (tables.length === 0) return {};
  const text = tables
    .map((table, i) => `select ${i} as i, count(*)::int as n from ${quoted(table)}`)
    .join(" union all ");
  const counted = new Map((await session.rows<{ i: number; n: number }>(text)).map((row) => [row.i, row.n]));
  return Object.fromEntries(tables.map((table, i) => [table, counted.get(i) ?? 0]));
}

/** How many of the app's migrations the database holds. */
export async function migrationCount(session: SqlSession): Promise<number> {
  const [row] = await session.rows<{ n: number }>(
    "select count(*)::int as n from drizzle.__drizzle_migrations",
  );
  return row?.n ?? 0;
}

/** Rows fetched at a time from a table's cursor. */
const PAGE = 500;

/** A table's rows as JSON lines, read through a cursor in the session's transaction. */
export async function* tableLines(session: SqlSession, table: string): AsyncGenerator<string> {
  const cursor = `dump_${table}`;
  await session.rows(
    `declare ${quoted(cursor)} no scroll cursor for select row_to_json(t)::text as j from ${quoted(table)} t`,
  );
  try {
    for (;;) {
      const rows = await session.rows<{ j: string }>(`fetch forward ${PAGE} from ${quoted(cursor)}`);
      if (rows.length === 0) break;
      yield rows.map((row) => `${row.j}\n`).join("");
      if (rows.length < PAGE) break;
    }
  } finally {
    await session.rows(`close ${quoted(cursor)}`);
  }
}

/** What the database part of a manifest says. */
export type DatabaseEntry = Manifest["database"];

export interface DumpOptions {
  db: Db;
  /** pg_dump and pg_restore, or null to dump the app's tables. */
  pgTools: PgTools | null;
  /** Dump the app's tables, whatever the database (the app's own dump, tested on both). */
  tables?: boolean;
  log: { info(message: string): void };
}

/** Writes the database into the archive; answers the manifest's entry for it. */
export async function writeDatabase(options: DumpOptions, writer: ArchiveWriter): Promise<DatabaseEntry> {
  const driver = driverOf(options.db);
  const tables = appTables();
  if (options.tables) return writeTables(options.db, driver.kind, tables, writer);
  if (driver.kind === "pglite") {
    const client = driver.client;
    // What the buffers hold goes to the files first, so the copy needs no recovery to open.
    await client.exec("checkpoint");
    // The rows deletions left in the files are erased first (lib/erasure.ts), as the job that
    // would erase them a little later does: a copy keeps whatever its files hold for months. In
    // the transaction nobody else's statement runs: the rows counted are the files copied.
    const { copied: taken, erased } = await inErasedFiles(options.db, async (tx) => {
      const session = pgliteSession(tx);
      const counts = await countRows(session, tables);
      const migrations = await migrationCount(session);
      const tar = await client.dumpDataDir("none");
      return { counts, migrations, tar };
    });
    if (erased.length > 0) {
      options.log.info(
        `Rows deleted since the last erasure erased from ${erased.length} tables before the copy`,
      );
    }
    await writer.add(DATA_DIR_PART, Buffer.from(await taken.tar.arrayBuffer()));
    return { kind: "pglite", dump: "pglite-data-dir", migrations: taken.migrations, counts: taken.counts };
  }
  // pg_dump reads the database the app's pool is connected to.
  const url = driver.pool.options.connectionString;
  const tools = options.pgTools && url ? await usablePgDump(options) : null;
  if (!tools || !url) return writeTables(options.db, "postgres", tables, writer);
  const { dbname, env } = connectionOf(url);
  return inTransaction(options.db, "snapshot", async (session) => {
    // pg_dump reads the database as this transaction sees it: the rows counted are the rows dumped.
    const [{ snapshot } = { snapshot: "" }] = await session.rows<{ snapshot: string }>(
      "select pg_export_snapshot() as snapshot",
    );
    const counts = await countRows(session, tables);
    const migrations = await migrationCount(session);
    const run = runTool(
      tools.pgDump,
      ["--format=custom", "--no-owner", "--no-privileges", `--snapshot=${snapshot}`, `--dbname=${dbname}`],
      env,
    );
    run.child.stdin?.end();
    try {
      // Its custom format is compressed already: stored as it is.
      await Promise.all([writer.add(PG_DUMP_PART, run.child.stdout!, { store: true }), run.done]);
    } catch (error) {
      run.child.kill();
      await run.done.catch(() => {});
      throw error;
    }
    return { kind: "postgres", dump: "pg_dump", migrations, counts } satisfies DatabaseEntry;
  });
}

/** pg_dump when it can dump this server (it refuses a newer PostgreSQL than itself). */
async function usablePgDump(options: DumpOptions): Promise<PgTools | null> {
  const tools = options.pgTools!;
  const [tool, server] = await Promise.all([
    toolMajorVersion(tools.pgDump),
    inTransaction(options.db, "snapshot", async (session) => {
      const [row] = await session.rows<{ v: number }>(
        "select current_setting('server_version_num')::int as v",
      );
      return Math.floor((row?.v ?? 0) / 10000);
    }),
  ]);
  if (tool >= server) return tools;
  options.log.info(
    `pg_dump ${tool} cannot dump PostgreSQL ${server}: the backup holds the app's own dump of its tables instead`,
  );
  return null;
}

/** The app's own dump: each table's rows as JSON lines, all read in one snapshot. */
async function writeTables(
  db: Db,
  kind: "pglite" | "postgres",
  tables: readonly string[],
  writer: ArchiveWriter,
): Promise<DatabaseEntry> {
  return inTransaction(db, "snapshot", async (session) => {
    const counts = await countRows(session, tables);
    const migrations = await migrationCount(session);
    for (const table of tables) await writer.add(tablePart(table), Readable.from(tableLines(session, table)));
    return { kind, dump: "tables" as DumpKind, migrations, counts };
  });
}
