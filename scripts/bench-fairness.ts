/**
 * Does one family's big export or restore hold everybody else up? The built app runs on the
 * embedded database (one process, one database connection) with a family of `--records` records
 * (200,000 by default) and a small second family. While the big family downloads each export
 * format, and then restores its backup into a new account, two probes measure what others wait:
 *   - a call that needs no database (`GET /api/auth/config`), every 50 ms;
 *   - a signed-in list of the small family (`GET /api/tpn?childId=`), every 200 ms.
 * The same probes with nothing else running are the baseline of the same run.
 *   npm run bench:fairness [-- --records 200000] [-- --photos 50] [-- --only pdf,restore] [-- --data dir]
 *     [-- --postgres postgres://user@host/db] [-- --write]
 * With `--postgres`, the app runs on a new database of that server (dropped afterwards).
 * `--write` puts the table in docs/performance.md between the fairness markers. Needs a build
 * (`npm run build`; made when missing or stale).
 */

import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import sharp from "sharp";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { type Db, openPglite, openPostgres } from "../src/server/db/client";
import { migrate } from "../src/server/db/migrate";
import { createPasswordHasher } from "../src/server/modules/auth/passwords";
import { processPhoto } from "../src/server/modules/objects/images";
import { createStorage } from "../src/server/storage/create-storage";
import type { ObjectStorage } from "../src/server/storage/object-storage";
import { sessionCookieOf } from "./api-client";
import { seedTenYearFamily } from "./bench-family";
import { buildIfStale } from "./build-if-stale.mjs";
import { startBuiltApp } from "./served-app";

const PASSWORD = "benchmark password 1";
const argument = (name: string) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};
const records = Number(argument("--records") ?? 200_000);
const photos = Number(argument("--photos") ?? 50);
/** `--postgres <url>`: the app on a new database of that PostgreSQL server instead of the embedded one. */
const postgresServer = argument("--postgres");
let databaseUrl: string | undefined;
const only = argument("--only")?.split(",");
/**
 * `--download-kbps <n>`: the big family's downloads are read at about n KB/s (a phone on a poor
 * connection) instead of as fast as they come: a format that writes ahead of its reader shows here.
 */
const downloadKbps = Number(argument("--download-kbps") ?? 0);
const OPERATIONS = ["json", "csv", "excel", "pdf", "word", "fhir", "backup", "restore"].filter(
  (op) => !only || only.includes(op),
);

/**
 * `count` photos of a phone camera's weight (noise, so they compress as poorly as a real scene),
 * stored as the app stores a checked upload, each with its photo record.
 */
async function seedPhotos(db: Db, storage: ObjectStorage, familyId: string, childId: string, count: number) {
  for (let i = 0; i < count; i++) {
    const noise = Buffer.alloc(1600 * 1200 * 3);
    for (let j = 0; j < noise.length; j += 4) noise.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, j);
    const jpeg = await sharp(noise, { raw: { width: 1600, height: 1200, channels: 3 } })
      .jpeg()
      .toBuffer();
    const photo = await processPhoto(jpeg);
    const id = randomUUID();
    await storage.put(`${familyId}/${id}`, photo.full, { contentType: "image/jpeg" });
    await storage.put(`${familyId}/${id}.thumb`, photo.thumbnail, { contentType: "image/jpeg" });
    await db.execute(sql`insert into stored_objects (id, family_id, object_path, storage_key, content_type, size_bytes, finalized_at, attached_at)
      values (${id}, ${familyId}, ${`/objects/uploads/${id}`}, ${`${familyId}/${id}`}, 'image/jpeg', ${photo.full.length}, now(), now())`);
    await db.execute(sql`insert into medical_photos (family_id, child_id, title, photo_url, date_taken, category)
      values (${familyId}, ${childId}, ${`Dressing ${i + 1}`}, ${`/objects/uploads/${id}`}, current_date - ${i}::int, 'surgical_site')`);
  }
}

/** The big family (about `records` records and `--photos` photos, over two children) and a small one. */
async function seed(dataDir: string) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    SESSION_SECRET: "b".repeat(64),
    LOG_LEVEL: "silent",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = databaseUrl ? openPostgres(databaseUrl) : await openPglite(dataDir);
  await migrate(database);
  const app = await buildApp({ config, db: database.db, logger: false, passwords: createPasswordHasher() });
  const register = async (email: string) => {
    const response = await app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { email, password: PASSWORD, firstName: "Bench" },
      remoteAddress: `10.9.0.${email.length}`,
    });
    const cookie = sessionCookieOf(response.headers["set-cookie"]);
    const child = async (name: string) =>
      (
        await app.inject({
          method: "POST",
          url: "/api/children",
          headers: { cookie },
          payload: { name, dateOfBirth: "2019-04-02" },
        })
      ).json().id as string;
    return {
      familyId: response.json().familyId as string,
      cookie,
      children: [await child("Sam"), await child("Ana")],
    };
  };
  const big = await register("big@example.org");
  const small = await register("small@example.org");
  await seedTenYearFamily(database.db, big.familyId, big.children as [string, string], records / 12_480, {
    withinTenYears: true,
  });
  await seedTenYearFamily(database.db, small.familyId, small.children as [string, string], 0.1);
  await seedPhotos(database.db, createStorage(config), big.familyId, big.children[0]!, photos);
  await app.close();
  await database.close();
  return { smallChild: small.children[0]! };
}

async function signIn(base: string, email: string) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email}: ${response.status}`);
  return sessionCookieOf(response.headers.get("set-cookie"));
}

/**
 * Calls `url` one request after another, `everyMs` apart, until stopped; answers the waits in ms.
 * A request that fails (a connection the stalled server dropped) counts as a wait until it failed.
 */
function probe(url: string, cookie: string | undefined, everyMs: number) {
  const waits: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const response = await fetch(url, { headers: cookie ? { cookie } : {} });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${url}: ${response.status}`);
      } catch (error) {
        console.warn(`  ${url}: ${(error as Error).message}`);
      }
      waits.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return async () => {
    running = false;
    await done;
    return waits;
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

interface Row {
  operation: string;
  seconds: number;
  size: string;
  noDb: number[];
  list: number[];
}

async function measure(
  base: string,
  smallCookie: string,
  smallChild: string,
  operation: string,
  work: () => Promise<string>,
): Promise<Row> {
  const stopNoDb = probe(`${base}/api/auth/config`, undefined, 50);
  const stopList = probe(`${base}/api/tpn?childId=${smallChild}`, smallCookie, 200);
  const started = performance.now();
  const size = await work();
  const seconds = (performance.now() - started) / 1000;
  const row = { operation, seconds, size, noDb: await stopNoDb(), list: await stopList() };
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  console.log(
    `${operation.padEnd(10)} ${seconds.toFixed(1).padStart(6)} s  ${size.padStart(9)}  no database: p95 ${ms(percentile(row.noDb, 95))}, worst ${ms(Math.max(...row.noDb))}  list: p95 ${ms(percentile(row.list, 95))}, worst ${ms(Math.max(...row.list))}`,
  );
  return row;
}

const megabytes = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

async function download(base: string, cookie: string, format: string) {
  const response = await fetch(`${base}/api/account/export?format=${format}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`${format}: ${response.status} ${await response.text()}`);
  const chunks: Buffer[] = [];
  const started = performance.now();
  let received = 0;
  for await (const chunk of response.body!) {
    chunks.push(Buffer.from(chunk as Uint8Array));
    received += chunk.length;
    if (downloadKbps > 0) {
      const due = started + (received / 1024 / downloadKbps) * 1000;
      if (due > performance.now()) await new Promise((r) => setTimeout(r, due - performance.now()));
    }
  }
  return Buffer.concat(chunks);
}

/** Restores `file` into a new account and waits for the restore to finish. */
async function restore(base: string, file: Buffer) {
  const email = `restore-${Date.now()}@example.org`;
  const register = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const cookie = sessionCookieOf(register.headers.get("set-cookie"));
  const started = await fetch(`${base}/api/account/import`, {
    method: "POST",
    headers: { cookie, origin: base, "content-type": "application/zip", prefer: "respond-async" },
    body: new Uint8Array(file),
  });
  if (started.status !== 202) throw new Error(`restore: ${started.status} ${await started.text()}`);
  const { id } = (await started.json()) as { id: string };
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    const job = (await (await fetch(`${base}/api/account/import/${id}`, { headers: { cookie } })).json()) as {
      state: string;
      message?: string;
    };
    if (job.state === "done") return;
    if (job.state === "failed") throw new Error(`restore failed: ${job.message}`);
  }
}

buildIfStale();
// `--data <dir>` keeps the seeded family there, for the next run to start from.
const keep = argument("--data");
const dataDir = keep ?? mkdtempSync(join(tmpdir(), "mct-bench-fairness-"));
const seeded = join(dataDir, "bench-seeded.json");
if (postgresServer) {
  const name = `mct_bench_fairness_${Date.now()}`;
  const admin = new pg.Client({ connectionString: postgresServer });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(postgresServer);
  url.pathname = `/${name}`;
  databaseUrl = url.href;
}
let smallChild: string;
if (!databaseUrl && keep && existsSync(seeded)) ({ smallChild } = JSON.parse(readFileSync(seeded, "utf8")));
else {
  console.log(`Seeding about ${records.toLocaleString("en-US")} records...`);
  ({ smallChild } = await seed(dataDir));
  if (keep && !databaseUrl) writeFileSync(seeded, JSON.stringify({ smallChild }));
}
const app = await startBuiltApp({
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const rows: Row[] = [];
try {
  const bigCookie = await signIn(app.base, "big@example.org");
  const smallCookie = await signIn(app.base, "small@example.org");
  const run = (operation: string, work: () => Promise<string>) =>
    measure(app.base, smallCookie, smallChild, operation, work).then((row) => rows.push(row));

  await run("(nothing)", async () => {
    await new Promise((r) => setTimeout(r, 3000));
    return "–";
  });
  let backup: Buffer | undefined;
  for (const operation of OPERATIONS) {
    if (operation === "restore") {
      backup ??= await download(app.base, bigCookie, "backup");
      const file = backup;
      await run("restore", async () => {
        await restore(app.base, file);
        return megabytes(file.length);
      });
      continue;
    }
    await run(operation, async () => {
      const file = await download(app.base, bigCookie, operation);
      if (operation === "backup") backup = file;
      return megabytes(file.length);
    });
  }
} finally {
  await app.stop();
  if (!keep) rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl && postgresServer) {
    const admin = new pg.Client({ connectionString: postgresServer });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${new URL(databaseUrl).pathname.slice(1)} WITH (FORCE)`);
    await admin.end();
  }
}

const ms = (v: number) => `${v.toFixed(0)} ms`;
const table = [
  "| While the big family… | Took | Size | No-database call: p95 / worst | Small family's list: p95 / worst |",
  "| --- | --- | --- | --- | --- |",
  ...rows.map(
    (r) =>
      `| ${r.operation === "(nothing)" ? "does nothing (baseline)" : r.operation === "restore" ? "restores its backup" : `exports ${r.operation}`} | ${r.operation === "(nothing)" ? "–" : `${r.seconds.toFixed(1)} s`} | ${r.size} | ${ms(percentile(r.noDb, 95))} / ${ms(Math.max(...r.noDb))} | ${ms(percentile(r.list, 95))} / ${ms(Math.max(...r.list))} |`,
  ),
].join("\n");
console.log(`\n${table}`);
if (process.argv.includes("--write")) {
  const file = "docs/performance.md";
  const doc = readFileSync(file, "utf8");
  const marker = databaseUrl ? "fairness-postgres" : "fairness";
  const where = databaseUrl ? "PostgreSQL" : "the embedded database";
  const block = `<!-- ${marker}:start -->\n${table}\n\nMeasured ${new Date().toISOString().slice(0, 10)} with \`npm run bench:fairness -- ${databaseUrl ? "--postgres <url> " : ""}--write\` (${records.toLocaleString("en-US")} records and ${photos} photos in the big family, the built app on ${where}).\n<!-- ${marker}:end -->`;
  const pattern = new RegExp(`<!-- ${marker}:start -->[\\s\\S]*<!-- ${marker}:end -->`);
  writeFileSync(
    file,
    pattern.test(doc)
      ? doc.replace(pattern, block)
      : `${doc}\n### While one family exports or restores, on ${where}\n\n${block}\n`,
  );
}
process.exit(0);
