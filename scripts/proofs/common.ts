/**
 * What the proof scripts share (scripts/proofs/*.ts, docs/security.md "Proofs"): the built server
 * on either database, people signed in to it, and the figures' shape.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { buildIfStale } from "../build-if-stale.mjs";
import { freePort, stop, waitFor } from "../served-app";

export type DatabaseKind = "pglite" | "postgresql";

/** The administrative address of the PostgreSQL server the proofs make their databases on. */
export const POSTGRES_URL = process.env.PROOF_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export const argument = (name: string, fallback: string) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : (process.argv[at + 1] ?? fallback);
};

/** The databases asked for (`--databases pglite,postgresql`), both by default. */
export const databasesAsked = (): DatabaseKind[] =>
  argument("--databases", "pglite,postgresql")
    .split(",")
    .map((d) => d.trim())
    .filter((d): d is DatabaseKind => d === "pglite" || d === "postgresql");

/** The machine's load average (1, 5, 15 minutes) and its cores: the machine is shared. */
export function machineLoad(): string {
  const [one, five, fifteen] = loadavg().map((x) => x.toFixed(2));
  return `load average ${one}, ${five}, ${fifteen} on ${availableParallelism()} cores`;
}

async function adminQuery(statement: string) {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A place for the server's data: a temporary DATA_DIR, and on PostgreSQL a new database. `drop`
 * removes both.
 */
export async function makeDataPlace(kind: DatabaseKind) {
  const dataDir = mkdtempSync(join(tmpdir(), "mct-proof-"));
  let databaseUrl: string | undefined;
  let name: string | undefined;
  if (kind === "postgresql") {
    name = `mct_proof_${randomBytes(5).toString("hex")}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.href;
  }
  return {
    dataDir,
    databaseUrl,
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
      if (name) await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export interface Server {
  base: string;
  child: ChildProcess;
  /** What the server printed (its log at warn and above), the last 4000 characters. */
  log(): string;
  /** How many requests it answered, by status (counted from its log at LOG_LEVEL=info). */
  answered(): Map<number, number>;
  stop(): Promise<void>;
}

/**
 * The built server (`npm run build` first when its sources are newer), as `npm start` runs it, on
 * a free port of 127.0.0.1. It believes X-Forwarded-For from the loopback (TRUST_PROXY), so the
 * proofs' people can each come from an address of their own, as behind a proxy.
 */
export async function startServer(
  place: { dataDir: string; databaseUrl?: string | undefined },
  port?: number,
  env: Record<string, string> = {},
): Promise<Server> {
  const chosen = port ?? (await freePort());
  const base = `http://127.0.0.1:${chosen}`;
  const child = spawn(process.execPath, ["dist/server/main.js"], {
    env: {
      ...process.env,
      PORT: String(chosen),
      HOST: "127.0.0.1",
      DATA_DIR: place.dataDir,
      SESSION_SECRET: "p".repeat(64),
      LOG_LEVEL: "warn",
      TRUST_PROXY: "loopback",
      ...(place.databaseUrl ? { DATABASE_URL: place.databaseUrl } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Its log (JSON lines, warn and above) and anything it prints, the last 4000 characters.
  let errors = "";
  const answered = new Map<number, number>();
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    // With LOG_LEVEL=info, each request's line: counted by status.
    for (const match of text.matchAll(/"res":\{"statusCode":(\d+)\}/g))
      answered.set(Number(match[1]), (answered.get(Number(match[1])) ?? 0) + 1);
    errors = (errors + text.replace(/^.*"msg":"(request completed|incoming request)".*$\n?/gm, "")).slice(
      -4000,
    );
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  try {
    await waitFor(`${base}/api/health`, child, 300_000);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${errors}`);
  }
  return { base, child, log: () => errors, answered: () => answered, stop: () => stop(child) };
}

export function buildFirst() {
  buildIfStale();
}

let addresses = 0;
/** Documentation ranges (RFC 5737): only ever a header's words, never an address connected to. */
const RANGES = ["192.0.2", "198.51.100", "203.0.113"];
/** An address of its own for a person, as a proxy would name it. */
export function nextAddress(): string {
  addresses += 1;
  return `${RANGES[Math.floor(addresses / 250) % RANGES.length]}.${(addresses % 250) + 1}`;
}

export interface Answer {
  status: number;
  body: unknown;
  ms: number;
}

/** One person's client: their cookies (session, family in use) and their address. */
export class Person {
  private cookies = new Map<string, string>();
  readonly address: string;
  id = "";
  familyId = "";
  email = "";

  /** The Set-Cookie lines of the last answer, as the server wrote them. */
  setCookies: string[] = [];
  /** The site's origin its writes say they come from (PUBLIC_URL's, when the server has one). */
  origin: string;

  constructor(
    readonly base: string,
    address?: string,
  ) {
    this.address = address ?? nextAddress();
    this.origin = base;
  }

  async send(method: string, path: string, body?: unknown, timeoutMs = 30_000): Promise<Answer> {
    const started = performance.now();
    const response = await fetch(this.base + path, {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        origin: this.origin,
        "x-forwarded-for": this.address,
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    this.setCookies = response.headers.getSetCookie();
    for (const line of this.setCookies) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: kept as text
    }
    return { status: response.status, body: parsed, ms: performance.now() - started };
  }

  /** Sends and expects a 2xx: answers the body. */
  async must<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> {
    const answer = await this.send(method, path, body);
    if (answer.status < 200 || answer.status >= 300)
      throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
    return answer.body as T;
  }

  cookie(name: string) {
    return this.cookies.get(name);
  }
}

export const PASSWORD = "a proof of many parents";

/** A new account, signed in. */
export async function signUp(base: string, firstName: string, origin = base): Promise<Person> {
  const person = new Person(base);
  person.origin = origin;
  person.email = `${firstName.toLowerCase()}-${randomBytes(4).toString("hex")}@example.org`;
  const made = await person.must<{ id: string; familyId: string }>("POST", "/api/auth/register", {
    email: person.email,
    password: PASSWORD,
    firstName,
    lastName: "Proof",
    timeZone: "UTC",
  });
  person.id = made.id;
  person.familyId = made.familyId;
  return person;
}

/**
 * A family of `size` people: its owner and caregivers who asked to join through an invitation and
 * were let in (no mail needed), each using the family.
 */
export async function makeFamily(base: string, n: number, size: number): Promise<Person[]> {
  const owner = await signUp(base, `Owner${n}`);
  const people = [owner];
  for (let m = 1; m < size; m += 1) {
    const member = await signUp(base, `Carer${n}x${m}`);
    const invitation = await owner.must<{ id: string; url: string }>("POST", "/api/family/invitations", {
      email: member.email,
      role: "caregiver",
    });
    const token = new URL(invitation.url).searchParams.get("token")!;
    await member.must("POST", "/api/invitations/request", { token });
    await owner.must("POST", `/api/family/invitations/${invitation.id}/approve`);
    await member.must("PUT", "/api/auth/family", { familyId: owner.familyId });
    member.familyId = owner.familyId;
    people.push(member);
  }
  return people;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const today = () => new Date().toISOString().slice(0, 10);

/** Prints a table of rows (objects of the same keys) as Markdown. */
export function markdownTable(rows: Record<string, string | number>[]): string {
  if (!rows.length) return "";
  const keys = Object.keys(rows[0]!);
  return [
    `| ${keys.join(" | ")} |`,
    `| ${keys.map(() => "---").join(" | ")} |`,
    ...rows.map((r) => `| ${keys.map((k) => String(r[k])).join(" | ")} |`),
  ].join("\n");
}
