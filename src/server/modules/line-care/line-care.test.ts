import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinFamily } from "../../../../tests/helpers/family";
import { addChild, ownedCrudContract } from "../../../../tests/helpers/owned-crud-contract";
import { buildTestApp, signUp, type TestApp, type TestUser } from "../../../../tests/helpers/test-app";
import { addDays, today } from "../../../domain/dates";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function lineFor(user: TestUser, childId: string, extra: Record<string, unknown> = {}) {
  const line = await user.post("/api/picc-lines", {
    childId,
    insertionDate: addDays(today(), -60),
    insertionSite: "right-arm",
    lineType: "double-lumen",
    ...extra,
  });
  expect(line.statusCode).toBe(201);
  return line.json().id as string;
}

const HOUR = 3_600_000;

describe("line care", () => {
  ownedCrudContract(() => t, {
    path: "/api/line-care",
    valid: {
      kind: "dressing",
      date: today(),
      time: "19:30",
      dressingType: "transparent",
      notes: "Clean site",
    },
    change: { notes: "Skin a little red" },
    updateMethod: "PATCH",
    required: ["kind", "date", "piccLineId", "childId"],
    invalid: { kind: "bath", dressingType: "paper" },
    linksChild: "required",
    dates: { date: "past" },
    extra: async (user, childId) => ({ piccLineId: await lineFor(user, childId!) }),
  });

  it("asks each kind for what it needs, refuses another kind's fields, and saves nothing", async () => {
    const user = await signUp(t.app);
    const sam = await addChild(user);
    const line = await lineFor(user, sam);
    const post = (body: Record<string, unknown>) =>
      user.post("/api/line-care", { childId: sam, piccLineId: line, date: today(), ...body });
    const issues = async (body: Record<string, unknown>) => (await post(body)).json().issues;
    expect(await issues({ kind: "dressing" })).toEqual([
      { path: "dressingType", message: "Choose the dressing: transparent or gauze" },
    ]);
    expect(await issues({ kind: "external-length" })).toEqual([
      { path: "externalLengthCm", message: "Enter the length measured, in cm" },
    ]);
    expect(await issues({ kind: "site-check" })).toEqual([
      { path: "findings", message: "Choose what the site looked like" },
    ]);
    expect(await issues({ kind: "flush", alteplaseUsed: true })).toEqual([
      { path: "alteplaseUsed", message: "Not part of a flush" },
    ]);
    expect(await issues({ kind: "lock", lockSolution: "ethanol", dwellMinutes: 0 })).toEqual([
      { path: "dwellMinutes", message: "Dwell time (minutes) must be between 1 and 10080" },
    ]);
    expect((await user.get("/api/line-care")).json()).toEqual([]);
    for (const body of [
      { kind: "site-check", findings: ["redness", "discharge"] },
      { kind: "lock", lockSolution: "ethanol", dwellMinutes: 120 },
      { kind: "tubing", withLipids: true },
      { kind: "occlusion", alteplaseUsed: true },
      { kind: "breakage", repaired: true },
      { kind: "external-length", externalLengthCm: 2.5 },
    ]) {
      expect((await post(body)).statusCode, JSON.stringify(body)).toBe(201);
    }
  });

  it("keeps an event on its line's child and within the line's dates", async () => {
    const user = await signUp(t.app);
    const sam = await addChild(user, "Sam");
    const ana = await addChild(user, "Ana");
    const samsLine = await lineFor(user, sam, { removalDate: addDays(today(), -10) });
    const other = await signUp(t.app);
    const foreignLine = await lineFor(other, await addChild(other));
    const post = (body: Record<string, unknown>) =>
      user.post("/api/line-care", { kind: "flush", date: addDays(today(), -20), ...body });
    expect((await post({ childId: ana, piccLineId: samsLine })).json().issues).toEqual([
      { path: "piccLineId", message: "This line is another child's" },
    ]);
    expect(
      (await post({ childId: sam, piccLineId: samsLine, date: addDays(today(), -5) })).json().issues,
    ).toEqual([{ path: "date", message: "The line was not in place on this date" }]);
    expect((await post({ childId: sam, piccLineId: foreignLine })).statusCode).toBe(404);
    expect((await post({ childId: sam, piccLineId: samsLine })).statusCode).toBe(201);
    // Once its care is logged, the line stays its child's.
    const moved = await user.put(`/api/picc-lines/${samsLine}`, {
      childId: ana,
      insertionDate: addDays(today(), -60),
      insertionSite: "right-arm",
      lineType: "double-lumen",
    });
    expect(moved.statusCode).toBe(400);
  });

  it("tells each scheduled care's age against its interval, on the family's clock", async () => {
    const user = await signUp(t.app, { timeZone: "America/Chicago" });
    const sam = await addChild(user);
    const line = await lineFor(user, sam, { connectorHours: 96 });
    // Six and a half days after a transparent dressing, and two days after a lipid tubing.
    const now = t.clock.now();
    const dressedAt = new Date(now.getTime() - 6.5 * 24 * HOUR);
    const day = (instant: Date) =>
      new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(instant);
    const hhmm = (instant: Date) =>
      new Intl.DateTimeFormat("en-GB", {
        timeZone: "America/Chicago",
        hour: "2-digit",
        minute: "2-digit",
      }).format(instant);
    const log = (kind: string, at: Date, extra: Record<string, unknown>) =>
      user.post("/api/line-care", {
        childId: sam,
        piccLineId: line,
        kind,
        date: day(at),
        time: hhmm(at),
        ...extra,
      });
    expect((await log("dressing", dressedAt, { dressingType: "transparent" })).statusCode).toBe(201);
    expect((await log("tubing", new Date(now.getTime() - 48 * HOUR), { withLipids: true })).statusCode).toBe(
      201,
    );
    const status = (await user.get(`/api/picc-lines/${line}/care-status`)).json();
    const of = (kind: string) => status.find((s: { kind: string }) => s.kind === kind);
    expect(of("dressing")).toMatchObject({ intervalHours: 168, state: "due" });
    expect(Date.parse(of("dressing").dueAt) - now.getTime()).toBeGreaterThan(11 * HOUR);
    expect(of("tubing")).toMatchObject({ intervalHours: 24, state: "overdue" });
    expect(of("connector")).toMatchObject({ intervalHours: 96, state: "due", lastAt: null });
    expect(of("lock")).toMatchObject({ intervalHours: null, state: "ok" });
    // A new dressing turns it green.
    expect((await log("dressing", now, { dressingType: "transparent" })).statusCode).toBe(201);
    const after = (await user.get(`/api/picc-lines/${line}/care-status`)).json();
    expect(after.find((s: { kind: string }) => s.kind === "dressing").state).toBe("ok");
    // Another family's line, or no line at all, is a 404.
    const other = await signUp(t.app);
    expect((await other.get(`/api/picc-lines/${line}/care-status`)).statusCode).toBe(404);
    expect((await user.get("/api/picc-lines/not-a-line/care-status")).statusCode).toBe(404);
  });

  it("shows a tubing changed just now as fine, not amber 'due' (its 24 hours' second half is)", async () => {
    const user = await signUp(t.app, { timeZone: "America/Chicago" });
    const sam = await addChild(user);
    const now = t.clock.now();
    const tubingChanged = async (hoursAgo: number) => {
      const line = await lineFor(user, sam);
      const at = new Date(now.getTime() - hoursAgo * HOUR);
      const [date, time] = new Intl.DateTimeFormat("sv-SE", {
        timeZone: "America/Chicago",
        dateStyle: "short",
        timeStyle: "short",
      })
        .format(at)
        .split(" ");
      const logged = await user.post("/api/line-care", {
        childId: sam,
        piccLineId: line,
        kind: "tubing",
        date,
        time,
        withLipids: true,
      });
      expect(logged.statusCode, logged.body).toBe(201);
      const status = (await user.get(`/api/picc-lines/${line}/care-status`)).json();
      return status.find((s: { kind: string }) => s.kind === "tubing");
    };
    expect(await tubingChanged(0)).toMatchObject({ intervalHours: 24, state: "ok" });
    expect((await tubingChanged(11)).state).toBe("ok");
    expect((await tubingChanged(12.1)).state).toBe("due");
  });

  it("keeps a set for lipids alone 12 hours and a PN set 24 hours unless the line says otherwise", async () => {
    const user = await signUp(t.app);
    const sam = await addChild(user);
    const tubingOf = async (fields: Record<string, unknown>, line: Record<string, unknown> = {}) => {
      const lineId = await lineFor(user, sam, line);
      const logged = await user.post("/api/line-care", {
        childId: sam,
        piccLineId: lineId,
        kind: "tubing",
        date: addDays(today(), -3),
        ...fields,
      });
      expect(logged.statusCode, logged.body).toBe(201);
      const status = (await user.get(`/api/picc-lines/${lineId}/care-status`)).json();
      return { event: logged.json(), status: status.find((s: { kind: string }) => s.kind === "tubing") };
    };
    const alone = await tubingOf({ withLipids: true, lipidsAlone: true });
    expect(alone.event).toMatchObject({ withLipids: true, lipidsAlone: true });
    expect(alone.status.intervalHours).toBe(12);
    expect((await tubingOf({ withLipids: true })).status.intervalHours).toBe(24);
    expect((await tubingOf({ withLipids: false })).status.intervalHours).toBe(24);
    // A team that follows CDC's 96 hours for a set without lipids sets it on the line.
    expect((await tubingOf({ withLipids: false }, { tubingHours: 96 })).status.intervalHours).toBe(96);
    const own = await tubingOf({ lipidsAlone: true }, { tubingLipidsAloneHours: 10 });
    expect(own.status.intervalHours).toBe(10);
    const line = (await user.get(`/api/picc-lines?childId=${sam}`)).json()[0];
    expect(line).toHaveProperty("tubingLipidsAloneHours");
    // A set for lipids alone carries lipids; and only a tubing says it.
    const refused = async (fields: Record<string, unknown>) => {
      const lineId = await lineFor(user, sam);
      const response = await user.post("/api/line-care", {
        childId: sam,
        piccLineId: lineId,
        date: today(),
        ...fields,
      });
      expect(response.statusCode).toBe(400);
      return response.json().issues;
    };
    expect(await refused({ kind: "tubing", withLipids: false, lipidsAlone: true })).toEqual([
      { path: "lipidsAlone", message: "A set for lipids alone carries lipids" },
    ]);
    expect(await refused({ kind: "flush", lipidsAlone: true })).toEqual([
      { path: "lipidsAlone", message: "Not part of a flush" },
    ]);
  });

  it("gives catheter-days and each complication's rate per 1,000 catheter-days, with the ASPEN figure", async () => {
    const user = await signUp(t.app);
    const sam = await addChild(user);
    const first = await lineFor(user, sam, {
      insertionDate: addDays(today(), -299),
      removalDate: addDays(today(), -200),
    });
    const second = await lineFor(user, sam, { insertionDate: addDays(today(), -99) });
    await user.post("/api/picc-infections", {
      childId: sam,
      piccLineId: first,
      infectionDate: addDays(today(), -250),
      infectionType: "bloodstream",
    });
    await user.post("/api/line-care", {
      childId: sam,
      piccLineId: second,
      kind: "occlusion",
      date: addDays(today(), -50),
      alteplaseUsed: true,
    });
    const rates = (await user.get(`/api/picc-lines/rates?childId=${sam}`)).json();
    expect(rates.benchmarkBloodstreamPer1000).toBe(1.17);
    expect(rates.child).toMatchObject({
      catheterDays: 200,
      counts: { bloodstream: 1, occlusion: 1, exitSite: 0 },
      rates: { bloodstream: 5, occlusion: 5 },
    });
    expect(rates.lines).toEqual([
      expect.objectContaining({
        lineId: first,
        catheterDays: 100,
        counts: expect.objectContaining({ bloodstream: 1 }),
      }),
      expect.objectContaining({
        lineId: second,
        catheterDays: 100,
        counts: expect.objectContaining({ occlusion: 1 }),
      }),
    ]);
  });

  // NHSN Patient Safety Component Manual, chapter 4 (CLABSI): line day 1 is the day it went in; a
  // bloodstream infection counts from line day 3, and on the day of removal or the next day.
  it("counts bloodstream infections as NHSN counts a CLABSI: the day after removal yes, line day 2 no", async () => {
    const user = await signUp(t.app);
    const sam = await addChild(user);
    const first = await lineFor(user, sam, {
      insertionDate: addDays(today(), -40),
      removalDate: addDays(today(), -20),
    });
    const second = await lineFor(user, sam, { insertionDate: addDays(today(), -10) });
    for (const [piccLineId, days] of [
      [first, -19], // the day after the first line came out
      [second, -9], // the second line's day 2
    ] as const) {
      const infection = await user.post("/api/picc-infections", {
        childId: sam,
        piccLineId,
        infectionDate: addDays(today(), days),
        infectionType: "bloodstream",
      });
      expect(infection.statusCode, infection.body).toBe(201);
    }
    const rates = (await user.get(`/api/picc-lines/rates?childId=${sam}`)).json();
    expect(rates.child.counts.bloodstream).toBe(1);
    const byLine = Object.fromEntries(
      rates.lines.map((line: { lineId: string; counts: { bloodstream: number } }) => [
        line.lineId,
        line.counts.bloodstream,
      ]),
    );
    expect(byLine).toEqual({ [first]: 1, [second]: 0 });
    const [summary] = (await user.get(`/api/care-summary?childId=${sam}`)).json();
    expect(summary.currentLine.daysIn).toBe(11);
    expect(summary.lineDays).toMatchObject({ catheterDays: 32 });
  });

  it("follows the family's roles and children", async () => {
    const owner = await signUp(t.app);
    const sam = await addChild(owner, "Sam");
    const ana = await addChild(owner, "Ana");
    const anasLine = await lineFor(owner, ana);
    const viewer = await joinFamily(t, owner, { role: "viewer" });
    const flush = { childId: ana, piccLineId: anasLine, kind: "flush", date: today() };
    expect((await viewer.post("/api/line-care", flush)).statusCode).toBe(403);
    expect((await viewer.get(`/api/picc-lines/${anasLine}/care-status`)).statusCode).toBe(200);
    const sitter = await joinFamily(t, owner, { childIds: [sam] });
    expect((await sitter.post("/api/line-care", flush)).statusCode).toBe(404);
    expect((await sitter.get(`/api/picc-lines/${anasLine}/care-status`)).statusCode).toBe(404);
    expect((await sitter.get(`/api/picc-lines/rates?childId=${ana}`)).json().child.catheterDays).toBe(0);
  });
});
