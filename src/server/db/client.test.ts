import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createTestDatabase, queryRows } from "../../../tests/helpers/test-database";

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
