/**
 * `npm run bench`: throughput and latency of the built app's signed-in calls on a ten-year family
 * (scripts/bench-family.ts), on the embedded database and on PostgreSQL, side by side with two
 * ceilings measured in the same run on the same machine:
 *   - bare Fastify answering a constant (what the HTTP stack alone allows);
 *   - bare Fastify running the TPN list's SQL through the database driver with no session,
 *     no validation and no logging (the data ceiling: what the query and its JSON allow);
 *   - on PostgreSQL, the stack the app was first written on (Express, express-session with
 *     connect-pg-simple, node-postgres) serving the same two lists behind its session check.
 * A figure alone means little on a shared machine; the ratios to the ceilings mean a lot.
 *   npm run bench [-- --duration 5] [-- --scale 1] [-- --write]
 *   npm run bench -- --only "children" --profile /tmp/prof   (a CPU profile of the app under load)
 *   npm run bench -- --database postgresql   (one database only: pglite or postgresql)
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) is used
 * to create and drop a database of its own; skipped when unreachable. `--write` puts the table
 * in docs/performance.md between the bench markers.
 */

import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import autocannon from "autocannon";
import connectPgSimple from "connect-pg-simple";
import express from "express";
import session from "express-session";
import Fastify from "fastify";
import pg from "pg";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { type Database, openPglite, openPostgres } from "../src/server/db/client";
import { migrate } from "../src/server/db/migrate";
import { createPasswordHasher } from "../src/server/modules/auth/passwords";
import { sessionCookieOf } from "./api-client";
import { seedTenYearFamily } from "./bench-family";
import { buildIfStale } from "./build-if-stale.mjs";
import { startBuiltApp, stop } from "./served-app";

const EMAIL = "bench@example.org";
const PASSWORD = "benchmark password 1";
const CONNECTIONS = [10, 50];
const ORIGINAL_CHILDREN = "original stack: children list";
const ORIGINAL_TPN = "original stack: TPN list, one child";

const argument = (name: string, fallback: string) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : (process.argv[at + 1] ?? fallback);
};

/** The children list's query, written by hand: the data ceiling of a short list. */
const CHILDREN_LIST_SQL = `select id, name, created_by as "createdBy", updated_by as "updatedBy",
   date_of_birth as "dateOfBirth", age, gender,
  medical_diagnosis as "medicalDiagnosis", avatar_color as "avatarColor", notes, created_at as "createdAt",
  updated_at as "updatedAt" from children where family_id = $1 order by created_at, name`;

/** The care team's query, written by hand: a list of 20 people, newest first, as the app orders it. */
const CARE_TEAM_LIST_SQL = `select id, name, role, specialty, phone, email, hospital, notes,
  created_by as "createdBy", updated_by as "updatedBy", created_at as "createdAt", updated_at as "updatedAt"
  from care_team_members where family_id = $1 order by created_at desc`;

/** The TPN list's query as the app sends it, written by hand: the data ceiling's work. */
const TPN_LIST_SQL = `select id, child_id as "childId", created_by as "createdBy", updated_by as "updatedBy",
  date, calories, protein,
  carbohydrates, fat, volume, duration, notes, created_at as "createdAt", updated_at as "updatedAt"
  from tpn_entries where family_id = $1 and child_id = $2
  order by date desc nulls last, created_at desc nulls last, id desc nulls last limit 101`;

/**
 * The names of a list's authors, as the app reads them: one lookup of the people the rows name
 * (`withAuthorNames` in src/server/lib/authors.ts), after the list's own query.
 */
const AUTHOR_NAMES_SQL = `select id, first_name as "firstName", last_name as "lastName", email from users where id = any($1::uuid[])`;

type Query = (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>;

/** Names read, for a minute, as the app keeps them (`withAuthorNames`). */
const knownNames = new Map<string, { name: string | null; until: number }>();

/**
 * A list's rows with their authors' names, as the app answers it: the list's query, then the
 * names of the people it names that this process has not read within a minute.
 */
async function listWithNames(query: Query, text: string, params: unknown[]) {
  const rows = (await query(text, params)).rows as { createdBy: string | null; updatedBy: string | null }[];
  const now = Date.now();
  const ids = [...new Set(rows.flatMap((row) => [row.createdBy, row.updatedBy]).filter((id) => id !== null))];
  const unknown = ids.filter((id) => (knownNames.get(id)?.until ?? 0) <= now);
  if (unknown.length) {
    const people = (await query(AUTHOR_NAMES_SQL, [unknown])).rows as {
      id: string;
      firstName: string | null;
      lastName: string | null;
      email: string | null;
    }[];
    for (const id of unknown) {
      const person = people.find((p) => p.id === id);
      const name = person
        ? [person.firstName, person.lastName].filter(Boolean).join(" ") || person.email
        : null;
      knownNames.set(id, { name, until: now + 60_000 });
    }
  }
  const name = (id: string | null) => (id ? (knownNames.get(id)?.name ?? null) : null);
  return rows.map((row) => ({
    ...row,
    createdByName: name(row.createdBy),
    updatedByName: name(row.updatedBy),
  }));
}

// ---------------------------------------------------------------------------------------------
// The ceilings' server (run as its own process: `bench.ts --ceiling <pglite dir | url> ...`).

async function serveCeiling(target: string, familyId: string, childId: string) {
  const query: Query = target.startsWith("postgres")
    ? (() => {
        const pool = new pg.Pool({ connectionString: target, max: 10 });
        return (text, params) => pool.query(text, params);
      })()
    : await (async () => {
        // The app keeps the embedded database in DATA_DIR/db.
        const client = await PGlite.create(join(target, "db"));
        return (text, params) => client.query(text, params);
      })();
  const app = Fastify({ logger: false });
  app.get("/ceiling", async () => ({ ok: true }));
  app.get("/data", () => listWithNames(query, TPN_LIST_SQL, [familyId, childId]));
  app.get("/data/children", () => listWithNames(query, CHILDREN_LIST_SQL, [familyId]));
  app.get("/data/care-team", () => listWithNames(query, CARE_TEAM_LIST_SQL, [familyId]));
  app.setErrorHandler((error: Error, _request, reply) => {
    console.error(`ceiling: ${error.message}`);
    return reply.status(500).send({ message: error.message });
  });
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  if (target.startsWith("postgres")) console.log(`original ${await serveOriginalStack(target, childId)}`);
  console.log(`listening ${address}`);
}

/**
 * The stack the app was first written on, for comparison (PostgreSQL only): Express,
 * express-session with its sessions in PostgreSQL (connect-pg-simple), node-postgres, serving the
 * same two lists with the same SQL behind a session check. `POST /login` starts a session.
 */
async function serveOriginalStack(url: string, childId: string): Promise<string> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const PgStore = connectPgSimple(session);
  const app = express();
  app.use(express.json());
  app.use(
    session({
      store: new PgStore({ pool, tableName: "bench_original_sessions", createTableIfMissing: true }),
      secret: "b".repeat(64),
      resave: false,
      saveUninitialized: false,
      cookie: { httpOnly: true, sameSite: "lax", maxAge: 24 * 60 * 60 * 1000 },
    }),
  );
  app.post("/login", (req, res) => {
    (req.session as unknown as { familyId: string }).familyId = String(req.body.familyId);
    req.session.save(() => res.json({ ok: true }));
  });
  const signedIn = (req: express.Request, res: express.Response) => {
    const familyId = (req.session as unknown as { familyId?: string }).familyId;
    if (!familyId) res.status(401).json({ message: "Unauthorized" });
    return familyId;
  };
  app.get("/children", async (req, res) => {
    const familyId = signedIn(req, res);
    if (familyId) res.json(await listWithNames((t, p) => pool.query(t, p), CHILDREN_LIST_SQL, [familyId]));
  });
  app.get("/tpn", async (req, res) => {
    const familyId = signedIn(req, res);
    if (familyId)
      res.json(await listWithNames((t, p) => pool.query(t, p), TPN_LIST_SQL, [familyId, childId]));
  });
  return new Promise((resolve) => {
    const server = app.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      resolve(`http://127.0.0.1:${port}`);
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The orchestrator.

interface Result {
  database: string;
  name: string;
  connections: number;
  requests: number;
  p50: number;
  p99: number;
  errors: number;
  /** The server process's CPU time (user and system) per answered request, in µs; Linux only. */
  cpuUs: number | undefined;
}

/**
 * The CPU time (user and system, in ms) a process has used so far, from /proc (Linux); undefined
 * elsewhere. Per request it varies much less than throughput on a machine shared with other work.
 */
function cpuMsOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime, the 14th and 15th fields, in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

async function load(
  url: string,
  connections: number,
  duration: number,
  options: { headers?: Record<string, string>; method?: "GET" | "POST"; body?: string } = {},
  /** The server's process, whose CPU time per request is measured. */
  pid?: number,
) {
  const cpuBefore = cpuMsOf(pid);
  // Ten-year lists are large: a slow answer counts as slow, not as an error.
  const result = await autocannon({ url, connections, duration, timeout: 60, ...options });
  const cpuAfter = cpuMsOf(pid);
  return {
    requests: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpuUs:
      cpuBefore === undefined || cpuAfter === undefined || result.requests.total === 0
        ? undefined
        : ((cpuAfter - cpuBefore) * 1000) / result.requests.total,
  };
}

/** A fresh database with the family in it: the user's id and the children's ids. */
async function prepare(database: Database, dataDir: string) {
  await migrate(database);
  const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: "b".repeat(64), LOG_LEVEL: "silent" });
  const app = await buildApp({
    config,
    db: database.db,
    logger: false,
    passwords: createPasswordHasher({ N: 2 ** 14, r: 8, p: 1 }),
  });
  const register = await app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: { email: EMAIL, password: PASSWORD, firstName: "Maria", lastName: "Lopez" },
  });
  const cookie = sessionCookieOf(register.headers["set-cookie"]);
  const familyId = register.json().familyId as string;
  const children: string[] = [];
  for (const name of ["Sam Rivera", "Leo Rivera"]) {
    const child = await app.inject({
      method: "POST",
      url: "/api/children",
      headers: { cookie },
      payload: { name },
    });
    children.push(child.json().id);
  }
  // The care team of a family followed by several services: twenty people.
  for (let n = 1; n <= 20; n += 1) {
    await app.inject({
      method: "POST",
      url: "/api/care-team",
      headers: { cookie },
      payload: { name: `Dr. Member ${n}`, role: "Doctor", phone: "+1 555 0100", hospital: "Children's" },
    });
  }
  await seedTenYearFamily(
    database.db,
    familyId,
    children as [string, string],
    Number(argument("--scale", "1")),
  );
  await app.close();
  return { familyId, children };
}

async function benchDatabase(name: string, duration: number, setup: { dataDir: string; url?: string }) {
  const results: Result[] = [];
  const record = (label: string, connections: number, r: Awaited<ReturnType<typeof load>>) => {
    results.push({ database: name, name: label, connections, ...r });
    console.log(
      `${name.padEnd(10)} ${label.padEnd(34)} ${String(connections).padStart(3)} conn  ${r.requests.toFixed(0).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms${r.cpuUs === undefined ? "" : `  server CPU ${r.cpuUs.toFixed(0)} µs/req`}${r.errors ? `  ${r.errors} errors` : ""}`,
    );
  };

  const database = setup.url ? openPostgres(setup.url) : await openPglite(setup.dataDir);
  const { familyId, children } = await prepare(database, setup.dataDir);
  await database.close();

  // The ceilings, in their own process (PGlite: one process at a time on its folder).
  const ceiling = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      fileURLToPath(import.meta.url),
      "--ceiling",
      setup.url ?? setup.dataDir,
      familyId,
      children[0]!,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  let original: string | undefined;
  const address = await new Promise<string>((resolve, reject) => {
    ceiling.stdout!.on("data", (chunk: Buffer) => {
      const text = chunk.toString();
      original ??= /original (\S+)/.exec(text)?.[1];
      const match = /listening (\S+)/.exec(text);
      if (match) resolve(match[1]!);
    });
    ceiling.once("exit", (code) => reject(new Error(`the ceiling server exited (${code})`)));
  });
  // With `--only`, the data ceilings of the other calls are left out (and the original stack
  // unless it serves the call measured).
  const only = process.argv.includes("--only") ? argument("--only", "") : null;
  const measured = (label: string) => !only || label.includes(only);
  const dataCeilings: [string, string][] = [
    ["TPN list SQL, no session (data)", "/data"],
    ["children SQL, no session (data)", "/data/children"],
    ["care team SQL, no session (data)", "/data/care-team"],
  ];
  for (const connections of CONNECTIONS) {
    record(
      "bare Fastify (ceiling)",
      connections,
      await load(`${address}/ceiling`, connections, duration, {}, ceiling.pid),
    );
    for (const [label, path] of dataCeilings) {
      if (measured(label.replace(" SQL", " list"))) {
        record(label, connections, await load(`${address}${path}`, connections, duration, {}, ceiling.pid));
      }
    }
  }
  if (original && (measured("children list") || measured("TPN list"))) {
    const login = await fetch(`${original}/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ familyId }),
    });
    // The original stack's cookie (express-session's connect.sid), its only one.
    const headers = { cookie: login.headers.get("set-cookie")!.split(";")[0]! };
    for (const connections of CONNECTIONS) {
      record(
        ORIGINAL_CHILDREN,
        connections,
        await load(`${original}/children`, connections, duration, { headers }, ceiling.pid),
      );
      record(
        ORIGINAL_TPN,
        connections,
        await load(`${original}/tpn`, connections, duration, { headers }, ceiling.pid),
      );
    }
  }
  await stop(ceiling);

  // The built app, as it runs in production (its default logging included).
  const profile = process.argv.includes("--profile") ? argument("--profile", "/tmp/prof") : null;
  const {
    base,
    server,
    stop: stopServer,
  } = await startBuiltApp(
    { DATA_DIR: setup.dataDir, ...(setup.url ? { DATABASE_URL: setup.url } : {}) },
    profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : [],
  );
  try {
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
    const cookie = sessionCookieOf(login.headers.get("set-cookie"));
    const headers = { cookie, origin: base };
    const calls: [string, string, Parameters<typeof load>[3]?][] = [
      ["dashboard stats", "/api/dashboard/stats"],
      ["children list", "/api/children"],
      ["care team list", "/api/care-team"],
      ["TPN list, one child", `/api/tpn?childId=${children[0]}`],
      ["symptoms list", "/api/symptoms"],
      ["symptom heatmap", "/api/symptoms/heatmap"],
      [
        "create a symptom entry",
        "/api/symptoms",
        {
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: JSON.stringify({
            date: new Date().toISOString().slice(0, 10),
            symptoms: "fever",
            painLevel: 3,
          }),
        },
      ],
    ];
    for (const [label, path, options] of calls.filter(([label]) => measured(label))) {
      for (const connections of CONNECTIONS) {
        record(
          `ours: ${label}`,
          connections,
          await load(`${base}${path}`, connections, duration, options ?? { headers }, server.pid),
        );
      }
    }
  } finally {
    await stopServer();
  }
  return results;
}

function table(results: Result[]): string {
  const lines = [
    "| Database | Call | Connections | req/s | p50 | p99 | % of ceiling | % of data ceiling | × original stack | server CPU per request |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const r of results) {
    const same = (name: string) =>
      results.find((x) => x.database === r.database && x.connections === r.connections && x.name === name);
    const ceiling = same("bare Fastify (ceiling)")!;
    const data = same(
      r.name.includes("children")
        ? "children SQL, no session (data)"
        : r.name.includes("care team")
          ? "care team SQL, no session (data)"
          : "TPN list SQL, no session (data)",
    )!;
    const percent = (of: Result) => `${Math.round((r.requests / of.requests) * 100)} %`;
    const isList = ["TPN list, one child", "children list", "care team list"].some((list) =>
      r.name.endsWith(list),
    );
    const original =
      r.name === "ours: children list"
        ? same(ORIGINAL_CHILDREN)
        : r.name === "ours: TPN list, one child"
          ? same(ORIGINAL_TPN)
          : undefined;
    lines.push(
      `| ${r.database} | ${r.name} | ${r.connections} | ${r.requests.toFixed(0)} | ${r.p50} ms | ${r.p99} ms | ${percent(ceiling)} | ${isList || r.name.includes("SQL, no session") ? percent(data) : ""} | ${original ? `${(r.requests / original.requests).toFixed(1)}×` : ""} | ${r.cpuUs === undefined ? "" : `${r.cpuUs.toFixed(0)} µs`} |`,
    );
  }
  return lines.join("\n");
}

async function main() {
  buildIfStale();
  const duration = Number(argument("--duration", "5"));
  const results: Result[] = [];
  const only = argument("--database", "").toLowerCase();

  if (only !== "postgresql") {
    const embeddedDir = mkdtempSync(join(tmpdir(), "mct-bench-"));
    try {
      results.push(...(await benchDatabase("PGlite", duration, { dataDir: embeddedDir })));
    } finally {
      rmSync(embeddedDir, { recursive: true, force: true });
    }
  }

  const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const admin = new pg.Client({ connectionString: adminUrl });
  const reachable =
    only !== "pglite" &&
    (await admin.connect().then(
      () => true,
      () => false,
    ));
  if (reachable) {
    const name = `mct_bench_${randomBytes(4).toString("hex")}`;
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const dataDir = mkdtempSync(join(tmpdir(), "mct-bench-"));
    try {
      results.push(...(await benchDatabase("PostgreSQL", duration, { dataDir, url: url.href })));
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  } else {
    if (only !== "pglite") console.log(`PostgreSQL skipped: ${adminUrl} is not reachable`);
  }

  const text = `${table(results)}\n\nMeasured ${new Date().toISOString().slice(0, 10)} with \`npm run bench -- --write\` (autocannon, ${duration} s per row, the family of scripts/bench-family.ts at scale ${argument("--scale", "1")}, on this repository's 2-core machine).`;
  console.log(`\n${text}`);
  if (process.argv.includes("--write")) {
    const file = new URL("../docs/performance.md", import.meta.url);
    const doc = readFileSync(file, "utf8");
    const scale = argument("--scale", "1");
    const marker = scale === "1" ? "bench" : `bench-scale-${scale}`;
    const start = `<!-- ${marker}:start -->`;
    const end = `<!-- ${marker}:end -->`;
    const next = doc.includes(start)
      ? `${doc.slice(0, doc.indexOf(start) + start.length)}\n${text}\n${doc.slice(doc.indexOf(end))}`
      : `${doc.trimEnd()}\n\n## ${scale === "1" ? "The signed-in calls against their ceilings" : `The same calls at ${scale} times the history`}\n\n${start}\n${text}\n${end}\n`;
    writeFileSync(file, next);
  }
}

if (process.argv[2] === "--ceiling") {
  await serveCeiling(process.argv[3]!, process.argv[4]!, process.argv[5]!);
} else {
  await main();
}
