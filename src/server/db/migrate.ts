import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type pg from "pg";
import type { Database } from "./client";

/** The committed migrations folder, found from the source tree and from the built bundle alike. */
export function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, "drizzle");
    if (existsSync(join(candidate, "meta", "_journal.json"))) return candidate;
    dir = resolve(dir, "..");
  }
  throw new Error("The drizzle/ migrations folder was not found");
}

/**
 * The advisory lock key every server process takes to migrate a PostgreSQL database: any fixed
 * number (the login limits lock by a 64-bit hash of their keys; meeting this one would only make
 * one of them wait).
 */
const MIGRATION_LOCK = 4_217_340_001;

/**
 * Runs `work` holding the migration lock, on PostgreSQL: a session advisory lock, held on one
 * connection of its own while the work runs on others, so that whatever two processes starting
 * together create (the migrations' tables, the `drizzle` schema, the job queue's `pgboss` schema)
 * is created by one of them, and the other then finds it made. The lock is taken in a statement of
 * its own, before the work's first transaction: a transaction begun after it reads the catalog as
 * the other process left it (PostgreSQL does not refresh its cached catalog when an advisory lock is
 * granted inside a transaction, so `CREATE SCHEMA IF NOT EXISTS` after one can still collide).
 * PGlite has one process by design (the data-dir lock): the work just runs.
 */
export async function withMigrationLock<T>(
  database: Pick<Database, "db" | "kind">,
  work: (client?: pg.PoolClient) => Promise<T>,
): Promise<T> {
  if (database.kind === "pglite") return work();
  const pool = (database.db as unknown as NodePgDatabase & { $client: pg.Pool }).$client;
  const client = await pool.connect();
  let result: T;
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    result = await work(client);
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
  } catch (error) {
    // The connection is closed rather than returned: its session ends, and the lock with it.
    client.release(true);
    throw error;
  }
  client.release();
  return result;
}

/**
 * Applies every pending migration (of `folder`, tests give another). Safe to run at every start,
 * and by several processes at once: each waits for the migration lock (`withMigrationLock`), so
 * one process migrates and the others then find nothing left to do (drizzle's migrator alone would
 * run the same `CREATE TABLE` twice).
 */
export async function migrate(database: Database, folder = migrationsFolder()): Promise<void> {
  const config = { migrationsFolder: folder };
  if (database.kind === "pglite") {
    await migratePglite(database.db as unknown as PgliteDatabase, config);
    return;
  }
  await withMigrationLock(database, (client) => migratePg(drizzle(client!), config));
}
