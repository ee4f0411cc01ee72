import { randomUUID } from "node:crypto";
import { mkdirSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, PASSWORD, signUp, type TestApp } from "../../tests/helpers/test-app";
import {
  emailConfirmations,
  idempotencyKeys,
  loginFailures,
  passwordResets,
  restoreJobs,
  sessions,
  storedObjects,
} from "./db/schema/index";
import { outboxDir } from "./lib/mailer";
import { NEXT_RUN, nextSlot } from "./lib/scheduler";
import { accountKey } from "./modules/auth/login-limit.queries";

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

/** Each housekeeping job and its period (housekeeping.ts). */
const PERIODS: Record<string, number> = {
  "prune-sessions": 10 * MINUTE,
  "prune-sign-in-failures": 15 * MINUTE,
  "prune-email-confirmations": 15 * MINUTE,
  "prune-password-resets": 15 * MINUTE,
  "prune-idempotency-keys": 60 * MINUTE,
  "sweep-uploads": 10 * MINUTE,
  "undo-abandoned-restores": MINUTE,
  "sweep-outbox": 60 * MINUTE,
};

let t: TestApp;
let started: Date;
// A database of its own: the next runs below are this app's, not another file's.
beforeAll(async () => {
  t = await buildTestApp({}, undefined, { database: "fresh" });
  started = t.clock.now();
});
afterAll(() => t?.close());

describe("housekeeping", () => {
  it("waits on the scheduler, each job's next run within its period", async () => {
    // Under test the first runs are queued (as of the start) when the test first runs what is due.
    await t.scheduler.runDue();
    for (const [name, everyMs] of Object.entries(PERIODS)) {
      expect({ name, runAt: (await t.scheduler.scheduled(name, NEXT_RUN))?.runAt }).toEqual({
        name,
        runAt: nextSlot(started, everyMs),
      });
    }
    // The embedded database in memory is gone before its planner statistics matter.
    await expect(t.scheduler.scheduled("planner-statistics", NEXT_RUN)).rejects.toThrow(/No job queue/);
  });

  it("prunes and sweeps by the app's clock once it runs what is due", async () => {
    const { db } = t.database;
    const user = await signUp(t.app);
    const wrongPassword = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: user.email, password: `${PASSWORD} wrong` },
      remoteAddress: "10.7.7.7",
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/auth/password-reset",
          payload: { email: user.email },
        })
      ).statusCode,
    ).toBe(202);
    const note = await t.app.inject({
      method: "POST",
      url: "/api/notes",
      headers: { cookie: user.cookie, "idempotency-key": randomUUID() },
      payload: { title: "Kept a month", content: "then forgotten" },
    });
    expect(note.statusCode).toBe(201);
    expect((await user.post("/api/objects/upload", { size: 1000 })).statusCode).toBe(200);
    // A restore whose process stopped, and the files a stopped process left.
    const restore = randomUUID();
    await db.insert(restoreJobs).values({
      id: restore,
      familyId: user.familyId,
      state: "writing",
      totals: {},
      total: 0,
      // As a restore's steps write it: from the app's clock (milliseconds; the claim compares it).
      updatedAt: started,
    });
    const leftFiles = join(t.dataDir, "restores", randomUUID());
    mkdirSync(leftFiles, { recursive: true });
    mkdirSync(outboxDir(t.dataDir), { recursive: true });
    writeFileSync(join(outboxDir(t.dataDir), "old.eml"), "From: x\n\nhello\n");
    const longAgo = new Date(started.getTime() - 4 * DAY);
    utimesSync(leftFiles, longAgo, longAgo);
    utimesSync(join(outboxDir(t.dataDir), "old.eml"), longAgo, longAgo);

    const left = async () => ({
      sessions: (await db.select().from(sessions).where(eq(sessions.userId, user.id))).length,
      signInFailures: (
        await db
          .select()
          .from(loginFailures)
          .where(eq(loginFailures.key, accountKey(user.email)))
      ).length,
      confirmationLinks: (
        await db.select().from(emailConfirmations).where(eq(emailConfirmations.userId, user.id))
      ).length,
      resetLinks: (await db.select().from(passwordResets).where(eq(passwordResets.userId, user.id))).length,
      idempotencyKeys: (
        await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.familyId, user.familyId))
      ).length,
      uploads: (await db.select().from(storedObjects).where(eq(storedObjects.familyId, user.familyId)))
        .length,
      restore: (await db.select().from(restoreJobs).where(eq(restoreJobs.id, restore)))[0]?.state,
      restoreFiles: readdirSync(join(t.dataDir, "restores")).length,
      outbox: readdirSync(outboxDir(t.dataDir)).filter((name) => name === "old.eml").length,
    });
    const everything = {
      sessions: 1,
      signInFailures: 1,
      confirmationLinks: 1,
      resetLinks: 1,
      idempotencyKeys: 1,
      uploads: 1,
      restore: "writing",
      restoreFiles: 1,
      outbox: 1,
    };
    expect(await left()).toEqual(everything);
    // Nothing is due yet, and nothing runs by itself.
    await t.scheduler.runDue();
    expect(await left()).toEqual(everything);

    t.clock.advance(33 * DAY);
    await t.scheduler.runDue();
    expect(await left()).toEqual({
      sessions: 0,
      signInFailures: 0,
      confirmationLinks: 0,
      resetLinks: 0,
      idempotencyKeys: 0,
      uploads: 0,
      restore: "failed",
      restoreFiles: 0,
      outbox: 0,
    });
  });
});
