import { chmodSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { PGlite, type PGliteOptions, type Transaction, types } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema/index";

export type Schema = typeof schema;
/** The database handle, the same type for PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction, or the database itself: query functions accept either. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

// node-postgres: keep `date` columns as the yyyy-MM-dd text they are, never a JS Date at midnight UTC.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

/** Opens PostgreSQL at `url` (a pool). */
export function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection can fail (a database restart, a terminated backend): the pool replaces it.
  // Without a listener, node-postgres turns that error into a process crash.
  pool.on("error", (error) => {
    console.error(`PostgreSQL connection lost: ${error.message}`);
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return { db, kind: "postgres", close: () => pool.end() };
}

/**
 * The type parsers drizzle hands PGlite with every query (timestamps, dates and intervals stay
 * the text PostgreSQL sends; drizzle converts them itself). PGlite copies its whole parser table
 * into a new object for each query that brings its own, about 100 us of a 240 us query; a client
 * made by `createPglite` has them from the start, and its queries go without.
 */
const same = (value: string) => value;
const DRIZZLE_PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map(
    (type) => [type, same],
  ),
);
const withDrizzleParsers = new WeakSet<PGlite>();

/** A PGlite instance with drizzle's type parsers built in (see `DRIZZLE_PARSERS`). */
export async function createPglite(dataDir?: string, options: PGliteOptions = {}): Promise<PGlite> {
  const client = await PGlite.create(dataDir, options);
  // Set after start-up: PGlite derives each array type's parser from its element's as it starts.
  Object.assign(client.parsers, DRIZZLE_PARSERS);
  withDrizzleParsers.add(client);
  return client;
}

type QueryOptions = Parameters<PGlite["query"]>[2];
/** Drizzle's per-query parsers left out, for a client that already has them. */
const withoutParsers = (options: QueryOptions): QueryOptions =>
  options?.parsers ? { ...options, parsers: undefined } : options;

function queryingWithoutParsers<T extends PGlite | Transaction>(client: T): T {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === "query") {
        return (query: string, params?: unknown[], options?: QueryOptions) =>
          target.query(query, params, withoutParsers(options));
      }
      if (property === "transaction" && "transaction" in target) {
        return (work: (tx: Transaction) => Promise<unknown>) =>
          (target as PGlite).transaction((tx) => work(queryingWithoutParsers(tx)));
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** Wraps an already-open PGlite instance (in memory in tests, a directory in production). */
export function fromPglite(client: PGlite): Database {
  const driven = withDrizzleParsers.has(client) ? queryingWithoutParsers(client) : client;
  const db = drizzlePglite(driven, { schema }) as unknown as Db;
  return { db, kind: "pglite", close: () => client.close() };
}

/**
 * Opens the embedded database in DATA_DIR/db. The caller must hold the data directory lock.
 * PGlite unpacks a new database's first files readable by everyone (its archive's modes, whatever
 * the umask), so the folder is made owner-only once it is open; later files follow the umask.
 */
export async function openPglite(dataDir: string): Promise<Database> {
  const dir = join(dataDir, "db");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const client = await createPglite(dir);
  restrictToOwner(dir);
  return fromPglite(client);
}

/** chmod 700 on every folder and 600 on every file under `dir` (and `dir` itself). */
function restrictToOwner(dir: string): void {
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isSymbolicLink()) continue;
    chmodSync(join(entry.parentPath, entry.name), entry.isDirectory() ? 0o700 : 0o600);
  }
}

/**
 * Makes the data directory private: everything this process creates from now on is readable by
 * its user only (folders 700, files 600), whatever the umask it was started with. A folder that
 * others can already read is reported, not changed: an administrator may have meant it.
 */
export function prepareDataDir(dataDir: string, warn: (message: string) => void): void {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const mode = statSync(dataDir).mode & 0o777;
  if (mode & 0o077) {
    warn(
      `The data directory ${dataDir} can be read by other users of this machine (mode ${mode.toString(8)}). Run: chmod 700 ${dataDir}`,
    );
  }
}

/**
 * PostgreSQL keeps the query planner's statistics and visibility map itself (autovacuum); the
 * embedded database does not, and without them it sorts a ten-year list instead of reading the
 * index in order (25 ms instead of 0.1 ms for a page of symptoms) and counts rows from the table
 * instead of the index. So on PGlite: VACUUM ANALYZE at start, and again every hour (a recurring
 * job, `housekeeping.ts`). Nothing to do on PostgreSQL.
 */
export async function gatherPlannerStatistics(db: Db): Promise<void> {
  if (driverOf(db).kind !== "pglite") return;
  await db.execute(sql`vacuum analyze`);
}

/** The driver behind a database handle: the embedded database's instance, or PostgreSQL's pool. */
export type Driver = { kind: "pglite"; client: PGlite } | { kind: "postgres"; pool: pg.Pool };

/**
 * The driver `db` runs on, for a library that talks to the database itself (the job queue: it
 * needs PGlite's multi-statement `exec`, and shares the app's pool on PostgreSQL).
 */
export function driverOf(db: Db): Driver {
  const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
  return client instanceof pg.Pool ? { kind: "postgres", pool: client } : { kind: "pglite", client };
}
