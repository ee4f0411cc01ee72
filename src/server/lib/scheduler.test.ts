import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { NEXT_RUN, nextSlot } from "./scheduler";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** What the test queues' handlers saw, in order. */
let ran: { queue: string; key: string; data: unknown; now: Date }[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({}, (app) => {
    const record = (queue: string) => async (job: { key: string; data: unknown; now: Date }) => {
      ran.push({ queue, key: job.key, data: job.data, now: job.now });
    };
    app.scheduler.work("test-reminders", record("test-reminders"));
    app.scheduler.work(
      "test-failing",
      async (job) => {
        await record("test-failing")(job);
        throw new Error("a record's text, never to be logged");
      },
      { retryLimit: 2 },
    );
    // A reminder that escalates: each step queues the next, due at once.
    app.scheduler.work<{ step: number }>("test-steps", async (job) => {
      await record("test-steps")(job);
      if (job.data.step < 3) {
        await app.scheduler.schedule("test-steps", job.key, job.now, { step: job.data.step + 1 });
      }
    });
    app.scheduler.every("test-hourly", HOUR, async (now) => {
      ran.push({ queue: "test-hourly", key: NEXT_RUN, data: null, now });
    });
  });
});
afterAll(() => t?.close());
beforeEach(() => {
  ran = [];
});

const inOneHour = () => new Date(t.clock.now().getTime() + HOUR);
const runsOf = (key: string) => ran.filter((run) => run.key === key);

describe("the scheduler", () => {
  it("runs a job once, when the app's clock reaches its time, with its data", async () => {
    const key = randomUUID();
    const at = inOneHour();
    await t.database.db.transaction((tx) => t.scheduler.schedule("test-reminders", key, at, { n: 1 }, tx));
    expect(await t.scheduler.scheduled("test-reminders", key)).toEqual({ runAt: at, data: { n: 1 } });

    await t.scheduler.runDue();
    t.clock.advance(HOUR - MINUTE);
    await t.scheduler.runDue();
    expect(runsOf(key)).toEqual([]);

    t.clock.advance(MINUTE);
    await t.scheduler.runDue();
    expect(runsOf(key)).toEqual([{ queue: "test-reminders", key, data: { n: 1 }, now: at }]);
    expect(await t.scheduler.scheduled("test-reminders", key)).toBeUndefined();
    await t.scheduler.runDue();
    t.clock.advance(HOUR);
    await t.scheduler.runDue();
    expect(runsOf(key)).toHaveLength(1);
  });

  it("never runs a job scheduled in a transaction that rolled back", async () => {
    const key = randomUUID();
    await expect(
      t.database.db.transaction(async (tx) => {
        await t.scheduler.schedule("test-reminders", key, inOneHour(), { n: 1 }, tx);
        throw new Error("the record's change is refused");
      }),
    ).rejects.toThrow("refused");
    expect(await t.scheduler.scheduled("test-reminders", key)).toBeUndefined();
    t.clock.advance(2 * HOUR);
    await t.scheduler.runDue();
    expect(runsOf(key)).toEqual([]);
  });

  it("moves a rescheduled key's job: it runs once, at its new time, with its new data", async () => {
    const key = randomUUID();
    const first = inOneHour();
    const later = new Date(first.getTime() + HOUR);
    await t.scheduler.schedule("test-reminders", key, first, { n: 1 });
    await t.database.db.transaction((tx) => t.scheduler.schedule("test-reminders", key, later, { n: 2 }, tx));
    expect(await t.scheduler.scheduled("test-reminders", key)).toEqual({ runAt: later, data: { n: 2 } });

    t.clock.advance(HOUR);
    await t.scheduler.runDue();
    expect(runsOf(key)).toEqual([]);
    t.clock.advance(HOUR);
    await t.scheduler.runDue();
    await t.scheduler.runDue();
    expect(runsOf(key)).toEqual([{ queue: "test-reminders", key, data: { n: 2 }, now: later }]);

    // Moved earlier, and scheduled again after it ran: a new job.
    await t.scheduler.schedule("test-reminders", key, inOneHour(), { n: 3 });
    await t.scheduler.schedule("test-reminders", key, t.clock.now(), { n: 4 });
    await t.scheduler.runDue();
    expect(runsOf(key).map((run) => run.data)).toEqual([{ n: 2 }, { n: 4 }]);
  });

  it("cancels a key's job that has not run, in a transaction or not", async () => {
    const [kept, cancelled, rolledBack] = [randomUUID(), randomUUID(), randomUUID()];
    for (const key of [kept, cancelled, rolledBack]) {
      await t.scheduler.schedule("test-reminders", key, inOneHour(), { n: 1 });
    }
    expect(await t.scheduler.cancel("test-reminders", cancelled)).toBe(true);
    expect(await t.scheduler.cancel("test-reminders", cancelled)).toBe(false);
    await expect(
      t.database.db.transaction(async (tx) => {
        expect(await t.scheduler.cancel("test-reminders", rolledBack, tx)).toBe(true);
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    t.clock.advance(HOUR);
    await t.scheduler.runDue();
    const reminded = ran.filter((run) => run.queue === "test-reminders").map((run) => run.key);
    expect(reminded.sort()).toEqual([kept, rolledBack].sort());
  });

  it("tries a failing job twice more, then gives it up", async () => {
    const key = randomUUID();
    await t.scheduler.schedule("test-failing", key, t.clock.now(), {});
    await t.scheduler.runDue();
    expect(runsOf(key)).toHaveLength(3);
    t.clock.advance(HOUR);
    await t.scheduler.runDue();
    expect(runsOf(key)).toHaveLength(3);
  });

  it("runs the jobs a job queues for now in the same call", async () => {
    const key = randomUUID();
    await t.scheduler.schedule("test-steps", key, t.clock.now(), { step: 1 });
    await t.scheduler.runDue();
    expect(runsOf(key).map((run) => run.data)).toEqual([{ step: 1 }, { step: 2 }, { step: 3 }]);
  });

  it("runs a recurring job once a period, and once only after a long pause", async () => {
    const hourly = () => ran.filter((run) => run.queue === "test-hourly");
    await t.scheduler.runDue();
    ran = [];
    const next = await t.scheduler.scheduled("test-hourly", NEXT_RUN);
    expect(next!.runAt.getTime()).toBeGreaterThan(t.clock.now().getTime() - HOUR);
    t.clock.advance(Math.max(0, next!.runAt.getTime() - t.clock.now().getTime()));
    await t.scheduler.runDue();
    await t.scheduler.runDue();
    expect(hourly()).toHaveLength(1);
    expect((await t.scheduler.scheduled("test-hourly", NEXT_RUN))?.runAt).toEqual(
      nextSlot(t.clock.now(), HOUR),
    );

    t.clock.advance(5 * HOUR);
    await t.scheduler.runDue();
    expect(hourly()).toHaveLength(2);
    expect((await t.scheduler.scheduled("test-hourly", NEXT_RUN))?.runAt).toEqual(
      nextSlot(t.clock.now(), HOUR),
    );
  });

  it("refuses a queue nobody declared, and a queue declared once it runs", async () => {
    await expect(t.scheduler.schedule("test-nobody", "x", new Date(), {})).rejects.toThrow(/declare it/);
    expect(() => t.scheduler.work("test-late", async () => {})).toThrow(/after the scheduler started/);
  });
});
