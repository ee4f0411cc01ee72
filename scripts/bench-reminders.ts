/**
 * The reminders engine under a burst, on PostgreSQL: 10,000 family care tasks due in the same
 * minute (by default 1,000 families of one caregiver and 10 tasks each). Each family's round is
 * queued on the scheduler for that minute, the app's clock is moved to it, and `runDue()` runs
 * what is due until nothing is left, on one app server or several on the same database
 * (`--servers 2`, each its own connection pool, running at once). It then checks, in the database:
 * every task's first notification written, within 60 s of the start, none twice; and runs every
 * family's round a second time (as a retry after a crash would) to show nothing is written again.
 *
 * Each notification's wall-clock write time comes from a column the script adds to its own copy of
 * the database (`bench_written_at default clock_timestamp()`): the rows' `created_at` is the app's
 * clock, which stands still at the due minute. A baseline from the same run makes the time
 * comparable on a noisy machine: 10,000 single-row INSERTs of notification rows, one after another,
 * through the same driver (the least the engine could do to write one row per task).
 *
 *   npm run bench:reminders [-- --families 1000] [-- --tasks-per-family 10] [-- --servers 2] [-- --write]
 *
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), on which a
 * new database is created and dropped at the end. `--write` puts the table in docs/performance.md
 * between the reminders-bench markers. Exits non-zero when a first notification is missing, came
 * later than 60 s, or was written twice, or a round failed.
 */

import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { type Database, openPostgres } from "../src/server/db/client";
import { migrate } from "../src/server/db/migrate";
import { createPasswordHasher } from "../src/server/modules/auth/passwords";
import { REMINDERS_QUEUE } from "../src/server/modules/tasks/reminders/engine";
import { installJobSchema, jobClockOf } from "../tests/helpers/job-clock";
import { createTestClock } from "../tests/helpers/test-clock";

const MINUTE = 60_000;
const DEADLINE_MS = 60_000;

const argument = (name: string) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};
const count = (name: string, fallback: number) => {
  const value = Number(argument(name) ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} takes a whole number above 0`);
  return value;
};

const familyCount = count("--families", 1000);
const tasksPerFamily = count("--tasks-per-family", 10);
const serverCount = count("--servers", 1);
const writing = process.argv.includes("--write");
const expected = familyCount * tasksPerFamily;
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const n = (value: number) => value.toLocaleString("en-US");
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

// The due minute: the next hour's :07, clear of every recurring job's slot (every 10, 15 and 60
// minutes), so the burst is the reminders' alone.
const hour = Math.ceil(Date.now() / (60 * MINUTE)) * 60 * MINUTE;
const dueAt = new Date(hour + 7 * MINUTE);

const name = `mct_bench_reminders_${randomBytes(4).toString("hex")}`;
await admin(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const dataDir = mkdtempSync(join(tmpdir(), "mct-bench-reminders-"));
const databases: Database[] = [];
const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
let failed = false;

try {
  const database = openPostgres(url.href);
  databases.push(database);
  await migrate(database);
  // pg-boss's schema, and its job clock made to read the app's (as the tests' databases have it).
  await installJobSchema(database);
  // The wall-clock time each notification was written at (this copy of the database only).
  await database.db.execute(
    sql.raw(
      "alter table notifications add column bench_written_at timestamptz not null default clock_timestamp()",
    ),
  );
  const [pgVersion] = await rows<{ version: string }>(database, sql`select version()`);

  console.log(
    `Seeding ${n(familyCount)} families × ${n(tasksPerFamily)} tasks due ${dueAt.toISOString()}...`,
  );
  // Each family: its owner (the one caregiver, no notification settings: the defaults, push on and
  // no device) and its tasks, every 24 hours from the due minute. Written in one statement.
  await database.db.execute(sql`
    with seed as (
      select i, gen_random_uuid() as family_id, gen_random_uuid() as user_id
      from generate_series(1, ${familyCount}::int) as i
    ), u as (
      insert into users (id, email, first_name, last_name, time_zone)
      select user_id, 'owner-' || i || '@bench.example', 'Owner', i::text, 'UTC' from seed
    ), f as (
      insert into families (id, name, time_zone) select family_id, 'Family ' || i, 'UTC' from seed
    ), m as (
      insert into family_members (family_id, user_id, role) select family_id, user_id, 'owner' from seed
    )
    insert into care_tasks (family_id, title, interval_hours, start_at, created_by, updated_by)
    select family_id, 'Flush the line ' || j, 24, ${dueAt.toISOString()}::timestamptz, user_id, user_id
    from seed, generate_series(1, ${tasksPerFamily}::int) as j`);
  await database.db.execute(sql.raw("analyze"));
  const familyIds = (await rows<{ id: string }>(database, sql`select id from families`)).map((r) => r.id);

  // The baseline: as many single-row INSERTs of a notification's columns, one after another.
  await database.db.execute(
    sql.raw("create table bench_baseline (like notifications including defaults including indexes)"),
  );
  const [someone] = await rows<{ family_id: string; user_id: string }>(
    database,
    sql`select family_id, user_id from family_members limit 1`,
  );
  const baseline = async () => {
    await database.db.execute(sql.raw("truncate bench_baseline"));
    const started = performance.now();
    for (let i = 0; i < expected; i++) {
      await database.db.execute(sql`
        insert into bench_baseline (family_id, user_id, task_id, task_kind, step, title, body, urgent, url, created_at, due_at, round_at)
        values (${someone!.family_id}, ${someone!.user_id}, ${`family:${i}`}, 'family', 1, 'Flush the line', 'Due now · Every day',
          false, '/tasks', ${dueAt.toISOString()}, ${dueAt.toISOString()}, ${dueAt.toISOString()})`);
    }
    const ms = performance.now() - started;
    console.log(`Baseline: ${n(expected)} single-row INSERTs in ${seconds(ms)}`);
    return ms;
  };
  // Before and after the burst: the machine's load drifts, the mean of the two is the baseline.
  const baselineBefore = await baseline();

  // The app servers, each its own pool on the database and its own clock, a minute before the burst.
  const secret = randomBytes(32).toString("hex");
  const clocks = [];
  for (let i = 0; i < serverCount; i++) {
    const own = i === 0 ? database : openPostgres(url.href);
    if (i > 0) databases.push(own);
    const clock = createTestClock(new Date(dueAt.getTime() - MINUTE));
    const app = await buildApp({
      config: loadConfig({
        DATA_DIR: dataDir,
        SESSION_SECRET: secret,
        LOG_LEVEL: "silent",
        DATABASE_URL: url.href,
      }),
      db: own.db,
      logger: false,
      passwords: createPasswordHasher({ N: 1024, r: 8, p: 1 }),
      now: clock.now,
      jobs: { manual: true, setDatabaseTime: jobClockOf(own.db) },
    });
    await app.ready();
    apps.push(app);
    clocks.push(clock);
  }
  // Each family's round queued for the due minute, as a change of its tasks would have queued it.
  for (const familyId of familyIds) {
    await apps[0]!.scheduler.schedule(REMINDERS_QUEUE, familyId, dueAt, { familyId });
  }
  // Before the due minute nothing is due (the recurring jobs' first runs are queued here).
  const early = await Promise.all(apps.map((app) => app.scheduler.runDue()));
  if (early.some((ran) => ran > 0)) throw new Error(`jobs ran before the due minute: ${early}`);
  for (const clock of clocks) clock.advance(MINUTE);

  console.log(`Running the rounds on ${serverCount} server${serverCount === 1 ? "" : "s"}...`);
  const commits = async () => {
    const [row] = await rows<{ n: number }>(
      database,
      sql`select (xact_commit + xact_rollback)::float8 as n from pg_stat_database where datname = current_database()`,
    );
    return row!.n;
  };
  // The statistics collector reports at most every half second: wait for a settled count.
  const settled = async () => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    return commits();
  };
  const commitsBefore = await settled();
  const [{ start }] = (await rows<{ start: string }>(
    database,
    sql`select clock_timestamp()::text as start`,
  )) as [{ start: string }];
  const cpuBefore = process.cpuUsage();
  const burstStart = performance.now();
  const ran = await Promise.all(
    apps.map(async (app) => {
      let jobs = 0;
      let calls = 0;
      for (;;) {
        const now = await app.scheduler.runDue();
        calls += 1;
        if (now === 0) break;
        jobs += now;
      }
      return { jobs, calls };
    }),
  );
  const burstMs = performance.now() - burstStart;
  const cpu = process.cpuUsage(cpuBefore);
  const appCpuMs = (cpu.user + cpu.system) / 1000;
  const statements = (await settled()) - commitsBefore;

  const [written] = await rows<{
    notifications: number;
    first: number;
    p50: number;
    p95: number;
    last: number;
  }>(
    database,
    sql`select count(*)::int as notifications,
          count(*) filter (where step = 1 and round_at = due_at)::int as first,
          (extract(epoch from percentile_cont(0.5) within group (order by bench_written_at - ${start}::timestamptz)) * 1000)::float8 as p50,
          (extract(epoch from percentile_cont(0.95) within group (order by bench_written_at - ${start}::timestamptz)) * 1000)::float8 as p95,
          (extract(epoch from max(bench_written_at) - ${start}::timestamptz) * 1000)::float8 as last
        from notifications where round_at is not null`,
  );
  const duplicates = async () => {
    const [row] = await rows<{ n: number }>(
      database,
      sql`select count(*)::int as n from (
            select 1 from notifications where round_at is not null
            group by family_id, user_id, task_id, due_at, round_at having count(*) > 1) as twice`,
    );
    return row!.n;
  };
  const twice = await duplicates();
  const jobStates = await rows<{ state: string; n: number }>(
    database,
    sql`select state, count(*)::int as n from pgboss.job where name = ${REMINDERS_QUEUE} group by state`,
  );
  const jobsIn = (state: string) => jobStates.find((s) => s.state === state)?.n ?? 0;
  const [tokens] = await rows<{ n: number }>(database, sql`select count(*)::int as n from reminder_tokens`);

  // Every family's round again at the same minute (a retry after a crash): nothing written twice.
  for (const familyId of familyIds) {
    await apps[0]!.scheduler.schedule(REMINDERS_QUEUE, familyId, dueAt, { familyId });
  }
  const againStart = performance.now();
  await Promise.all(
    apps.map(async (app) => {
      while ((await app.scheduler.runDue()) > 0);
    }),
  );
  const againMs = performance.now() - againStart;
  const [after] = await rows<{ n: number }>(
    database,
    sql`select count(*)::int as n from notifications where round_at is not null`,
  );
  const [tokensAfter] = await rows<{ n: number }>(
    database,
    sql`select count(*)::int as n from reminder_tokens`,
  );
  const twiceAfter = await duplicates();

  const baselineAfter = await baseline();
  const baselineMs = (baselineBefore + baselineAfter) / 2;

  const lastMs = written!.last ?? Number.POSITIVE_INFINITY;
  const checks = {
    "every first notification written": written!.first === expected,
    "all within 60 s": lastMs <= DEADLINE_MS,
    "none twice": twice === 0 && twiceAfter === 0 && after!.n === written!.notifications,
    "no round failed": jobsIn("failed") === 0 && jobsIn("retry") === 0,
  };
  failed = Object.values(checks).some((ok) => !ok);

  const perServer = ran.map((r) => n(r.jobs)).join(" + ");
  const table = [
    "| Measure | Value |",
    "| --- | --- |",
    `| Tasks due in the minute | ${n(expected)} (${n(familyCount)} families × ${n(tasksPerFamily)}, one caregiver each) |`,
    `| App servers on the database | ${serverCount} (jobs each ran: ${perServer}) |`,
    `| Family rounds run | ${n(jobsIn("completed"))} |`,
    `| First notifications written | ${n(written!.first)} of ${n(expected)} |`,
    `| All of them written by | ${seconds(lastMs)} after the first \`runDue()\` (limit 60 s) |`,
    `| Half of them by / 95 % by | ${seconds(written!.p50)} / ${seconds(written!.p95)} |`,
    `| Rate | ${n(Math.round(expected / (lastMs / 1000)))} notifications a second |`,
    `| Database statements, app CPU | ${n(Math.round(statements / expected))} a notification; the app's process busy ${Math.round((100 * appCpuMs) / burstMs)} % of the burst |`,
    `| Written twice | ${n(twice)} |`,
    `| Every round again (a retry) | ${seconds(againMs)}, ${n(after!.n - written!.notifications)} notifications written, ${n(twiceAfter)} twice |`,
    `| Rounds failed | ${n(jobsIn("failed") + jobsIn("retry"))} |`,
    `| Baseline: ${n(expected)} single-row INSERTs, one after another | ${seconds(baselineMs)} (${seconds(baselineBefore)} before the burst, ${seconds(baselineAfter)} after) |`,
    `| Engine ÷ baseline | ${(lastMs / baselineMs).toFixed(1)}× |`,
  ].join("\n");
  console.log(`\n${table}\n`);
  for (const [check, ok] of Object.entries(checks)) console.log(`${ok ? "ok  " : "FAIL"} ${check}`);
  console.log(
    `(runDue loop ${seconds(burstMs)}; action tokens ${n(tokens!.n)} after the burst, ${n(tokensAfter!.n)} after the retry)`,
  );

  if (writing) {
    const cores = cpus();
    const machine = `${cores.length} × ${cores[0]?.model.trim() ?? "CPU"}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.versions.node}, ${pgVersion!.version.split(" on ")[0]} on the same machine`;
    const file = "docs/performance.md";
    const doc = readFileSync(file, "utf8");
    const markers = /<!-- reminders-bench:start -->[\s\S]*<!-- reminders-bench:end -->/;
    if (!markers.test(doc)) throw new Error(`${file} has no reminders-bench markers`);
    const command = `npm run bench:reminders -- ${serverCount > 1 ? `--servers ${serverCount} ` : ""}--write`;
    const block = `<!-- reminders-bench:start -->\n${table}\n\nMeasured ${new Date().toISOString().slice(0, 10)} with \`${command}\` (${machine}).\n<!-- reminders-bench:end -->`;
    writeFileSync(file, doc.replace(markers, block));
  }
} finally {
  for (const app of apps) await app.close();
  for (const database of databases) await database.close();
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
