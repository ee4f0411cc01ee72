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
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { createPasswordHasher } from "../modules/auth/passwords";
import { createPglite, type Database, fromPglite, openPostgres } from "./client";
import { migrate, migrationsFolder } from "./migrate";
import { openDatabase } from "./open";
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

  it("give the records already there their first version, and keep their ids as taken", async () => {
    const database = await databaseBefore("0039_record-versions");
    await database.db.execute(sql`
      with f as (insert into families (name) values ('Lopez') returning id),
           c as (insert into children (family_id, name) select id, 'Sam' from f returning id, family_id),
           n as (insert into notes (family_id, child_id, title, content) select family_id, id, 'T', 'C' from c)
      select 1`);
    await migrate(database);
    const rows = await queryRows(
      database,
      sql`select r.entity, r.body_hash is null as no_hash, r.deleted_at is null as kept,
                 coalesce(c.version, n.version) as version, r.created_at = coalesce(c.created_at, n.created_at) as since
          from record_ids r left join children c on c.id = r.id left join notes n on n.id = r.id
          order by r.entity`,
    );
    expect(rows).toEqual([
      { entity: "child", no_hash: true, kept: true, version: 1, since: true },
      { entity: "note", no_hash: true, kept: true, version: 1, since: true },
    ]);
  });

  it("make each account a family of one that owns its records, with nothing lost or changed", async () => {
    const database = await databaseBefore("0020_families-and-members");
    // Two accounts, each with a record of every kind an account owned.
    for (const [email, first, last] of [
      ["lopez@example.org", "Maria", "Lopez"],
      ["kim@example.org", "Ji-woo", null],
    ] as const) {
      await database.db.execute(sql`
        with u as (insert into users (email, first_name, last_name, time_zone)
                   values (${email}, ${first}, ${last}, 'America/Chicago') returning id),
             c as (insert into children (user_id, name) select id, 'Sam' from u returning id, user_id),
             t as (insert into tpn_entries (user_id, child_id, date, volume, notes)
                   select user_id, id, d::date, 1200.5, 'Ran overnight' from c,
                     generate_series('2026-01-01'::date, '2026-01-03', '1 day') d),
             l as (insert into picc_lines (user_id, child_id, insertion_date) select user_id, id, '2025-12-01' from c returning id, user_id, child_id),
             i as (insert into picc_infections (user_id, child_id, picc_line_id, infection_date, infection_type)
                   select user_id, child_id, id, '2026-01-02', 'clabsi' from l),
             s as (insert into tpn_supplies (user_id, name, category, unit, current_stock) select id, 'Filters', 'filters', 'box', 9 from u returning id, user_id),
             su as (insert into supply_usage (user_id, supply_id, quantity_used, usage_date) select user_id, id, 1, '2026-01-02' from s),
             se as (insert into supply_stock_events (user_id, supply_id, kind, quantity, difference, event_date)
                    select user_id, id, 'receipt', 10, 10, '2026-01-01' from s),
             o as (insert into stored_objects (user_id, object_path, storage_key, size_bytes)
                   select id, '/objects/uploads/' || gen_random_uuid(), id || '/photo', 10 from u returning user_id, object_path),
             p as (insert into medical_photos (user_id, title, category, photo_url, date_taken)
                   select user_id, 'Dressing', 'wound', object_path, '2026-01-02' from o),
             r as (insert into care_team_members (user_id, name, role) select id, 'Dr. P', 'GI' from u),
             v as (insert into specialist_visits (user_id, doctor_name, specialty, date) select id, 'Dr. P', 'GI', '2026-02-01' from u),
             lt as (insert into lab_tests (user_id, test_name, date) select id, 'CBC', '2026-01-01' from u),
             sy as (insert into symptom_entries (user_id, date, symptoms) select id, '2026-01-01', array['nausea'] from u),
             a as (insert into medical_allergies (user_id, allergen, reaction, severity) select id, 'Latex', 'Hives', 'moderate' from u),
             m as (insert into medications (user_id, name, dosage, frequency) select id, 'Ranitidine', '1 mL', 'twice daily' from u),
             n as (insert into notes (user_id, title, content) select id, 'Night', 'Pump alarmed once' from u),
             pt as (insert into physical_therapy_sessions (user_id, date, therapist) select id, '2026-01-01', 'Jamie' from u),
             f as (insert into food_diary_entries (user_id, date, meal_type) select id, '2026-01-01', 'breakfast' from u),
             ic as (insert into infusion_centers (user_id, name) select id, 'Home Infusion' from u),
             k as (insert into idempotency_keys (user_id, key, path) select id, 'key-1', '/api/notes' from u),
             j as (insert into restore_jobs (id, user_id, state, total, totals) select gen_random_uuid(), id, 'done', 0, '{}' from u),
             au as (insert into audit_log (user_id, actor_id, action, entity, entity_id, summary)
                    select id, id, 'create', 'note', gen_random_uuid(), 'Night' from u)
        select 1`);
    }
    const tables = [
      "children",
      "tpn_entries",
      "picc_lines",
      "picc_infections",
      "tpn_supplies",
      "supply_usage",
      "supply_stock_events",
      "stored_objects",
      "medical_photos",
      "care_team_members",
      "specialist_visits",
      "lab_tests",
      "symptom_entries",
      "medical_allergies",
      "medications",
      "notes",
      "physical_therapy_sessions",
      "food_diary_entries",
      "infusion_centers",
      "idempotency_keys",
      "restore_jobs",
      "audit_log",
      "record_counts",
    ];
    const content = async (owner: "user_id" | "family_id") => {
      const rows: Record<string, unknown[]> = {};
      for (const table of tables) {
        rows[table] = await queryRows(
          database,
          sql`select ${sql.identifier(owner)} as owner,
                to_jsonb(t) - ${owner} - 'created_by' - 'updated_by' - ${table === "audit_log" ? "child_id" : ""} as row
              from ${sql.identifier(table)} t order by t::text`,
        );
      }
      return rows;
    };
    const before = await content("user_id");
    await migrate(database);
    // Every record is still there, the same, and belongs to the family with its account's id (the
    // columns later migrations add aside).
    const after = await content("family_id");
    const asBefore = Object.fromEntries(
      Object.entries(after).map(([table, rows]) => [
        table,
        rows.map((row, i) => {
          const { owner, row: fields } = row as { owner: unknown; row: Record<string, unknown> };
          const kept = Object.keys((before[table]![i] as { row: Record<string, unknown> })?.row ?? {});
          return { owner, row: Object.fromEntries(kept.map((key) => [key, fields[key]])) };
        }),
      ]),
    );
    expect(asBefore).toEqual(before);
    expect(before.notes).toHaveLength(2);
    expect(
      await queryRows(
        database,
        sql`select u.email, f.name, f.time_zone as "timeZone", m.role, m.child_ids as "childIds"
            from users u join families f on f.id = u.id join family_members m on m.family_id = f.id and m.user_id = u.id
            order by u.email`,
      ),
    ).toEqual([
      {
        email: "kim@example.org",
        name: "Ji-woo's family",
        timeZone: "America/Chicago",
        role: "owner",
        childIds: null,
      },
      {
        email: "lopez@example.org",
        name: "The Lopez family",
        timeZone: "America/Chicago",
        role: "owner",
        childIds: null,
      },
    ]);
    // Only the account wrote its records before: it added them and changed them last.
    const [authors] = await queryRows(
      database,
      sql`select count(*)::int as n, count(*) filter (where created_by = family_id and updated_by = family_id)::int as own
          from tpn_entries`,
    );
    expect(authors).toEqual({ n: 6, own: 6 });
    // The counters go on counting by family.
    const [kim] = await queryRows(
      database,
      sql`select c.family_id as family, c.id as child from children c join users u on u.id = c.family_id
          where u.email = 'kim@example.org'`,
    );
    await database.db.execute(sql`
      insert into tpn_entries (family_id, child_id, date) values (${kim!.family as string}, ${kim!.child as string}, '2026-01-04')`);
    expect(
      await queryRows(
        database,
        sql`select n from record_counts where family_id = ${kim!.family as string} and entity = 'tpn_entries'`,
      ),
    ).toEqual([{ n: 4 }]);
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

  it("let two servers start together on it, scheduler and all: both are up and answer, on every try", async () => {
    // A start is the migrations, then the job queue's schema (pg-boss's) as the app gets ready:
    // two processes creating a schema at once made one of them exit ("pg_namespace_nspname_index").
    const start = async (url: string) => {
      const dataDir = mkdtempSync(join(tmpdir(), "mct-start-"));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const { database } = await openDatabase({ databaseUrl: url, dataDir }, () => {});
      cleanups.push(() => database.close());
      const app = await buildApp({
        config: loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: randomBytes(32).toString("hex") }),
        db: database.db,
        logger: false,
        passwords: createPasswordHasher({ N: 2 ** 10, r: 8, p: 1 }),
        jobs: { manual: true },
      });
      cleanups.push(() => app.close());
      await app.ready();
      return (await app.inject({ method: "GET", url: "/api/auth/user" })).statusCode;
    };
    for (let attempt = 0; attempt < 3; attempt++) {
      const { url, drop } = await emptyDatabase();
      cleanups.push(drop);
      const results = await Promise.allSettled([start(url!), start(url!)]);
      expect(
        results.map((result) => (result.status === "rejected" ? String(result.reason) : result.value)),
      ).toEqual([401, 401]);
    }
  }, 120_000);
});
