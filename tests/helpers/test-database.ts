import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import pg from "pg";
import { type Database, fromPglite, openPostgres } from "../../src/server/db/client";
import { migrate } from "../../src/server/db/migrate";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server of TEST_DATABASE_URL (created here and dropped by `drop`).
 */
export async function createTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = fromPglite(await PGlite.create());
    await migrate(database);
    return { database, drop: () => database.close() };
  }
  const name = `mct_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = openPostgres(target.href);
  await migrate(database);
  return {
    database,
    async drop() {
      await database.close();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Runs raw SQL in a test and returns its rows (for checking what was stored). */
export async function queryRows(database: Database, query: SQL): Promise<Record<string, unknown>[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}
