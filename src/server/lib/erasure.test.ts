import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signUp, type TestApp, type TestUser } from "../../../tests/helpers/test-app";
import { queryRows } from "../../../tests/helpers/test-database";
import { driverOf } from "../db/client";
import { ERASE_KEY, ERASE_MAX_WAIT_MS, ERASE_QUEUE, ERASE_QUIET_MS, inErasedFiles } from "./erasure";
import { JOB_SCHEMA } from "./scheduler";

/** The files under `dir` (the app's DATA_DIR, its database's among them) that hold `text`. */
function filesHolding(dir: string, text: string): string[] {
  const needle = Buffer.from(text);
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => readFileSync(file).includes(needle))
    .map((file) => relative(dir, file));
}

/** A note whose title and words are found nowhere else. */
async function uniqueNote(user: TestUser) {
  const title = `Visit ${randomUUID()}`;
  const content = `Words to forget ${randomUUID()}`;
  const response = await user.post("/api/notes", { title, content });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().id as string, title, content };
}

describe("a deletion on the embedded database kept on disk", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, undefined, { database: "on-disk" });
  });
  afterAll(() => t.close());

  it("leaves none of a deleted note's words in the files once deletions have been quiet for 30 seconds", async () => {
    const owner = await signUp(t.app);
    const kept = await uniqueNote(owner);
    const note = await uniqueNote(owner);
    expect((await owner.delete(`/api/notes/${note.id}`)).statusCode).toBe(204);

    // Deleted, but still in the files: the table's page and the write-ahead log hold it.
    expect(filesHolding(t.dataDir, note.content)).not.toEqual([]);
    expect(filesHolding(t.dataDir, note.title)).not.toEqual([]);
    const waiting = await t.scheduler.scheduled<{ tables: string[] }>(ERASE_QUEUE, ERASE_KEY);
    expect(waiting?.runAt).toEqual(new Date(t.clock.now().getTime() + ERASE_QUIET_MS));
    expect(waiting?.data.tables).toEqual(["audit_log", "notes", "record_ids"]);

    t.clock.advance(ERASE_QUIET_MS - 1000);
    await t.scheduler.runDue();
    expect(filesHolding(t.dataDir, note.content)).not.toEqual([]);

    t.clock.advance(1000);
    await t.scheduler.runDue();
    expect(await t.scheduler.scheduled(ERASE_QUEUE, ERASE_KEY)).toBeUndefined();
    // Neither its words nor its title (which the activity log named it by) are in any file.
    expect(filesHolding(t.dataDir, note.content)).toEqual([]);
    expect(filesHolding(t.dataDir, note.title)).toEqual([]);
    // The note kept is still there, and the app still works.
    expect(filesHolding(t.dataDir, kept.content)).not.toEqual([]);
    const read = await owner.get(`/api/notes/${kept.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().content).toBe(kept.content);
    const another = await uniqueNote(owner);
    expect((await owner.get("/api/notes")).json().map((n: { id: string }) => n.id)).toEqual(
      expect.arrayContaining([kept.id, another.id]),
    );
  });

  it("also clears the log segments kept for reuse that held the note", async () => {
    const owner = await signUp(t.app);
    const note = await uniqueNote(owner);
    // As a server does after a restart: a checkpoint keeps the segment that holds the note for
    // reuse (renamed ahead of the one being written), with the note still in it.
    const db = t.database.db;
    await db.execute(sql`set wal_recycle = on`);
    await db.execute(sql`select pg_switch_wal()`);
    await db.execute(sql`checkpoint`);
    expect(filesHolding(join(t.dataDir, "db", "pg_wal"), note.content)).not.toEqual([]);
    expect((await owner.delete(`/api/notes/${note.id}`)).statusCode).toBe(204);

    t.clock.advance(ERASE_QUIET_MS);
    await t.scheduler.runDue();
    expect(filesHolding(t.dataDir, note.content)).toEqual([]);
    expect(filesHolding(t.dataDir, note.title)).toEqual([]);
  });

  it("leaves none of a deleted account's notes in the files", async () => {
    const owner = await signUp(t.app);
    const note = await uniqueNote(owner);
    const gone = await owner.delete("/api/account/user");
    expect(gone.statusCode, gone.body).toBe(200);
    expect(filesHolding(t.dataDir, note.content)).not.toEqual([]);
    const waiting = await t.scheduler.scheduled<{ tables: string[] }>(ERASE_QUEUE, ERASE_KEY);
    expect(waiting?.data.tables).toEqual(expect.arrayContaining(["families", "users"]));

    t.clock.advance(ERASE_QUIET_MS);
    await t.scheduler.runDue();
    expect(filesHolding(t.dataDir, note.content)).toEqual([]);
    expect(filesHolding(t.dataDir, note.title)).toEqual([]);
    // Nor the address, in the database's files (a mail the server could not send, kept in the
    // outbox beside it for its operator, goes by itself after its days there).
    expect(filesHolding(join(t.dataDir, "db"), owner.email)).toEqual([]);
  });

  it("erases at once what a copy of the files would otherwise keep, and nothing once nothing waits", async () => {
    const owner = await signUp(t.app);
    const kept = await uniqueNote(owner);
    const note = await uniqueNote(owner);
    expect((await owner.delete(`/api/notes/${note.id}`)).statusCode).toBe(204);
    const db = t.database.db;
    const { client } = driverOf(db) as { client: PGlite };
    const copyOfFiles = async () => Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer());

    // Before the job's time (the test's clock has not moved): the copy erases first.
    const first = await inErasedFiles(db, copyOfFiles);
    expect(first.erased).toEqual(expect.arrayContaining(["audit_log", "notes", "record_ids"]));
    expect(first.copied.includes(Buffer.from(note.content))).toBe(false);
    expect(first.copied.includes(Buffer.from(note.title))).toBe(false);
    expect(first.copied.includes(Buffer.from(kept.content))).toBe(true);
    expect(filesHolding(t.dataDir, note.content)).toEqual([]);

    // The job still runs at its time; after it, a copy has nothing to erase and rewrites nothing.
    expect(await t.scheduler.scheduled(ERASE_QUEUE, ERASE_KEY)).toBeDefined();
    t.clock.advance(ERASE_MAX_WAIT_MS);
    await t.scheduler.runDue();
    expect(await t.scheduler.scheduled(ERASE_QUEUE, ERASE_KEY)).toBeUndefined();
    expect(await inErasedFiles(db, async () => "copied")).toEqual({ copied: "copied", erased: [] });
  });

  it("waits for deletions in a row, but no longer than 2 minutes after the first", async () => {
    const owner = await signUp(t.app);
    const first = t.clock.now().getTime();
    const runAt = async () => (await t.scheduler.scheduled(ERASE_QUEUE, ERASE_KEY))?.runAt.getTime();
    for (let step = 0; step < 7; step++) {
      const note = await uniqueNote(owner);
      expect((await owner.delete(`/api/notes/${note.id}`)).statusCode).toBe(204);
      const now = t.clock.now().getTime();
      expect(await runAt()).toBe(Math.min(now + ERASE_QUIET_MS, first + ERASE_MAX_WAIT_MS));
      t.clock.advance(20 * 1000);
    }
    expect(await runAt()).toBe(first + ERASE_MAX_WAIT_MS);
    await t.scheduler.runDue();
    expect(await runAt()).toBeUndefined();
  });
});

describe("a deletion on any other database", () => {
  it("schedules no rewrite of its tables (PostgreSQL's own vacuum frees the space)", async () => {
    const t = await buildTestApp();
    try {
      const owner = await signUp(t.app);
      const note = await uniqueNote(owner);
      expect((await owner.delete(`/api/notes/${note.id}`)).statusCode).toBe(204);
      const jobs = await queryRows(
        t.database,
        sql`select count(*)::int as count from ${sql.raw(JOB_SCHEMA)}.job where name = ${ERASE_QUEUE}`,
      );
      expect(jobs[0]?.count).toBe(0);
    } finally {
      await t.close();
    }
  });
});
