import { randomBytes } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { afterAll, describe, expect, it } from "vitest";
import { adminQuery } from "../../../tests/helpers/global-database";
import { queryRows } from "../../../tests/helpers/test-database";
import { createPglite, type Database, fromPglite, openPostgres } from "./client";
import { migrate, migrationsFolder } from "./migrate";
import * as schema from "./schema/index";

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
async function emptyDatabase(): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = fromPglite(await createPglite());
    return { database, drop: () => database.close() };
  }
  const name = `mct_migrations_${randomBytes(6).toString("hex")}`;
  await adminQuery(url, `CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = openPostgres(target.href);
  return {
    database,
    url: target.href,
    async drop() {
      await database.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

/** A fresh database, migrated up to (not including) the migration `tag`. */
async function databaseBefore(tag: string): Promise<Database> {
  const db = await emptyDatabase();
  const older = migrationsBefore(tag);
  cleanups.push(db.drop, () => rmSync(older, { recursive: true, force: true }));
  await migrate(db.database, older);
  return db.database;
}

describe("migrations", () => {
  it("count every account from before sign-ins were recorded as signed in already", async () => {
    const database = await databaseBefore("0007_accounts_before_sign_ins_were_recorded");
    await database.db.execute(sql`
      insert into users (email, created_at) values ('earlier@example.org', '2026-01-05T10:00:00Z')`);
    await migrate(database);
    const [row] = await queryRows(
      database,
      sql`select (last_sign_in_at = created_at and previous_sign_in_at = created_at) as backfilled
          from users where email = 'earlier@example.org'`,
    );
    expect(row).toEqual({ backfilled: true });
  });

  it("count the records already there when the dashboard's counters arrive", async () => {
    const database = await databaseBefore("0010_counted_by_the_database");
    await database.db.execute(sql`
      with u as (insert into users (email) values ('family@example.org') returning id),
           c as (insert into children (user_id, name) select id, 'Sam' from u returning id, user_id),
           t as (insert into tpn_entries (user_id, child_id, date)
                 select user_id, id, d::date from c, generate_series('2026-01-01'::date, '2026-01-03', '1 day') d),
           l as (insert into lab_tests (user_id, child_id, test_name, date, status)
                 select user_id, null, 'CBC', '2026-01-01', 'pending' from c),
           m as (insert into care_team_members (user_id, name, role) select id, 'Dr. P', 'GI' from u)
      select 1`);
    await migrate(database);
    const rows = await queryRows(
      database,
      sql`select entity, (child_id is not null) as linked, n from record_counts order by entity`,
    );
    expect(rows).toEqual([
      { entity: "care_team_members", linked: false, n: 1 },
      { entity: "lab_tests", linked: false, n: 1 },
      { entity: "tpn_entries", linked: true, n: 3 },
    ]);
  });
});

/** Several servers started together, as a deployment with more than one process starts. */
describe.runIf(process.env.TEST_DATABASE_URL)("migrations on a new PostgreSQL database", () => {
  it("let four servers migrate it at once: every one starts, and the schema is complete", async () => {
    const { database, url, drop } = await emptyDatabase();
    cleanups.push(drop);
    // Each through its own pool, as separate processes would.
    const servers = Array.from({ length: 4 }, () => openPostgres(url!));
    cleanups.push(() => Promise.all(servers.map((server) => server.close())).then(() => {}));
    const results = await Promise.allSettled(servers.map((server) => migrate(server)));
    expect(results.map((result) => (result.status === "rejected" ? String(result.reason) : "ok"))).toEqual([
      "ok",
      "ok",
      "ok",
      "ok",
    ]);
    const journal = JSON.parse(readFileSync(join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as {
      entries: unknown[];
    };
    const [applied] = await queryRows(
      database,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(applied).toEqual({ n: journal.entries.length });
    const tables = await queryRows(
      database,
      sql`select table_name as name from information_schema.tables where table_schema = 'public'`,
    );
    const expected = Object.values(schema)
      .filter((value) => is(value, PgTable))
      .map((table) => getTableName(table as PgTable));
    expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(expected));
  });
});
