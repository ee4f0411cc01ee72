import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, queryRows } from "../../../tests/helpers/test-database";
import { buildApp, signedIn } from "../app";
import { loadConfig } from "../config";

let lines: string[] = [];
let close: () => Promise<void>;
let database: Awaited<ReturnType<typeof createTestDatabase>>["database"];
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  const created = await createTestDatabase();
  database = created.database;
  const drop = created.drop;
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), "mct-logs-")),
    SESSION_SECRET: randomBytes(32).toString("hex"),
  });
  app = await buildApp({ config, db: database.db, logger: { stream }, jobs: { manual: true } });
  // A database failure that no validation catches, with record text among the query's parameters.
  await app.register(
    signedIn(async (scope) => {
      scope.post("/api/probe/failing-query", async (request) => {
        const { marker } = request.body as { marker: string };
        await database.db.execute(sql`select ${marker}::text as marker, 1 / 0 as boom`);
        return {};
      });
    }),
  );
  close = async () => {
    await app.close();
    await drop();
  };
});
afterAll(() => close());

describe("request logs", () => {
  it("record each request without its body, cookies or password", async () => {
    lines = [];
    const password = "a very secret password 123";
    const register = await app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { email: "logs@example.org", password, firstName: "Secretname" },
    });
    const cookie = register.cookies.find((c) => c.name === "sid")!;
    await app.inject({
      method: "POST",
      url: "/api/care-team",
      headers: { cookie: `sid=${cookie.value}` },
      payload: { name: "Dr. Confidential", role: "GI", notes: "private medical note" },
    });
    const log = lines.join("");
    expect(log).toContain('"url":"/api/auth/register"');
    expect(log).toContain('"url":"/api/care-team"');
    expect(log).toContain('"statusCode":201');
    for (const secret of [password, cookie.value, "Secretname", "Dr. Confidential", "private medical note"]) {
      expect(log).not.toContain(secret);
    }
  });

  it("record a database failure by its code, never its parameters, password hashes or record text", async () => {
    lines = [];
    const register = await app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { email: "dberror@example.org", password: "another secret password", firstName: "Ana" },
    });
    const cookie = register.cookies.find((c) => c.name === "sid")!;
    const [user] = await queryRows(
      database,
      sql`select password_hash from users where email = 'dberror@example.org'`,
    );
    const hash = String(user!.password_hash);
    const marker = "MARKER-private-record-text-7731";
    const failing = await app.inject({
      method: "POST",
      url: "/api/probe/failing-query",
      headers: { cookie: `sid=${cookie.value}` },
      payload: { marker },
    });
    expect(failing.statusCode).toBe(500);
    expect(failing.json()).toEqual({ message: "Something went wrong on the server. Please try again." });
    // The failed sign-up of an existing email runs a query holding the hash too.
    await app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { email: "dberror@example.org", password: "another secret password" },
    });
    const log = lines.join("");
    expect(log).toContain('"code":"22012"');
    for (const secret of [marker, hash, hash.split("$").at(-1)!, "another secret password"]) {
      expect(log).not.toContain(secret);
    }
  });
});
