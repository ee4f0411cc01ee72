/**
 * How long the symptom heatmap takes as a history grows: the same call at 1,000 and at 100,000
 * symptom entries (spread over ten years), on the embedded database and, when it answers, on
 * PostgreSQL. A benchmark, not a test: it prints a table (and `--write` puts it in
 * docs/performance.md between the heatmap markers).
 *   npm run bench:heatmap [-- --write]
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */

import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { createPglite, type Database, fromPglite, openPostgres } from "../src/server/db/client";
import { migrate } from "../src/server/db/migrate";
import { createPasswordHasher } from "../src/server/modules/auth/passwords";
import { sessionCookieOf } from "./api-client";

const SIZES = [1_000, 100_000];
const RUNS = 40;

async function databases(): Promise<{ name: string; database: Database; drop: () => Promise<void> }[]> {
  const list = [];
  const pglite = fromPglite(await createPglite());
  await migrate(pglite);
  list.push({ name: "PGlite", database: pglite, drop: () => pglite.close() });
  const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `mct_bench_${randomBytes(4).toString("hex")}`;
  try {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = openPostgres(target.href);
    await migrate(database);
    list.push({
      name: "PostgreSQL",
      database,
      drop: async () => {
        await database.close();
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
      },
    });
  } catch (error) {
    console.warn(`PostgreSQL skipped: ${(error as Error).message}`);
  }
  return list;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

const rows: string[] = [];
for (const { name, database, drop } of await databases()) {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), "mct-bench-")),
    SESSION_SECRET: randomBytes(32).toString("hex"),
    LOG_LEVEL: "silent",
  });
  const app = await buildApp({
    config,
    db: database.db,
    logger: false,
    passwords: createPasswordHasher({ N: 1024, r: 8, p: 1 }),
  });
  await app.ready();
  const register = await app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: { email: "bench@example.org", password: "benchmark password 1" },
  });
  const cookie = sessionCookieOf(register.headers["set-cookie"]);
  const userId = register.json().id as string;
  const today = new Date().toISOString().slice(0, 10);
  let have = 0;
  for (const size of SIZES) {
    // Ten years of entries, a few a day, five kinds of symptoms.
    await database.db.execute(sql`
      insert into symptom_entries (user_id, date, symptoms, pain_level)
      select ${userId}, ${today}::date - (i % 3650), array[(array['fever','nausea','cramps','rash','fatigue'])[1 + i % 5]], 1 + i % 10
      from generate_series(${have + 1}::int, ${size}::int) as i`);
    have = size;
    const call = () =>
      app.inject({ method: "GET", url: `/api/symptoms/heatmap?today=${today}`, headers: { cookie } });
    for (let i = 0; i < 5; i++) await call();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const response = await call();
      times.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`heatmap: ${response.statusCode} ${response.body}`);
    }
    times.sort((a, b) => a - b);
    rows.push(
      `| ${name} | ${size.toLocaleString("en-US")} | ${percentile(times, 0.5).toFixed(1)} ms | ${percentile(times, 0.95).toFixed(1)} ms |`,
    );
    console.log(rows.at(-1));
  }
  await app.close();
  await drop();
}

const table = ["| Database | Symptom entries | p50 | p95 |", "| --- | --- | --- | --- |", ...rows].join("\n");
console.log(`\n${table}`);
if (process.argv.includes("--write")) {
  const file = "docs/performance.md";
  const doc = readFileSync(file, "utf8");
  const block = `<!-- heatmap:start -->\n${table}\n\nMeasured ${new Date().toISOString().slice(0, 10)} with \`npm run bench:heatmap -- --write\` (${RUNS} calls each, in process, after 5 warm-up calls).\n<!-- heatmap:end -->`;
  writeFileSync(file, doc.replace(/<!-- heatmap:start -->[\s\S]*<!-- heatmap:end -->/, block));
}
process.exit(0);
