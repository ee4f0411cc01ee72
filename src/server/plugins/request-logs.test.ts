import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/helpers/test-database";
import { buildApp } from "../app";
import { loadConfig } from "../config";

let lines: string[] = [];
let close: () => Promise<void>;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  const { database, drop } = await createTestDatabase();
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
  app = await buildApp({ config, db: database.db, logger: { stream } });
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
});
