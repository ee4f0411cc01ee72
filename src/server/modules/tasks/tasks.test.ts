import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinFamily } from "../../../../tests/helpers/family";
import { addChild } from "../../../../tests/helpers/owned-crud-contract";
import { buildTestApp, signUp, type TestApp, type TestUser } from "../../../../tests/helpers/test-app";
import { instantOf, timeIn, todayIn } from "../../../domain/clock";
import { addDays } from "../../../domain/dates";
import type { Task } from "../../../domain/task-records";
import { weekdayOf } from "../../../domain/tasks";

const ZONE = "America/Chicago";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // Tomorrow at 15:00 UTC (09:00 or 10:00 in Chicago): the same time of day on every run, and
  // after every record's creation time, which the database stamps.
  const at = t.clock.now();
  t.clock.advance(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1, 15) - at.getTime());
});
afterAll(() => t.close());

const now = () => t.clock.now();
const today = () => todayIn(ZONE, now());
const parent = () => signUp(t.app, { timeZone: ZONE });

async function tasksOf(user: TestUser, query = ""): Promise<Task[]> {
  const response = await user.get(`/api/tasks${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
async function taskOf(user: TestUser, id: string): Promise<Task | undefined> {
  return (await tasksOf(user)).find((task) => task.id === id);
}
/** Lets `ms` pass, the person using the app at least every 90 minutes (a session idles out at 120). */
async function pass(user: TestUser, ms: number) {
  for (let left = ms; left > 0; left -= 90 * MINUTE) {
    t.clock.advance(Math.min(left, 90 * MINUTE));
    expect((await user.get("/api/auth/user")).statusCode).toBe(200);
  }
}

const done = (user: TestUser, id: string, body: Record<string, unknown> = {}) =>
  user.post(`/api/tasks/${encodeURIComponent(id)}/done`, body);

async function created(response: Promise<{ statusCode: number; body: string; json(): { id: string } }>) {
  const r = await response;
  expect(r.statusCode, r.body).toBe(201);
  return r.json().id;
}

/** A line put in 30 days ago, with a transparent dressing logged `ago` before now. */
async function lineWithDressing(user: TestUser, childId: string, ago: number) {
  const line = await created(
    user.post("/api/picc-lines", {
      childId,
      insertionDate: addDays(today(), -30),
      insertionSite: "right-arm",
      lineType: "double-lumen",
    }),
  );
  const at = new Date(now().getTime() - ago);
  await created(
    user.post("/api/line-care", {
      childId,
      piccLineId: line,
      kind: "dressing",
      date: todayIn(ZONE, at),
      time: timeIn(ZONE, at),
      dressingType: "transparent",
    }),
  );
  return line;
}

describe("care tasks", () => {
  it("shows a dressing ok, then due, then overdue as the clock moves, and ok again after Done logs it", async () => {
    const user = await parent();
    const sam = await addChild(user);
    // The last dressing 7 days less an hour ago: due in an hour.
    const line = await lineWithDressing(user, sam, 7 * DAY - HOUR);
    const id = `line-care:${line}:dressing`;
    const first = await taskOf(user, id);
    expect(first).toMatchObject({
      kind: "line-care",
      childId: sam,
      subjectId: line,
      title: "Dressing change",
      detail: "Transparent, every 7 days",
      state: "ok",
      dueAt: new Date(now().getTime() + HOUR).toISOString(),
      urgent: false,
      escalation: { repeatMinutes: 15, nextAfterMinutes: 30, everyoneAfterMinutes: 60 },
      doneBy: "tap",
      lastDone: { by: "Maria Lopez" },
    });
    // The line's other scheduled care is listed; a lock with no prescribed interval is not.
    const ofLine = (await tasksOf(user)).filter((task) => task.subjectId === line).map((task) => task.id);
    expect(ofLine.sort()).toEqual([`line-care:${line}:connector`, id, `line-care:${line}:tubing`].sort());

    t.clock.advance(HOUR);
    expect((await taskOf(user, id))?.state).toBe("due");
    t.clock.advance(60 * MINUTE);
    expect((await taskOf(user, id))?.state).toBe("due");
    t.clock.advance(MINUTE);
    expect((await taskOf(user, id))?.state).toBe("overdue");

    const answer = await done(user, id);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().task).toMatchObject({
      state: "ok",
      dueAt: new Date(now().getTime() + 7 * DAY).toISOString(),
      lastDone: { at: now().toISOString(), by: "Maria Lopez" },
    });
    // Done logged the dressing itself, of the same kind as the last one.
    const care = (await user.get(`/api/line-care?piccLineId=${line}&kind=dressing`)).json();
    expect(care[0]).toMatchObject({ date: today(), time: timeIn(ZONE, now()), dressingType: "transparent" });
  });

  it("is ok again once the dressing is logged on the line's care, and knows a gauze dressing's 2 days", async () => {
    const user = await parent();
    const sam = await addChild(user);
    const line = await lineWithDressing(user, sam, 8 * DAY);
    const id = `line-care:${line}:dressing`;
    expect((await taskOf(user, id))?.state).toBe("overdue");
    await created(
      user.post("/api/line-care", {
        childId: sam,
        piccLineId: line,
        kind: "dressing",
        date: today(),
        time: timeIn(ZONE, now()),
        dressingType: "gauze",
      }),
    );
    expect(await taskOf(user, id)).toMatchObject({
      state: "ok",
      detail: "Gauze, every 2 days",
      dueAt: new Date(now().getTime() + 2 * DAY).toISOString(),
    });
  });

  it("follows a scheduled dose, and passes the doses' question of a dose too soon through Done", async () => {
    const user = await parent();
    const sam = await addChild(user);
    const medication = await created(
      user.post("/api/medications", {
        childId: sam,
        name: "Ursodiol",
        dosage: "60 mg",
        frequency: "Every 6 hours",
        scheduleKind: "interval",
        intervalHours: 6,
        route: "G-tube",
      }),
    );
    await created(user.post("/api/medication-doses", { medicationId: medication }));
    const id = `dose:${medication}`;
    expect(await taskOf(user, id)).toMatchObject({
      title: "Ursodiol 60 mg",
      detail: "G-tube · Every 6 hours",
      state: "ok",
      dueAt: new Date(now().getTime() + 6 * HOUR).toISOString(),
    });
    await pass(user, 6 * HOUR + 5 * MINUTE);
    expect((await taskOf(user, id))?.state).toBe("due");
    const given = await done(user, id);
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().task).toMatchObject({ state: "ok", lastDone: { at: now().toISOString() } });
    // A second Done at once is a second dose: the question, naming who gave the first.
    const again = await done(user, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().lastDose).toEqual({ givenAt: now().toISOString(), givenBy: "Maria Lopez" });
    expect((await done(user, id, { confirm: true })).statusCode).toBe(200);
    const doses = (await user.get(`/api/medication-doses?medicationId=${medication}`)).json();
    expect(doses).toHaveLength(3);
  });

  it("asks to reorder a supply that runs out before the delivery day, until it is ordered", async () => {
    const user = await parent();
    const delivery = addDays(today(), 3);
    const settings = await user.patch("/api/family/task-settings", { deliveryWeekday: weekdayOf(delivery) });
    expect(settings.statusCode, settings.body).toBe(200);
    const supply = await created(
      user.post("/api/tpn-supplies", {
        name: "Tubing set",
        category: "tubing",
        currentStock: 12,
        minThreshold: 2,
        unit: "sets",
      }),
    );
    // 4 a day: the 4 left last until tomorrow, before the delivery in three days.
    for (const day of [-1, 0]) {
      await created(
        user.post("/api/supply-usage", {
          supplyId: supply,
          quantityUsed: 4,
          usageDate: addDays(today(), day),
        }),
      );
    }
    const id = `supply-reorder:${supply}`;
    const task = await taskOf(user, id);
    expect(task).toMatchObject({
      kind: "supply-reorder",
      childId: null,
      title: "Reorder Tubing set",
      // By noon the day before it runs out.
      dueAt: instantOf(today(), "12:00", ZONE).toISOString(),
    });
    expect(task?.detail).toMatch(
      /^4 sets left · runs out around \w{3} \w{3} \d+ · next delivery \w{3} \w{3} \d+$/,
    );

    const ordered = await done(user, id);
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(ordered.json().task).toMatchObject({
      state: "ok",
      dueAt: new Date(now().getTime() + 7 * DAY).toISOString(),
      lastDone: { by: "Maria Lopez" },
    });
    // The delivery brings enough: nothing to order. (44 at 4 a day would leave 4 on the delivery
    // after next, less than the 2 days kept: that order would be due with the next delivery.)
    const receipt = await user.post("/api/tpn-supplies/receipts", {
      lines: [{ supplyId: supply, quantity: 60 }],
    });
    expect(receipt.statusCode, receipt.body).toBe(201);
    expect(await taskOf(user, id)).toBeUndefined();

    // Keeping 10 days of stock on delivery day, the order has to come with the next delivery.
    expect((await user.patch("/api/family/task-settings", { stockDaysToKeep: 10 })).statusCode).toBe(200);
    expect(await taskOf(user, id)).toMatchObject({ kind: "supply-reorder", title: "Reorder Tubing set" });
    expect((await user.patch("/api/family/task-settings", { stockDaysToKeep: 2 })).statusCode).toBe(200);

    // Without the delivery day, a supply is flagged when it runs out within a week.
    expect((await user.patch("/api/family/task-settings", { deliveryWeekday: null })).statusCode).toBe(200);
    expect(await taskOf(user, id)).toBeUndefined();
  });

  it("flags a supply expiring within the family's days, then again on the day it expires", async () => {
    const user = await parent();
    const supply = await created(
      user.post("/api/tpn-supplies", {
        name: "Heparin flush",
        category: "syringes",
        currentStock: 20,
        unit: "syringes",
        expirationDate: addDays(today(), 10),
      }),
    );
    const id = `supply-expiry:${supply}`;
    expect(await taskOf(user, id)).toMatchObject({
      state: "overdue",
      dueAt: instantOf(addDays(today(), -20), "09:00", ZONE).toISOString(),
    });
    expect((await done(user, id)).json().task).toMatchObject({
      state: "ok",
      dueAt: instantOf(addDays(today(), 10), "09:00", ZONE).toISOString(),
    });
    expect((await user.patch("/api/family/task-settings", { expiryWarningDays: 5 })).statusCode).toBe(200);
    expect(await taskOf(user, id)).toBeUndefined();
  });

  it("takes the PN bag out of the fridge the family's hours before the usual start, each day", async () => {
    const user = await parent();
    const sam = await addChild(user);
    await created(
      user.post("/api/pn-prescriptions", {
        childId: sam,
        startDate: addDays(today(), -10),
        bagVolumeMl: 1000,
        infusionHours: 12,
      }),
    );
    const id = `fridge-out:${sam}`;
    // No start time yet: none from the settings, none from a TPN entry.
    expect(await taskOf(user, id)).toBeUndefined();
    await created(
      user.post("/api/tpn", { childId: sam, date: addDays(today(), -1), volume: "1000", startTime: "20:00" }),
    );
    expect(await taskOf(user, id)).toMatchObject({
      title: "PN bag out of the fridge",
      detail: "2 hours before the 20:00 start",
      dueAt: instantOf(today(), "18:00", ZONE).toISOString(),
      state: "ok",
    });
    // The family's own start time wins, with its hours, written the family's way.
    await user.patch("/api/family/task-settings", { pnStartTime: "19:30", fridgeOutHours: 3 });
    expect((await user.patch("/api/family", { timeFormat: "12h" })).statusCode).toBe(200);
    const dueAt = instantOf(today(), "16:30", ZONE);
    expect(await taskOf(user, id)).toMatchObject({
      detail: "3 hours before the 7:30 PM start",
      dueAt: dueAt.toISOString(),
    });
    // Done a little early answers today's; tomorrow's is next.
    await pass(user, dueAt.getTime() - now().getTime() - 20 * MINUTE);
    const early = await done(user, id);
    expect(early.json().task).toMatchObject({
      state: "ok",
      dueAt: instantOf(addDays(todayIn(ZONE, dueAt), 1), "16:30", ZONE).toISOString(),
    });
  });

  it("asks for a weight and labs every N days and weeks from the last ones, and Done on labs logs a pending test", async () => {
    const user = await parent();
    const sam = await addChild(user);
    await created(
      user.post("/api/vitals", {
        childId: sam,
        date: addDays(today(), -8),
        time: "07:30",
        kind: "weight",
        value: 18.2,
      }),
    );
    await created(
      user.post("/api/lab-tests", {
        childId: sam,
        testName: "CMP",
        date: addDays(today(), -20),
        status: "completed",
      }),
    );
    expect(await taskOf(user, `weigh:${sam}`)).toMatchObject({
      state: "overdue",
      doneBy: "form",
      dueAt: instantOf(addDays(today(), -1), "07:30", ZONE).toISOString(),
    });
    expect(await taskOf(user, `labs:${sam}`)).toMatchObject({
      state: "ok",
      dueAt: instantOf(addDays(today(), 8), "09:00", ZONE).toISOString(),
    });
    const weigh = await done(user, `weigh:${sam}`);
    expect(weigh.statusCode).toBe(409);
    expect(weigh.json().message).toBe("A weight is logged with its value: add it on Vitals.");
    expect((await done(user, `labs:${sam}`)).json().task).toMatchObject({
      dueAt: instantOf(addDays(today(), 28), "09:00", ZONE).toISOString(),
    });
    const labs = (await user.get("/api/lab-tests")).json();
    expect(labs[0]).toMatchObject({
      testName: "Routine labs",
      status: "pending",
      date: today(),
      childId: sam,
    });
    // Switched off: no reminder.
    await user.patch("/api/family/task-settings", { weighEveryDays: null, labsEveryWeeks: null });
    expect((await tasksOf(user)).map((task) => task.kind)).toEqual([]);
  });

  it("keeps a family task every N hours: due at its start, then every interval after a Done", async () => {
    const user = await parent();
    const sam = await addChild(user);
    await user.patch("/api/family/task-settings", { weighEveryDays: null, labsEveryWeeks: null });
    const startAt = new Date(now().getTime() + HOUR);
    const response = await user.post("/api/tasks", {
      title: "Vent the G-tube",
      childId: sam,
      intervalHours: 4,
      startAt: startAt.toISOString(),
      repeatMinutes: 10,
    });
    expect(response.statusCode, response.body).toBe(201);
    const careTask = response.json();
    expect(careTask).toMatchObject({
      title: "Vent the G-tube",
      intervalHours: 4,
      rrule: null,
      repeatMinutes: 10,
    });
    const id = `family:${careTask.id}`;
    expect(await tasksOf(user)).toEqual([
      expect.objectContaining({
        id,
        kind: "family",
        childId: sam,
        detail: "Every 4 hours",
        state: "ok",
        dueAt: startAt.toISOString(),
        escalation: { repeatMinutes: 10, nextAfterMinutes: 30, everyoneAfterMinutes: 60 },
        careTask: expect.objectContaining({ id: careTask.id }),
      }),
    ]);
    t.clock.advance(HOUR);
    expect((await taskOf(user, id))?.state).toBe("due");
    expect((await done(user, id)).json().task).toMatchObject({
      state: "ok",
      dueAt: new Date(startAt.getTime() + 4 * HOUR).toISOString(),
      lastDone: { by: "Maria Lopez" },
    });
    // Missed by more than half the interval, it moves on to the next occurrence.
    await pass(user, 4 * HOUR + 90 * MINUTE);
    expect(await taskOf(user, id)).toMatchObject({ state: "overdue" });
    t.clock.advance(30 * MINUTE);
    expect((await taskOf(user, id))?.dueAt).toBe(new Date(startAt.getTime() + 8 * HOUR).toISOString());

    const renamed = await user.patch(`/api/tasks/${careTask.id}`, { title: "Vent the tube" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await taskOf(user, id))?.title).toBe("Vent the tube");
    expect((await user.delete(`/api/tasks/${careTask.id}`)).statusCode).toBe(204);
    expect(await tasksOf(user)).toEqual([]);
  });

  it("keeps a family task by a recurrence rule on the family's clock, and refuses a rule it cannot use", async () => {
    const user = await parent();
    await user.patch("/api/family/task-settings", { weighEveryDays: null, labsEveryWeeks: null });
    const startAt = instantOf(today(), "18:00", ZONE);
    const careTask = (
      await user.post("/api/tasks", {
        title: "Fill the pill box",
        rrule: "rrule:freq=daily",
        startAt: startAt.toISOString(),
      })
    ).json();
    expect(careTask).toMatchObject({ rrule: "FREQ=DAILY", intervalHours: null, childId: null });
    const id = `family:${careTask.id}`;
    expect(await taskOf(user, id)).toMatchObject({ state: "ok", dueAt: startAt.toISOString() });
    await pass(user, startAt.getTime() - now().getTime() + 5 * MINUTE);
    expect((await taskOf(user, id))?.state).toBe("due");
    expect((await done(user, id)).json().task).toMatchObject({
      dueAt: instantOf(addDays(todayIn(ZONE, startAt), 1), "18:00", ZONE).toISOString(),
    });

    const issues = async (body: Record<string, unknown>) =>
      (await user.post("/api/tasks", { title: "Something", ...body })).json().issues;
    expect(await issues({ rrule: "FREQ=MINUTELY" })).toEqual([
      { path: "rrule", message: "A task recurs hourly at most" },
    ]);
    expect(await issues({ rrule: "every day" })).toEqual([
      { path: "rrule", message: "This is not a recurrence rule (e.g. FREQ=WEEKLY;BYDAY=MO,TH)" },
    ]);
    expect(await issues({})).toEqual([
      { path: "intervalHours", message: "Choose how often: every few hours, or a recurrence rule" },
    ]);
    expect(await issues({ intervalHours: 2, rrule: "FREQ=DAILY" })).toEqual([
      { path: "rrule", message: "Choose one: an interval or a recurrence rule" },
    ]);
    // A one-off (COUNT=1) done has no more dates.
    const once = (
      await user.post("/api/tasks", { title: "Call the pharmacy", rrule: "FREQ=DAILY;COUNT=1" })
    ).json();
    expect((await done(user, `family:${once.id}`)).json().task).toMatchObject({ dueAt: null, state: "ok" });
  });

  it("says a fever with a line in the family's unit, at a threshold typed in °F", async () => {
    const user = await parent();
    const sam = await addChild(user, "Sam");
    await lineWithDressing(user, sam, HOUR);
    const set = await user.patch("/api/family", { temperatureUnit: "F", feverThresholdC: 38.06 });
    expect(set.statusCode, set.body).toBe(200);
    const reading = (value: number) =>
      created(
        user.post("/api/vitals", {
          childId: sam,
          kind: "temperature",
          value,
          date: today(),
          time: timeIn(ZONE, now()),
          site: "axillary",
        }),
      );
    await reading(38); // 100.4 °F: under the family's 100.5 °F
    expect(await taskOf(user, `fever:${sam}`)).toBeUndefined();
    await reading(38.06); // 100.5 °F
    const fever = await taskOf(user, `fever:${sam}`);
    expect(fever).toMatchObject({ kind: "fever", urgent: true });
    expect(fever?.detail).toMatch(/^100\.5 °F at \d\d:\d\d, taken by /);
    // A family that writes 12-hour times reads the reading's time so.
    expect((await user.patch("/api/family", { timeFormat: "12h" })).statusCode).toBe(200);
    expect((await taskOf(user, `fever:${sam}`))?.detail).toMatch(
      /^100\.5 °F at \d{1,2}:\d\d [AP]M, taken by /,
    );
  });

  it("answers an unknown task as missing", async () => {
    const user = await parent();
    expect((await done(user, "line-care:not-an-id")).statusCode).toBe(404);
    expect((await done(user, `dose:${crypto.randomUUID()}`)).statusCode).toBe(404);
    const other = await parent();
    const line = await lineWithDressing(other, await addChild(other), DAY);
    expect((await done(user, `line-care:${line}:dressing`)).statusCode).toBe(404);
  });

  it("lets a viewer read the tasks but not do them, add them or change the settings (403)", async () => {
    const owner = await parent();
    const sam = await addChild(owner);
    const line = await lineWithDressing(owner, sam, 7 * DAY);
    const viewer = await joinFamily(t, owner, { role: "viewer" });
    const caregiver = await joinFamily(t, owner, { role: "caregiver" });
    expect((await tasksOf(viewer)).map((task) => task.id)).toContain(`line-care:${line}:dressing`);
    expect((await done(viewer, `line-care:${line}:dressing`)).statusCode).toBe(403);
    expect((await viewer.post("/api/tasks", { title: "Anything", intervalHours: 2 })).statusCode).toBe(403);
    expect((await viewer.patch("/api/family/task-settings", { labsEveryWeeks: 2 })).statusCode).toBe(403);
    expect((await caregiver.patch("/api/family/task-settings", { labsEveryWeeks: 2 })).statusCode).toBe(403);
    expect((await viewer.get("/api/family/task-settings")).json()).toMatchObject({ labsEveryWeeks: 4 });
    // A caregiver does it, and the family sees who.
    expect((await done(caregiver, `line-care:${line}:dressing`)).json().task.lastDone.by).toBe(
      "Grace Member",
    );
    expect(
      (await owner.post("/api/tasks", { title: "x", intervalHours: 2, assigneeId: viewer.id })).json().issues,
    ).toEqual([{ path: "assigneeId", message: "Choose a caregiver of this family" }]);
  });

  it("shows a member limited to some children only their tasks, and answers the others as missing (404)", async () => {
    const owner = await parent();
    const sam = await addChild(owner, "Sam");
    const mia = await addChild(owner, "Mia");
    const samLine = await lineWithDressing(owner, sam, 7 * DAY);
    const miaLine = await lineWithDressing(owner, mia, 7 * DAY);
    const miaTask = (
      await owner.post("/api/tasks", { title: "Mia's drops", childId: mia, intervalHours: 8 })
    ).json();
    const anyone = (await owner.post("/api/tasks", { title: "Take the bins out", intervalHours: 24 })).json();
    const sitter = await joinFamily(t, owner, { role: "caregiver", childIds: [sam] });
    const seen = (await tasksOf(sitter)).map((task) => task.id);
    expect(seen).toContain(`line-care:${samLine}:dressing`);
    expect(seen).toContain(`family:${anyone.id}`);
    expect(seen).not.toContain(`line-care:${miaLine}:dressing`);
    expect(seen).not.toContain(`family:${miaTask.id}`);
    expect(seen.filter((id) => id.includes(mia))).toEqual([]);
    expect((await sitter.get(`/api/tasks?childId=${mia}`)).statusCode).toBe(404);
    expect((await done(sitter, `line-care:${miaLine}:dressing`)).statusCode).toBe(404);
    expect((await done(sitter, `family:${miaTask.id}`)).statusCode).toBe(404);
    expect((await sitter.get(`/api/tasks/${miaTask.id}`)).statusCode).toBe(404);
    // By child: that child's tasks and the family's.
    const ofSam = await tasksOf(owner, `?childId=${sam}`);
    expect(ofSam.every((task) => task.childId === sam || task.childId === null)).toBe(true);
    expect(ofSam.map((task) => task.id)).toContain(`family:${anyone.id}`);
  });

  it("answers the settings with their defaults and refuses values out of range", async () => {
    const user = await parent();
    expect((await user.get("/api/family/task-settings")).json()).toEqual({
      deliveryWeekday: null,
      nextDeliveryDate: null,
      stockDaysToKeep: 2,
      expiryWarningDays: 30,
      labsEveryWeeks: 4,
      weighEveryDays: 7,
      fridgeOutHours: 2,
      pnStartTime: null,
      pnLatestStartTime: null,
      escalation: {},
    });
    const bad = await user.patch("/api/family/task-settings", { fridgeOutHours: 0, deliveryWeekday: 7 });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(["deliveryWeekday", "fridgeOutHours"]);
    const changed = await user.patch("/api/family/task-settings", {
      nextDeliveryDate: addDays(today(), 2),
      pnStartTime: "21:15",
    });
    expect(changed.json()).toMatchObject({
      nextDeliveryDate: addDays(today(), 2),
      pnStartTime: "21:15",
      fridgeOutHours: 2,
    });
  });

  it("lets the family change a kind's escalation, refuses a ladder out of order, and goes back to the default", async () => {
    const user = await parent();
    const childId = await addChild(user);
    await lineWithDressing(user, childId, 0);
    const ladder = { repeatMinutes: 10, nextAfterMinutes: 20, everyoneAfterMinutes: 40 };
    const changed = await user.patch("/api/family/task-settings", { escalation: { "line-care": ladder } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().escalation).toEqual({ "line-care": ladder });
    const dressing = (await tasksOf(user)).find((task) => task.id.endsWith(":dressing"))!;
    expect(dressing.escalation).toEqual(ladder);
    // Labs are a day's task: reminded once a day unless changed.
    const labs = (await tasksOf(user)).find((task) => task.kind === "labs")!;
    expect(labs.escalation).toEqual({
      repeatMinutes: 1440,
      nextAfterMinutes: 1440,
      everyoneAfterMinutes: 4320,
    });
    const bad = await user.patch("/api/family/task-settings", {
      escalation: { dose: { repeatMinutes: 15, nextAfterMinutes: 60, everyoneAfterMinutes: 30 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe("escalation.dose.everyoneAfterMinutes");
    const reset = await user.patch("/api/family/task-settings", { escalation: { "line-care": null } });
    expect(reset.json().escalation).toEqual({});
  });
});
