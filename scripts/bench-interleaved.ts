/**
 * `npm run bench:interleaved`: the signed-in care-team list (PostgreSQL) of one or more builds of
 * the server against its data ceiling (bench.ts's bare Fastify running the same select), measured
 * in turns of a few seconds each, round after round, every server running the whole time on the
 * same database. On a machine shared with other work, the load changes from one minute to the next:
 * a ratio of two figures measured seconds apart means more than one of figures a minute apart.
 *   npm run bench:interleaved -- [--rounds 6] [--turn 3] [--connections 10,50] [dir ...]
 * Each `dir` holds a built server (dir/dist/server/main.js, its packages in dir/node_modules or
 * above, its migrations in dir/drizzle); by default this checkout's. PostgreSQL at
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) makes and drops a
 * database of its own.
 */

import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { openPostgres } from "../src/server/db/client";
import { migrate } from "../src/server/db/migrate";
import { createPasswordHasher } from "../src/server/modules/auth/passwords";
import { sessionCookieOf } from "./api-client";
import { freePort, stop, waitFor } from "./served-app";

const EMAIL = "bench@example.org";
const PASSWORD = "benchmark password 1";

const argument = (name: string, fallback: string) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : (process.argv[at + 1] ?? fallback);
};

/** The CPU time (user and system, ms) a process has used so far, from /proc (Linux). */
function cpuMsOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

interface Target {
  name: string;
  url: string;
  pid: number | undefined;
  headers: Record<string, string>;
}

async function turn(target: Target, connections: number, seconds: number) {
  const before = cpuMsOf(target.pid);
  const result = await autocannon({
    url: target.url,
    connections,
    duration: seconds,
    headers: target.headers,
  });
  const after = cpuMsOf(target.pid);
  const errors = result.errors + result.non2xx;
  if (errors) console.log(`${target.name}: ${errors} errors`);
  return {
    rps: result.requests.average,
    cpuUs:
      before === undefined || after === undefined || result.requests.total === 0
        ? Number.NaN
        : ((after - before) * 1000) / result.requests.total,
  };
}

/** A family with a care team of twenty, and its person's sign-in. */
async function prepare(url: string, dataDir: string) {
  const database = openPostgres(url);
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
  const child = await app.inject({
    method: "POST",
    url: "/api/children",
    headers: { cookie },
    payload: { name: "Sam Rivera" },
  });
  for (let n = 1; n <= 20; n += 1) {
    await app.inject({
      method: "POST",
      url: "/api/care-team",
      headers: { cookie },
      payload: { name: `Dr. Member ${n}`, role: "Doctor", phone: "+1 555 0100", hospital: "Children's" },
    });
  }
  await app.close();
  await database.close();
  return { familyId, childId: child.json().id as string };
}

function listening(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      const match = /listening (\S+)/.exec(chunk.toString());
      if (match) resolve(match[1]!);
    });
    child.once("exit", (code) => reject(new Error(`the ceiling server exited (${code})`)));
  });
}

async function startServer(dir: string, url: string) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "mct-interleaved-"));
  const child = spawn(process.execPath, [join(dir, "dist/server/main.js")], {
    cwd: dir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      SESSION_SECRET: "b".repeat(64),
      DATA_DIR: dataDir,
      DATABASE_URL: url,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitFor(`${base}/api/auth/config`, child);
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const cookie = sessionCookieOf(login.headers.get("set-cookie"));
  return { child, base, cookie, dataDir };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main() {
  const rounds = Number(argument("--rounds", "6"));
  const seconds = Number(argument("--turn", "3"));
  const connectionCounts = argument("--connections", "10,50").split(",").map(Number);
  const valued = new Set(["--rounds", "--turn", "--connections"]);
  const dirs = process.argv
    .slice(2)
    .filter((arg, i, all) => !arg.startsWith("--") && !valued.has(all[i - 1] ?? ""))
    .map((dir) => resolve(dir));
  if (dirs.length === 0) dirs.push(process.cwd());

  const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const name = `mct_interleaved_${randomBytes(4).toString("hex")}`;
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), "mct-interleaved-"));
  const children: ChildProcess[] = [];
  const dataDirs = [dataDir];
  try {
    const { familyId, childId } = await prepare(url.href, dataDir);
    const ceiling = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        fileURLToPath(new URL("./bench.ts", import.meta.url)),
        "--ceiling",
        url.href,
        familyId,
        childId,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    children.push(ceiling);
    const ceilingBase = await listening(ceiling);
    const targets: Target[] = [
      { name: "ceiling", url: `${ceilingBase}/data/care-team`, pid: ceiling.pid, headers: {} },
    ];
    for (const [i, dir] of dirs.entries()) {
      const server = await startServer(dir, url.href);
      children.push(server.child);
      dataDirs.push(server.dataDir);
      targets.push({
        name: dirs.length === 1 ? "ours" : `ours ${i + 1} (${dir})`,
        url: `${server.base}/api/care-team`,
        pid: server.child.pid,
        headers: { cookie: server.cookie, origin: server.base },
      });
    }
    // Every server answers the same twenty people, or its figures would compare different work.
    const answers = await Promise.all(
      targets.map(async (target) => {
        const response = await fetch(target.url, { headers: target.headers });
        const rows = (await response.json()) as { id: string }[];
        return `${response.status} ${rows.map((row) => row.id).join(",")}`;
      }),
    );
    if (
      new Set(answers).size !== 1 ||
      !answers[0]!.startsWith("200 ") ||
      answers[0]!.split(",").length !== 20
    ) {
      throw new Error(
        `the servers answer different lists: ${answers.map((a) => a.slice(0, 60)).join(" | ")}`,
      );
    }
    // Every server warms up before anything counts.
    for (const target of targets) await turn(target, 10, 1);

    for (const connections of connectionCounts) {
      const ratios = new Map<string, number[]>();
      const cpuRatios = new Map<string, number[]>();
      for (let round = 1; round <= rounds; round += 1) {
        const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
        // Each round in another order, so no server always follows the same one.
        const order = targets.map((_, i) => targets[(i + round) % targets.length]!);
        const figures = new Map<string, { rps: number; cpuUs: number }>();
        for (const target of order) figures.set(target.name, await turn(target, connections, seconds));
        const top = figures.get("ceiling")!;
        const line = targets.map((target) => {
          const f = figures.get(target.name)!;
          if (target.name !== "ceiling") {
            ratios.set(target.name, [...(ratios.get(target.name) ?? []), f.rps / top.rps]);
            cpuRatios.set(target.name, [...(cpuRatios.get(target.name) ?? []), top.cpuUs / f.cpuUs]);
          }
          return `${target.name}: ${f.rps.toFixed(0)} req/s, ${f.cpuUs.toFixed(0)} µs CPU/req`;
        });
        console.log(`${connections} conn, round ${round} (load ${load}): ${line.join("; ")}`);
      }
      for (const [target, values] of ratios) {
        console.log(
          `${connections} conn, ${target}: throughput / ceiling median ${median(values).toFixed(2)} (${values.map((v) => v.toFixed(2)).join(", ")}); ceiling CPU / ours median ${median(cpuRatios.get(target)!).toFixed(2)}`,
        );
      }
    }
  } finally {
    for (const child of children) await stop(child);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
