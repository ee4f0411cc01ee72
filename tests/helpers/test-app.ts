import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import type { Database } from "../../src/server/db/client";
import { createTestDatabase } from "./test-database";

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  dataDir: string;
  close(): Promise<void>;
}

/** The app on a fresh database, configured as in production but for a temporary DATA_DIR. */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), "mct-test-"));
  const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: randomBytes(32).toString("hex"), ...env });
  const { database, drop } = await createTestDatabase();
  const app = await buildApp({ config, db: database.db, logger: false });
  await app.ready();
  return {
    app,
    database,
    dataDir,
    async close() {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const PASSWORD = "correct horse battery staple";

let counter = 0;
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
  email: string;
  cookie: string;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  patch(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
}

export function clientFor(app: FastifyInstance, cookie: string, id = "", email = ""): TestUser {
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
    payload: { email, password: PASSWORD, firstName: "Maria", lastName: "Lopez", ...fields },
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return clientFor(app, sessionCookie(response), response.json().id, email);
}
