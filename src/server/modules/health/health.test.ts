import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../../tests/helpers/test-app";
import { createTestDatabase } from "../../../../tests/helpers/test-database";
import { migrationsFolder } from "../../db/migrate";
import { checkHealth } from "./health.routes";

describe("GET /api/health", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("answers 200 without a session when the database answers and every migration is applied", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it("answers 503 with the reason when this version carries a migration the database lacks", async () => {
    // This build's migrations plus one made after them, which the database has not had.
    const folder = mkdtempSync(join(tmpdir(), "mct-migrations-"));
    try {
      cpSync(migrationsFolder(), folder, { recursive: true });
      const journalFile = join(folder, "meta", "_journal.json");
      const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { when: number }[] };
      const last = journal.entries.at(-1)!;
      journal.entries.push({ ...last, when: last.when + 1000 });
      writeFileSync(journalFile, JSON.stringify(journal));
      const health = await checkHealth(t.database.db, folder);
      expect(health).toEqual({
        status: "unavailable",
        reason: `The database is missing 1 of this version's ${journal.entries.length} migrations.`,
      });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("answers 503 when the database cannot be reached", async () => {
    const { database, drop } = await createTestDatabase("fresh");
    await database.close();
    expect(await checkHealth(database.db)).toEqual({
      status: "unavailable",
      reason: "The database cannot be reached.",
    });
    await drop().catch(() => {});
  });
});
