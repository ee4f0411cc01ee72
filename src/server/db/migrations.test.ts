import { randomBytes } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
async function emptyDatabase(): Promise<{
  database: Database;
  url?: string;
  drop(): Promise<void>;
  /** A new database with this one's content (stop using this one first on PostgreSQL). */
  copy(): Promise<{ database: Database; drop(): Promise<void> }>;
}> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const client = await createPglite();
    const database = fromPglite(client);
    return {
      database,
      drop: () => database.close(),
      async copy() {
        const copied = fromPglite((await client.clone()) as PGlite);
        return { database: copied, drop: () => copied.close() };
      },
    };
  }
  const name = `mct_migrations_${randomBytes(6).toString("hex")}`;
  await adminQuery(url, `CREATE DATABASE ${name}`);
  const database = openPostgres(databaseUrl(url, name));
  let closed = false;
  const close = async () => {
    if (!closed) await database.close();
    closed = true;
  };
  return {
    database,
    url: databaseUrl(url, name),
    async drop() {
      await close();
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
    async copy() {
      // PostgreSQL copies a database only while nobody is connected to it.
      await close();
      const copyName = `${name}_${randomBytes(3).toString("hex")}`;
      await adminQuery(url, `CREATE DATABASE ${copyName} TEMPLATE ${name}`);
      const copied = openPostgres(databaseUrl(url, copyName));
      return {
        database: copied,
        async drop() {
          await copied.close();
          await adminQuery(url, `DROP DATABASE IF EXISTS ${copyName} WITH (FORCE)`);
        },
      };
    },
  };
}

function databaseUrl(serverUrl: string, name: string): string {
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  return target.href;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The earliest migration a test here starts before. */
const EARLIEST = "0007_accounts_before_sign_ins_were_recorded";
let base: Awaited<ReturnType<typeof emptyDatabase>>;

// Starting a database and migrating it costs seconds (PGlite's start-up most of all, more on a
// busy machine): it is done once for the file, and each test works on a copy.
beforeAll(async () => {
  base = await emptyDatabase();
  const older = migrationsBefore(EARLIEST);
  cleanups.push(base.drop, () => rmSync(older, { recursive: true, force: true }));
  await migrate(base.database, older);
}, 120_000);

/** A fresh database, migrated up to (not including) the migration `tag` (EARLIEST or later). */
async function databaseBefore(tag: string): Promise<Database> {
  const copy = await base.copy();
  const older = migrationsBefore(tag);
  cleanups.push(copy.drop, () => rmSync(older, { recursive: true, force: true }));
  await migrate(copy.database, older);
  return copy.database;
}

describe("migrations", () => {
  it("count every account from before sign-ins were recorded as signed in already", async () => {
    const database = await databaseBefore(EARLIEST);
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
