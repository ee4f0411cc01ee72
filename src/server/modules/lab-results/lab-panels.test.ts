import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinFamily } from "../../../../tests/helpers/family";
import { addChild, ownedCrudContract } from "../../../../tests/helpers/owned-crud-contract";
import { reminderHelpers } from "../../../../tests/helpers/reminders";
import { buildTestApp, signUp, type TestApp, type TestUser } from "../../../../tests/helpers/test-app";
import { instantOf, todayIn } from "../../../domain/clock";
import { addDays, today } from "../../../domain/dates";
import { addMonths } from "../../../domain/lab-panels";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const electrolytes = {
  name: "Electrolytes",
  analytes: [{ analyte: "sodium" }, { analyte: "potassium" }, { name: "TSH" }],
  every: 1,
  unit: "months",
  instructions: "Before the PN starts, from a peripheral vein, fasting",
};

describe("lab panels", () => {
  ownedCrudContract(() => t, {
    path: "/api/lab-panels",
    valid: { ...electrolytes, firstDue: "2027-01-31" },
    change: { every: 2, instructions: "From the line is fine" },
    updateMethod: "PATCH",
    required: ["name", "analytes", "every", "unit", "firstDue"],
    invalid: { unit: "days" },
    linksChild: "required",
    dates: { firstDue: "future" },
    listExtras: {},
  });

  it("answers each panel with its next due date and the last result that held all of its analytes", async () => {
    const user = await signUp(t.app);
    const sam = await addChild(user);
    const firstDue = addDays(today(), -40);
    const made = await user.post("/api/lab-panels", { ...electrolytes, childId: sam, firstDue });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      analytes: [
        { analyte: "sodium", name: null },
        { analyte: "potassium", name: null },
        { analyte: null, name: "TSH" },
      ],
      every: 1,
      unit: "months",
      active: true,
      source: null,
      lastDrawn: null,
      nextDue: firstDue,
    });
    // A result without the TSH does not cover it; one with all three (the TSH typed in any case) does.
    await user.post("/api/lab-results", {
      childId: sam,
      date: firstDue,
      analytes: [
        { analyte: "sodium", value: 138, unit: "mmol/L" },
        { analyte: "potassium", value: 4, unit: "mmol/L" },
      ],
    });
    expect((await user.get(`/api/lab-panels/${made.json().id}`)).json()).toMatchObject({
      lastDrawn: null,
      nextDue: firstDue,
    });
    await user.post("/api/lab-results", {
      childId: sam,
      date: firstDue,
      analytes: [
        { analyte: "sodium", value: 138, unit: "mmol/L" },
        { analyte: "potassium", value: 4, unit: "mmol/L" },
        { name: "tsh", value: 2.1, unit: "mU/L" },
      ],
    });
    expect((await user.get(`/api/lab-panels?childId=${sam}`)).json()).toMatchObject([
      { lastDrawn: firstDue, nextDue: addMonths(firstDue, 1) },
    ]);
  });

  it.each([
    ["an interval of 0", { every: 0 }, "every", "Every must be a whole number from 1 to 52"],
    ["an interval of 53", { every: 53 }, "every", "Every must be a whole number from 1 to 52"],
    ["an interval in days", { unit: "days" }, "unit", "Unit must be one of: weeks, months"],
    ["no analytes", { analytes: [] }, "analytes", "Add at least one analyte"],
    [
      "an analyte without key or name",
      { analytes: [{ analyte: "" }] },
      "analytes.0.name",
      "Choose an analyte from the list or type its name",
    ],
    [
      "an analyte the catalogue does not know",
      { analytes: [{ analyte: "unobtainium" }] },
      "analytes.0.analyte",
      expect.stringMatching(/^Analyte must be one of: /),
    ],
    [
      "61 analytes",
      { analytes: Array(61).fill({ name: "X" }) },
      "analytes",
      "At most 60 analytes in one panel",
    ],
    ["a name of 201 characters", { name: "x".repeat(201) }, "name", "Name must be at most 200 characters"],
    ["a date that does not exist", { firstDue: "2027-02-29" }, "firstDue", "First due must be a real date"],
    ["active as text", { active: "yes" }, "active", "Active must be true or false"],
  ])("refuses %s with 400 naming the field, and saves nothing", async (_case, change, path, message) => {
    const user = await signUp(t.app);
    const sam = await addChild(user);
    const response = await user.post("/api/lab-panels", {
      ...electrolytes,
      childId: sam,
      firstDue: "2027-01-31",
      ...change,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().issues).toContainEqual({ path, message });
    expect((await user.get("/api/lab-panels")).json()).toEqual([]);
  });
});

describe("who sees and changes a child's lab schedule", () => {
  let owner: TestUser;
  let sam: string;
  let ana: string;
  let samPanel: string;
  let anaPanel: string;
  beforeAll(async () => {
    owner = await signUp(t.app);
    sam = await addChild(owner, "Sam");
    ana = await addChild(owner, "Ana");
    samPanel = (
      await owner.post("/api/lab-panels", { ...electrolytes, childId: sam, firstDue: today() })
    ).json().id;
    anaPanel = (
      await owner.post("/api/lab-panels", { ...electrolytes, childId: ana, firstDue: today() })
    ).json().id;
  });

  it("finds the last full draw behind a season of partial ones, for each of two children", async () => {
    const user = await signUp(t.app);
    const sam = await addChild(user, "Sam");
    const leo = await addChild(user, "Leo");
    const firstDue = addDays(today(), -400);
    const full = [
      { analyte: "sodium", value: 138, unit: "mmol/L" },
      { analyte: "potassium", value: 4, unit: "mmol/L" },
      { name: "TSH", value: 2.1, unit: "mU/L" },
    ];
    const sodiumOnly = { ...electrolytes, name: "Sodium", analytes: [{ analyte: "sodium" }] };
    const samFull = (await user.post("/api/lab-panels", { ...electrolytes, childId: sam, firstDue })).json()
      .id as string;
    const samSodium = (await user.post("/api/lab-panels", { ...sodiumOnly, childId: sam, firstDue })).json()
      .id as string;
    const leoFull = (await user.post("/api/lab-panels", { ...electrolytes, childId: leo, firstDue })).json()
      .id as string;
    // Both children's full draws 300 days ago, then 130 sodium-only draws of Sam's since (more
    // than the results read at a time, newer than every one of Leo's).
    for (const childId of [sam, leo]) {
      const drawn = await user.post("/api/lab-results", {
        childId,
        date: addDays(today(), -300),
        analytes: full,
      });
      expect(drawn.statusCode, drawn.body).toBe(201);
    }
    const partials = Array.from({ length: 130 }, (_, n) => addDays(today(), -260 + 2 * n));
    for (const date of partials) {
      await user.post("/api/lab-results", {
        childId: sam,
        date,
        analytes: [{ analyte: "sodium", value: 137, unit: "mmol/L" }],
      });
    }
    const panels = (await user.get("/api/lab-panels")).json() as { id: string; lastDrawn: string | null }[];
    const lastOf = (id: string) => panels.find((panel) => panel.id === id)?.lastDrawn;
    expect(lastOf(samFull)).toBe(addDays(today(), -300));
    expect(lastOf(samSodium)).toBe(partials.at(-1));
    expect(lastOf(leoFull)).toBe(addDays(today(), -300));
  });

  it("lets a viewer read the panels and change none", async () => {
    const viewer = await joinFamily(t, owner, { role: "viewer" });
    expect((await viewer.get("/api/lab-panels")).json()).toHaveLength(2);
    expect(
      (await viewer.post("/api/lab-panels", { ...electrolytes, childId: sam, firstDue: today() })).statusCode,
    ).toBe(403);
    expect((await viewer.patch(`/api/lab-panels/${samPanel}`, { every: 3 })).statusCode).toBe(403);
    expect((await viewer.delete(`/api/lab-panels/${samPanel}`)).statusCode).toBe(403);
    expect((await owner.get(`/api/lab-panels/${samPanel}`)).json()).toMatchObject({ every: 1 });
  });

  it("lets a caregiver limited to one child see and change only that child's panels", async () => {
    const helper = await joinFamily(t, owner, { role: "caregiver", childIds: [ana] });
    expect((await helper.get("/api/lab-panels")).json().map((p: { id: string }) => p.id)).toEqual([anaPanel]);
    expect((await helper.get(`/api/lab-panels/${samPanel}`)).statusCode).toBe(404);
    expect((await helper.patch(`/api/lab-panels/${samPanel}`, { every: 3 })).statusCode).toBe(404);
    expect(
      (await helper.post("/api/lab-panels", { ...electrolytes, childId: sam, firstDue: today() })).statusCode,
    ).toBe(404);
    expect((await helper.patch(`/api/lab-panels/${anaPanel}`, { every: 2 })).statusCode).toBe(200);
    // Nor its task.
    const tasks = (await helper.get("/api/tasks")).json() as { id: string }[];
    expect(tasks.map((task) => task.id)).toContain(`lab-panel:${anaPanel}`);
    expect(tasks.map((task) => task.id)).not.toContain(`lab-panel:${samPanel}`);
  });

  it("answers another family's panel as missing", async () => {
    const stranger = await signUp(t.app);
    expect((await stranger.get(`/api/lab-panels/${samPanel}`)).statusCode).toBe(404);
    expect((await stranger.patch(`/api/lab-panels/${samPanel}`, { every: 2 })).statusCode).toBe(404);
    expect((await stranger.delete(`/api/lab-panels/${samPanel}`)).statusCode).toBe(404);
    expect((await stranger.get("/api/lab-panels")).json()).toEqual([]);
    expect((await owner.get(`/api/lab-panels/${samPanel}`)).statusCode).toBe(200);
  });
});

describe("a panel's care task", () => {
  it("comes due at 09:00 on the family's clock and moves to the next month once its results are entered", async () => {
    const ZONE = "Pacific/Auckland";
    const user = await signUp(t.app, { timeZone: ZONE });
    const sam = await addChild(user);
    const firstDue = addDays(todayIn(ZONE, t.clock.now()), 1);
    const panel = (await user.post("/api/lab-panels", { ...electrolytes, childId: sam, firstDue })).json();
    const id = `lab-panel:${panel.id}`;
    type TaskAnswer = {
      id: string;
      state: string;
      dueAt: string;
      title: string;
      detail: string;
      doneBy: string;
    };
    const tasks = async () => (await user.get(`/api/tasks?childId=${sam}`)).json() as TaskAnswer[];
    const taskOf = async () => (await tasks()).find((task) => task.id === id);

    // One task for the panel, not one per analyte; the child's "Labs every 4 weeks" gives way to it.
    expect((await tasks()).filter((task) => task.id.startsWith("lab"))).toHaveLength(1);
    expect(await taskOf()).toMatchObject({
      state: "ok",
      doneBy: "form",
      title: "Electrolytes",
      detail: "Every month · Sodium, Potassium, TSH · Before the PN starts, from a peripheral vein, fasting",
      dueAt: instantOf(firstDue, "09:00", ZONE).toISOString(),
    });

    // The clock moves to 09:01 on the due date in Auckland, up to two days on: the parent uses the
    // app every 90 minutes and signs in again when the session's 24 hours are over.
    const dueAt = instantOf(firstDue, "09:00", ZONE).getTime();
    const { keepSignedIn } = reminderHelpers(() => t);
    while (t.clock.now().getTime() < dueAt + 60_000) {
      t.clock.advance(Math.min(90 * 60_000, dueAt + 60_000 - t.clock.now().getTime()));
      await keepSignedIn(user);
    }
    expect(await taskOf()).toMatchObject({ state: "due" });

    // Done is entering the results, not a tap.
    const tapped = await user.post(`/api/tasks/${encodeURIComponent(id)}/done`, {});
    expect(tapped.statusCode).toBe(409);
    expect(tapped.json().message).toMatch(/entering its results/);

    // Part of the panel leaves it due; the whole of it moves it to the same day next month.
    const drawn = todayIn(ZONE, t.clock.now());
    expect(drawn).toBe(firstDue);
    const sodium = { analyte: "sodium", value: 139, unit: "mmol/L" };
    const potassium = { analyte: "potassium", value: 4.1, unit: "mmol/L" };
    await user.post("/api/lab-results", { childId: sam, date: drawn, analytes: [sodium, potassium] });
    expect(await taskOf()).toMatchObject({ state: "due" });
    const entered = await user.post("/api/lab-results", {
      childId: sam,
      date: drawn,
      analytes: [sodium, potassium, { name: "TSH", value: 1.8, unit: "mU/L" }],
    });
    expect(entered.statusCode, entered.body).toBe(201);
    const moved = await taskOf();
    expect(moved).toMatchObject({
      state: "ok",
      dueAt: instantOf(addMonths(firstDue, 1), "09:00", ZONE).toISOString(),
    });
    expect(moved).toMatchObject({ lastDone: { at: instantOf(drawn, "09:00", ZONE).toISOString() } });

    // A panel set aside (not active) has no task, and the child's routine labs come back.
    await user.patch(`/api/lab-panels/${panel.id}`, { active: false });
    const after = await tasks();
    expect(after.find((task) => task.id === id)).toBeUndefined();
    expect(after.map((task) => task.id)).toContain(`labs:${sam}`);
  });
});
