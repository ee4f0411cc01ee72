/**
 * What each export format costs for a large family: time and peak memory to stream every format
 * over HTTP for an account of about 15,000 records (a child with years of entries), each format in
 * a fresh process. Two baselines from the same run make the figures comparable on a noisy machine:
 * "idle" (the server started and signed in, no export) for memory, and "all rows read" (a plain
 * SELECT of every record into memory, no formatting) for time.
 *   npm run bench:exports [-- --records 15000] [-- --formats word,pdf] [-- --write]
 * `--formats` runs only those formats (beside the two baselines); `--write` puts the table in
 * docs/performance.md between the export markers, and only when every format ran.
 */

import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { EXPORT_FORMATS } from "../src/domain/exports";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { openPglite } from "../src/server/db/client";
import { migrate } from "../src/server/db/migrate";
import { createPasswordHasher } from "../src/server/modules/auth/passwords";
import { sessionCookieOf } from "./api-client";

const EMAIL = "bench@example.org";
const PASSWORD = "benchmark password 1";
const TABLES = [
  "children",
  "care_team_members",
  "tpn_entries",
  "symptom_entries",
  "lab_tests",
  "specialist_visits",
  "food_diary_entries",
  "notes",
  "medications",
  "medical_allergies",
];

const argument = (name: string) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};

async function start(dataDir: string) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    SESSION_SECRET: "b".repeat(64),
    LOG_LEVEL: "silent",
  });
  const database = await openPglite(dataDir);
  await migrate(database);
  const app = await buildApp({
    config,
    db: database.db,
    logger: false,
    passwords: createPasswordHasher({ N: 1024, r: 8, p: 1 }),
  });
  return { app, database };
}

/** Parent: one family of `total` records in an on-disk embedded database, written once. */
async function seed(dataDir: string, total: number) {
  const { app, database } = await start(dataDir);
  const register = await app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: { email: EMAIL, password: PASSWORD },
  });
  const cookie = sessionCookieOf(register.headers["set-cookie"]);
  const familyId = register.json().familyId as string;
  const child = await app.inject({
    method: "POST",
    url: "/api/children",
    headers: { cookie },
    payload: { name: "Sam Rivera", dateOfBirth: "2019-04-02", medicalDiagnosis: "Short bowel syndrome" },
  });
  const childId = child.json().id as string;
  const share = (part: number) => Math.round(total * part);
  const { db } = database;
  // A day per TPN entry, several symptoms and labs a week, visits, meals and notes over ten years.
  await db.execute(sql`
    insert into tpn_entries (family_id, child_id, date, calories, protein, volume, duration, notes)
    select ${familyId}, ${childId}, current_date - i, 800 + i % 100, 25, 1000 + i % 200, 12, 'Ran overnight, no alarms'
    from generate_series(1, ${share(0.3)}::int) as i`);
  await db.execute(sql`
    insert into symptom_entries (family_id, child_id, date, time, symptoms, pain_level, severity, notes)
    select ${familyId}, ${childId}, current_date - (i % 3650), '08:30',
      array[(array['fever','nausea','cramps','rash','fatigue'])[1 + i % 5]], 1 + i % 10, 'mild', 'After the evening feed'
    from generate_series(1, ${share(0.3)}::int) as i`);
  await db.execute(sql`
    insert into lab_tests (family_id, child_id, test_name, date, results, normal_range, status, ordered_by)
    select ${familyId}, ${childId}, (array['Hemoglobin','Sodium','Potassium','ALT'])[1 + i % 4], current_date - (i % 3650),
      (10 + i % 5)::text || ' g/dL', '11.5-15.5 g/dL', 'completed', 'Dr. Patel'
    from generate_series(1, ${share(0.2)}::int) as i`);
  await db.execute(sql`
    insert into specialist_visits (family_id, child_id, doctor_name, specialty, date, time, location, purpose)
    select ${familyId}, ${childId}, 'Dr. Patel', 'Gastroenterology', current_date - (i % 3650), '10:00', 'Clinic B', 'Review'
    from generate_series(1, ${share(0.05)}::int) as i`);
  await db.execute(sql`
    insert into food_diary_entries (family_id, child_id, date, meal_type, foods, portion)
    select ${familyId}, ${childId}, current_date - (i % 3650), 'breakfast', array['rice cereal','banana'], 'small'
    from generate_series(1, ${share(0.1)}::int) as i`);
  await db.execute(sql`
    insert into notes (family_id, child_id, title, content, tags)
    select ${familyId}, ${childId}, 'Night ' || i, repeat('The pump alarmed once, line flushed fine. ', 4), array['pump']
    from generate_series(1, ${share(0.05)}::int) as i`);
  await app.close();
  await database.close();
}

/** Child: starts the server on the seeded data, signs in, runs one export and reports JSON. */
async function runOne(dataDir: string, format: string) {
  const { app, database } = await start(dataDir);
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  const login = await fetch(`${address}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  const cookie = sessionCookieOf(login.headers.get("set-cookie"));
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const started = performance.now();
  let bytes = 0;
  if (format === "rows") {
    for (const table of TABLES) {
      const result = (await database.db.execute(sql.raw(`select * from ${table}`))) as { rows: unknown[] };
      bytes += JSON.stringify(result.rows).length;
    }
  } else if (format !== "idle") {
    const response = await fetch(`${address}/api/account/export?format=${format}`, { headers: { cookie } });
    if (!response.ok) throw new Error(`${format}: ${response.status} ${await response.text()}`);
    for await (const chunk of response.body!) bytes += (chunk as Uint8Array).byteLength;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  await app.close();
  await database.close();
  console.log(JSON.stringify({ format, seconds, bytes, extraMb: (peak - rssBefore) / 2 ** 20 }));
}

if (argument("--run")) {
  await runOne(argument("--data")!, argument("--run")!);
  process.exit(0);
}

const total = Number(argument("--records") ?? 15_000);
const formats = argument("--formats")?.split(",") ?? [...EXPORT_FORMATS];
const unknown = formats.filter((format) => !(EXPORT_FORMATS as readonly string[]).includes(format));
if (unknown.length > 0)
  throw new Error(`Unknown formats: ${unknown.join(", ")} (known: ${EXPORT_FORMATS.join(", ")})`);
const writing = process.argv.includes("--write");
if (writing && formats.length < EXPORT_FORMATS.length)
  throw new Error("--write needs every format: leave out --formats");
const dataDir = mkdtempSync(join(tmpdir(), "mct-bench-exports-"));
console.log(`Seeding ${total.toLocaleString("en-US")} records...`);
await seed(dataDir, total);
const script = fileURLToPath(import.meta.url);
const results: { format: string; seconds: number; bytes: number; extraMb: number }[] = [];
for (const format of ["idle", "rows", ...formats]) {
  const run = spawnSync(
    process.execPath,
    [...process.execArgv, "--expose-gc", script, "--run", format, "--data", dataDir],
    { encoding: "utf8", maxBuffer: 1 << 20 },
  );
  if (run.status !== 0) throw new Error(`${format} failed:\n${run.stderr}`);
  const line = run.stdout.trim().split("\n").at(-1)!;
  results.push(JSON.parse(line));
  console.log(line);
}
rmSync(dataDir, { recursive: true, force: true });

const rows = results.find((r) => r.format === "rows")!;
const idle = results.find((r) => r.format === "idle")!;
const label = (format: string) =>
  ({ idle: "idle (baseline for memory)", rows: "all rows read, no formatting (baseline for time)" })[
    format
  ] ?? format;
const table = [
  "| Format | Time | × rows read | Size | Extra peak memory |",
  "| --- | --- | --- | --- | --- |",
  ...results.map(
    (r) =>
      `| ${label(r.format)} | ${r.format === "idle" ? "–" : `${r.seconds.toFixed(2)} s`} | ${
        r.format === "idle" ? "–" : `${(r.seconds / rows.seconds).toFixed(1)}×`
      } | ${r.bytes ? `${(r.bytes / 2 ** 20).toFixed(1)} MB` : "–"} | ${Math.max(0, r.extraMb - (r.format === "idle" ? 0 : idle.extraMb)).toFixed(0)} MB |`,
  ),
].join("\n");
console.log(`\n${table}`);
if (writing) {
  const file = "docs/performance.md";
  const doc = readFileSync(file, "utf8");
  const block = `<!-- exports:start -->\n${table}\n\nMeasured ${new Date().toISOString().slice(0, 10)} with \`npm run bench:exports -- --write\` (${total.toLocaleString("en-US")} records, each format in a fresh process, streamed over HTTP on the embedded database).\n<!-- exports:end -->`;
  writeFileSync(file, doc.replace(/<!-- exports:start -->[\s\S]*<!-- exports:end -->/, block));
}
