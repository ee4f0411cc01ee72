import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
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

/** Wraps an already-open PGlite instance (in memory in tests, a directory in production). */
export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, kind: "pglite", close: () => client.close() };
}

/** Opens the embedded database in DATA_DIR/db. The caller must hold the data directory lock. */
export async function openPglite(dataDir: string): Promise<Database> {
  const dir = join(dataDir, "db");
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir);
  return fromPglite(client);
}
