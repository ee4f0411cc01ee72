import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createTestDatabase, migratedPgliteDump, queryRows } from "../../../tests/helpers/test-database";
import { createPglite, type Database, fromPglite } from "./client";

describe.skipIf(!process.env.TEST_DATABASE_URL)("PostgreSQL connection pool", () => {
  it("survives its idle connections being terminated and serves the next query", async () => {
    const { database, drop } = await createTestDatabase();
    try {
      const [db] = await queryRows(database, sql`select current_database() as name`);
      // The pool now holds an idle connection. End it from outside, as a restart or an administrator would.
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [
        db!.name,
      ]);
      await admin.end();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await queryRows(database, sql`select 2 as n`)).toEqual([{ n: 2 }]);
    } finally {
      await drop();
    }
  });
});

describe("the embedded database's client", () => {
  it("gives drizzle the same values with its parsers built in as with them sent per query, in transactions too", async () => {
    const read = async (database: Database) => {
      const { db } = database;
      await db.execute(
        sql`create table t (d date, ts timestamptz, i interval, n numeric(6,2), ds date[], at timestamptz[])`,
      );
      await db.transaction(async (tx) => {
        await tx.execute(
          sql`insert into t values ('2026-11-20', '2026-11-20T08:30:00.123Z', '2 days', 12.5, '{2026-01-02}', '{2026-01-02T03:04:05Z}')`,
        );
      });
      const selected = await db
        .select({ d: sql<string>`d`, ts: sql<string>`ts`, i: sql<string>`i`, n: sql<string>`n` })
        .from(sql`t`);
      const raw = await queryRows(database, sql`select * from t`);
      await database.close();
      return { selected, raw };
    };
    // Started from the migrated template's dump: a fresh PGlite costs seconds to start.
    const loadDataDir = migratedPgliteDump();
    const built = await read(fromPglite(await createPglite(undefined, { loadDataDir })));
    const perQuery = await read(fromPglite(await PGlite.create({ loadDataDir })));
    expect(built).toEqual(perQuery);
    expect(built.selected[0]).toMatchObject({ d: "2026-11-20", i: "2 days" });
    expect(String(built.selected[0]!.ts)).toMatch(/^2026-11-20 08:30:00\.123\+00/);
  });
});
