import { randomBytes } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminQuery } from "../../../tests/helpers/global-database";
import { queryRows } from "../../../tests/helpers/test-database";
import { type Database, fromPglite, openPostgres } from "./client";
import { migrate, migrationsFolder } from "./migrate";

/** A copy of the migrations folder that stops before the migration `tag`. */
function migrationsBefore(tag: string): string {
  const source = migrationsFolder();
  const journal = JSON.parse(readFileSync(join(source, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const stop = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(stop).toBeGreaterThan(0);
  const entries = journal.entries.slice(0, stop);
  const folder = mkdtempSync(join(tmpdir(), "mct-migrations-"));
  mkdirSync(join(folder, "meta"));
  writeFileSync(join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const entry of entries)
    copyFileSync(join(source, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
  return folder;
}

/** An empty database: on the PostgreSQL of TEST_DATABASE_URL when set, else PGlite in memory. */
async function emptyDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = fromPglite(await PGlite.create());
    return { database, drop: () => database.close() };
  }
  const name = `mct_migrations_${randomBytes(6).toString("hex")}`;
  await adminQuery(url, `CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = openPostgres(target.href);
  return {
    database,
    async drop() {
      await database.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

let db: Awaited<ReturnType<typeof emptyDatabase>>;
let older: string;
beforeAll(async () => {
  db = await emptyDatabase();
  older = migrationsBefore("0007_accounts_before_sign_ins_were_recorded");
});
afterAll(async () => {
  await db.drop();
  rmSync(older, { recursive: true, force: true });
});

describe("migrations", () => {
  it("count every account from before sign-ins were recorded as signed in already", async () => {
    await migrate(db.database, older);
    await db.database.db.execute(sql`
      insert into users (email, created_at) values ('earlier@example.org', '2026-01-05T10:00:00Z')`);
    await migrate(db.database);
    const [row] = await queryRows(
      db.database,
      sql`select (last_sign_in_at = created_at and previous_sign_in_at = created_at) as backfilled
          from users where email = 'earlier@example.org'`,
    );
    expect(row).toEqual({ backfilled: true });
  });
});
