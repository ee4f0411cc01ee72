import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { deviceTimeZone } from "../../src/domain/clock";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import type { Database, Db } from "../../src/server/db/client";
import type { Scheduler } from "../../src/server/lib/scheduler";
import { createPasswordHasher, type PasswordHasher } from "../../src/server/modules/auth/passwords";
import { createStorage } from "../../src/server/storage/create-storage";
import type { ObjectStorage } from "../../src/server/storage/object-storage";
import { jobClockOf } from "./job-clock";
import { createTestClock, type TestClock } from "./test-clock";
import { createTestDatabase } from "./test-database";

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The PostgreSQL database's address, for a second app on it (none on PGlite). */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** The app's object storage (local disk, or S3 with S3_BUCKET), to see what files it keeps. */
  storage: ObjectStorage;
  /** How many passwords the app has hashed (sign-ups), to check what it spends work on. */
  hashes(): number;
  /** The clock the app's sessions go by: `advance` it to let time pass without waiting. */
  clock: TestClock;
  /**
   * The app's timed jobs. Nothing runs by itself: `clock.advance(ms)`, then `await
   * scheduler.runDue()` runs every job due by the app's clock (recurring ones too) and resolves
   * once they have run (its first call also queues the recurring jobs' first runs, as of the app's
   * start). `scheduled(queue, key)` tells when a job will run.
   */
  scheduler: Scheduler;
  close(): Promise<void>;
}

/**
 * scrypt at a tiny cost: tests sign up thousands of accounts, and what they check is the flow, not
 * the hash's strength (production uses PRODUCTION_COST; every hash records its own cost). N=2^4
 * takes about 0.03 ms of CPU a hash here, N=2^10 took 1.5 ms: seconds of the suite.
 */
function countingTestHasher() {
  const hasher = createPasswordHasher({ N: 2 ** 4, r: 8, p: 1 });
  let hashes = 0;
  const counted: PasswordHasher = {
    ...hasher,
    hash: (password) => {
      hashes += 1;
      return hasher.hash(password);
    },
  };
  return { counted, hashes: () => hashes };
}

/**
 * The app on a fresh database, configured as in production but for a temporary DATA_DIR and a
 * cheap password hash. `beforeReady` may register extra routes (probes of failure paths);
 * `database: "embedded"` runs it on PGlite even on the PostgreSQL run; `sameDatabaseAs` runs it on
 * another test app's database (other settings without the cost of a database of their own), which
 * its `close` leaves alone.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  beforeReady?: (app: FastifyInstance, db: Db) => unknown,
  options: {
    /** `on-disk`: the embedded database kept in the app's DATA_DIR, as a server keeps it. */
    database?: "configured" | "embedded" | "fresh" | "on-disk";
    clientDir?: string;
    sameDatabaseAs?: TestApp;
    /** Web Push to plain-http endpoints: a local push service (tests/helpers/push-service.ts). */
    allowHttpPush?: boolean;
    /**
     * Push endpoints' hosts allowed though on this machine's network: ["127.0.0.1"] for a local push
     * service (the ntfy servers' are NTFY_ALLOWED_HOSTS, in `env`).
     */
    pushAllowedHosts?: readonly string[];
    /** The reminders run (src/server/modules/tasks/reminders): off unless the test is about them. */
    reminders?: boolean;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), "mct-test-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString("hex"),
    // No nightly backup unless the test is about them: a test that moves its clock past 03:30
    // would otherwise make one.
    BACKUP_SCHEDULE: "off",
    ...env,
  });
  const shared = options.sameDatabaseAs;
  const { database, drop, url } = shared
    ? { database: shared.database, drop: async () => {}, url: shared.databaseUrl }
    : await createTestDatabase(options.database, dataDir);
  const { counted, hashes } = countingTestHasher();
  const storage = createStorage(config);
  const clock = createTestClock();
  const app = await buildApp({
    config,
    db: database.db,
    logger: false,
    passwords: counted,
    storage,
    clientDir: options.clientDir,
    now: clock.now,
    allowHttpPush: options.allowHttpPush ?? false,
    pushAllowedHosts: options.pushAllowedHosts ?? [],
    reminders: options.reminders ?? false,
    jobs: { manual: true, setDatabaseTime: jobClockOf(database.db) },
  });
  await beforeReady?.(app, database.db);
  await app.ready();
  return {
    app,
    database,
    databaseUrl: url,
    dataDir,
    storage,
    hashes,
    clock,
    scheduler: app.scheduler,
    async close() {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const PASSWORD = "correct horse battery staple";

let counter = 0;
/**
 * A client address of its own for each sign-up: sign-ups are limited per address, and tests make
 * many accounts (10.x.y.z, never one a test uses on purpose).
 */
export function uniqueAddress() {
  counter += 1;
  return `10.200.${(counter >> 8) & 255}.${counter & 255}`;
}

/** A unique email for a test user. */
export function uniqueEmail(prefix = "parent") {
  counter += 1;
  return `${prefix}-${counter}-${randomBytes(3).toString("hex")}@example.org`;
}

/** The `name=value` pair of a response's session cookie, for the next request's Cookie header. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === "sid" || c.name === "__Host-sid");
  if (!cookie) throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

/** A client acting as one signed-in user. */
export interface TestUser {
  id: string;
  /** The family the account uses (its own, made at sign-up). */
  familyId: string;
  email: string;
  cookie: string;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  patch(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
}

export function clientFor(
  app: FastifyInstance,
  cookie: string,
  id = "",
  email = "",
  familyId = "",
): TestUser {
  const send = (method: InjectOptions["method"], url: string, body?: unknown) =>
    app.inject({
      method,
      url,
      headers: { cookie },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  return {
    id,
    email,
    familyId,
    cookie,
    get: (url) => send("GET", url),
    post: (url, body) => send("POST", url, body),
    patch: (url, body) => send("PATCH", url, body),
    put: (url, body) => send("PUT", url, body),
    delete: (url) => send("DELETE", url),
  };
}

/** Registers a new local account and returns a client signed in as it. */
export async function signUp(app: FastifyInstance, fields: Record<string, string> = {}): Promise<TestUser> {
  const email = fields.email ?? uniqueEmail();
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/register",
    // The zone a browser on this machine would send, so the tests' `today()` is the family's.
    payload: {
      email,
      password: PASSWORD,
      firstName: "Maria",
      lastName: "Lopez",
      timeZone: deviceTimeZone(),
      ...fields,
    },
    remoteAddress: uniqueAddress(),
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return clientFor(app, sessionCookie(response), response.json().id, email, response.json().familyId);
}
