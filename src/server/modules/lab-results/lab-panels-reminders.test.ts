import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MINUTE, reminderHelpers, startTomorrowMorning, ZONE } from "../../../../tests/helpers/reminders";
import { buildTestApp, type TestApp } from "../../../../tests/helpers/test-app";
import { todayIn } from "../../../domain/clock";
import { addDays } from "../../../domain/dates";

let t: TestApp;
beforeAll(async () => {
  // A database of its own: the reminders of every family in it run on this file's clock.
  t = await buildTestApp({}, undefined, { reminders: true, database: "fresh" });
  startTomorrowMorning(t);
});
afterEach(async () => {
  await t.database.db.execute(sql`delete from families`);
});
afterAll(() => t?.close());

const { now, familyOfFour, pass, inbox, counts, untilDue } = reminderHelpers(() => t);
const DAY = 24 * 60 * MINUTE;

describe("a lab panel's reminders", () => {
  it("remind on its due day, once a day, the next caregiver after a day, and stop for everyone once its results are entered", async () => {
    const f = await familyOfFour();
    const panel = (
      await f.owner.post("/api/lab-panels", {
        childId: f.childId,
        name: "Electrolytes",
        analytes: [{ analyte: "sodium" }, { name: "TSH" }],
        every: 1,
        unit: "months",
        firstDue: addDays(todayIn(ZONE, now()), 1),
      })
    ).json();
    const taskId = `lab-panel:${panel.id}`;
    await untilDue(f, taskId);

    // At 09:00 on its day, the first caregiver; the panel's ladder is a day's (labs, not a dose).
    expect(await counts(f, taskId)).toEqual([1, 0, 0, 0]);
    const [first] = await inbox(f.owner, taskId);
    expect(first).toMatchObject({ taskKind: "lab-panel", title: "Electrolytes", urgent: false });
    await pass(f.all, DAY);
    expect(await counts(f, taskId)).toEqual([2, 1, 0, 0]);

    // The second caregiver enters the draw's results: the reminders stop for everyone.
    const entered = await f.second.post("/api/lab-results", {
      childId: f.childId,
      date: todayIn(ZONE, now()),
      analytes: [
        { analyte: "sodium", value: 139, unit: "mmol/L" },
        { name: "TSH", value: 1.8, unit: "mU/L" },
      ],
    });
    expect(entered.statusCode, entered.body).toBe(201);
    await t.scheduler.runDue();
    for (const user of [f.owner, f.second]) {
      expect((await inbox(user, taskId)).every((n) => n.ackAt !== null)).toBe(true);
    }
    await pass(f.all, DAY);
    expect(await counts(f, taskId)).toEqual([2, 1, 0, 0]);
  });
});
