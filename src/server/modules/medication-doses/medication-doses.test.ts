import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinFamily } from "../../../../tests/helpers/family";
import { addChild, ownedCrudContract } from "../../../../tests/helpers/owned-crud-contract";
import { buildTestApp, signUp, type TestApp, type TestUser } from "../../../../tests/helpers/test-app";
import { medications } from "../../db/schema/index";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;

async function medicationOf(user: TestUser, fields: Record<string, unknown> = {}) {
  const response = await user.post("/api/medications", {
    name: "Ursodiol",
    dosage: "60 mg",
    frequency: "Twice daily",
    scheduleKind: "interval",
    intervalHours: 12,
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; childId: string | null };
}

/** Moves a medication's creation back, as if it had been added `hours` ago (the database's own now() stamps it). */
async function addedHoursAgo(id: string, hours: number) {
  await t.database.db
    .update(medications)
    .set({ createdAt: new Date(t.clock.now().getTime() - hours * HOUR) })
    .where(eq(medications.id, id));
}

const ago = (hours: number) => new Date(t.clock.now().getTime() - hours * HOUR).toISOString();

describe("medication doses", () => {
  ownedCrudContract(() => t, {
    path: "/api/medication-doses",
    valid: { status: "given", amount: "60 mg", notes: "With breakfast" },
    change: { status: "skipped", reason: "Vomiting" },
    updateMethod: "PUT",
    required: ["medicationId"],
    invalid: { status: "maybe" },
    extra: async (user) => ({ medicationId: (await medicationOf(user)).id }),
  });

  it("says the first dose's time the family's way: 12-hour once the owner chooses it", async () => {
    const owner = await signUp(t.app, { firstName: "Maria", lastName: "Lopez" });
    expect((await owner.patch("/api/family", { timeFormat: "12h" })).statusCode).toBe(200);
    const med = await medicationOf(owner);
    const given = new Date(t.clock.now().getTime() - HOUR);
    expect(
      (await owner.post("/api/medication-doses", { medicationId: med.id, givenAt: given.toISOString() }))
        .statusCode,
    ).toBe(201);
    const again = await owner.post("/api/medication-doses", { medicationId: med.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(
      / at [A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M \(UTC\)\. Give it again\?$/,
    );
  });

  it("asks before a second dose inside the interval, naming who gave the first, in another caregiver's session", async () => {
    const owner = await signUp(t.app, { firstName: "Maria", lastName: "Lopez" });
    const grandma = await joinFamily(t, owner, { firstName: "Rosa" });
    const med = await medicationOf(owner);
    const first = await owner.post("/api/medication-doses", { medicationId: med.id, givenAt: ago(1) });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ status: "given", createdByName: "Maria Lopez" });

    const again = await grandma.post("/api/medication-doses", { medicationId: med.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: expect.stringContaining("Ursodiol was given by Maria Lopez at"),
      lastDose: { givenAt: first.json().givenAt, givenBy: "Maria Lopez" },
    });
    expect((await grandma.get(`/api/medication-doses?medicationId=${med.id}`)).json()).toHaveLength(1);

    const anyway = await grandma.post("/api/medication-doses", { medicationId: med.id, confirm: true });
    expect(anyway.statusCode).toBe(201);
    expect(anyway.json()).toMatchObject({ createdByName: "Rosa Member" });
    expect(anyway.json()).not.toHaveProperty("confirm");
    const card = (await owner.get(`/api/medications/${med.id}`)).json();
    expect(card.lastDose).toMatchObject({ id: anyway.json().id, givenBy: "Rosa Member", status: "given" });
  });

  it("lets a dose through after the interval, after a skipped dose, and for as needed without a least gap", async () => {
    const user = await signUp(t.app);
    const med = await medicationOf(user);
    expect(
      (await user.post("/api/medication-doses", { medicationId: med.id, givenAt: ago(11) })).statusCode,
    ).toBe(201);
    // Every 12 hours: due 12 hours after, on time from 1 hour before (ISMP 2011).
    expect((await user.post("/api/medication-doses", { medicationId: med.id })).statusCode).toBe(201);

    const other = await medicationOf(user);
    expect(
      (
        await user.post("/api/medication-doses", {
          medicationId: other.id,
          status: "skipped",
          reason: "Asleep",
        })
      ).statusCode,
    ).toBe(201);
    expect((await user.post("/api/medication-doses", { medicationId: other.id })).statusCode).toBe(201);

    const prn = await medicationOf(user, { scheduleKind: "as-needed", intervalHours: "" });
    expect((await user.post("/api/medication-doses", { medicationId: prn.id })).statusCode).toBe(201);
    expect((await user.post("/api/medication-doses", { medicationId: prn.id })).statusCode).toBe(201);
  });

  // ISMP, "Acute Care Guidelines for Timely Administration of Scheduled Medications" (2011): a dose
  // more often than daily (but not more than every 4 hours) is on time within 1 hour of its due
  // time; as needed "at least 4 hours apart" is a least gap.
  it("asks at 3.5 hours for as needed at least 4 hours apart, and 1.5 hours early for every 12 hours", async () => {
    const user = await signUp(t.app);
    const prn = await medicationOf(user, { scheduleKind: "as-needed", intervalHours: 4 });
    await user.post("/api/medication-doses", { medicationId: prn.id, givenAt: ago(3.5) });
    expect((await user.post("/api/medication-doses", { medicationId: prn.id })).statusCode).toBe(409);
    await user.post("/api/medication-doses", { medicationId: prn.id, givenAt: ago(8), confirm: true });
    // A dose logged late, between two: 4 hours after the first, but 30 minutes before the next.
    const between = await user.post("/api/medication-doses", { medicationId: prn.id, givenAt: ago(4) });
    expect(between.statusCode).toBe(409);

    const every12 = await medicationOf(user);
    await user.post("/api/medication-doses", { medicationId: every12.id, givenAt: ago(10.5) });
    const early = await user.post("/api/medication-doses", { medicationId: every12.id });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/^Ursodiol was given by .+ at .+\. Give it again\?$/);
  });

  it("lets one of two caregivers giving at the same moment through, and asks the other", async () => {
    const owner = await signUp(t.app);
    const dad = await joinFamily(t, owner);
    const med = await medicationOf(owner);
    const answers = await Promise.all([
      owner.post("/api/medication-doses", { medicationId: med.id }),
      dad.post("/api/medication-doses", { medicationId: med.id }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect((await owner.get(`/api/medication-doses?medicationId=${med.id}`)).json()).toHaveLength(1);
  });

  it("shows the last dose, the next one due and the doses missed, on the family's clock", async () => {
    const user = await signUp(t.app, { timeZone: "America/Chicago" });
    const med = await medicationOf(user, { scheduleKind: "interval", intervalHours: 6 });
    await addedHoursAgo(med.id, 30);
    const given = await user.post("/api/medication-doses", {
      medicationId: med.id,
      givenAt: ago(20),
      amount: "60 mg",
    });
    expect(given.statusCode).toBe(201);
    const card = (await user.get(`/api/medications/${med.id}`)).json();
    expect(card.lastDose).toMatchObject({
      givenAt: given.json().givenAt,
      amount: "60 mg",
      givenBy: "Maria Lopez",
    });
    expect(card.nextDueAt).toBe(new Date(Date.parse(given.json().givenAt) + 6 * HOUR).toISOString());
    // Due 14, 8 and 2 hours ago: the last of them is not missed until half an interval has passed.
    expect(card.missedDoses).toEqual([ago(8), ago(14)]);

    await user.post("/api/medication-doses", {
      medicationId: med.id,
      status: "skipped",
      reason: "NPO for surgery",
    });
    const after = (await user.get(`/api/medications/${med.id}`)).json();
    expect(after.lastDose).toMatchObject({ status: "skipped" });
    expect(after.missedDoses).toEqual([]);

    // A stopped medication misses nothing.
    await user.patch(`/api/medications/${med.id}`, { isActive: "false" });
    const stopped = (await user.get(`/api/medications/${med.id}`)).json();
    expect(stopped).toMatchObject({ nextDueAt: null, missedDoses: [] });
  });

  it("stamps a dose with the date and time on the family's clock", async () => {
    const user = await signUp(t.app, { timeZone: "Pacific/Auckland" });
    const med = await medicationOf(user);
    const at = ago(30);
    const dose = (await user.post("/api/medication-doses", { medicationId: med.id, givenAt: at })).json();
    const local = new Intl.DateTimeFormat("en-CA", {
      timeZone: "Pacific/Auckland",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).formatToParts(new Date(at));
    const part = (type: string) => local.find((p) => p.type === type)!.value;
    expect(dose).toMatchObject({
      givenAt: at,
      date: `${part("year")}-${part("month")}-${part("day")}`,
      time: `${part("hour")}:${part("minute")}`,
    });
  });

  it("refuses a dose in the future, of another family's medication, or a body that is not a dose, saving nothing", async () => {
    const user = await signUp(t.app);
    const stranger = await signUp(t.app);
    const med = await medicationOf(user);
    const theirs = await medicationOf(stranger);
    const future = await user.post("/api/medication-doses", {
      medicationId: med.id,
      givenAt: new Date(t.clock.now().getTime() + HOUR).toISOString(),
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().issues).toEqual([
      { path: "givenAt", message: "Time given cannot be in the future" },
    ]);
    expect((await user.post("/api/medication-doses", { medicationId: theirs.id })).statusCode).toBe(404);
    for (const body of [
      [],
      7,
      null,
      { medicationId: med.id, givenAt: "yesterday" },
      { medicationId: med.id, confirm: "yes" },
    ]) {
      expect((await user.post("/api/medication-doses", body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await user.get("/api/medication-doses")).json()).toEqual([]);
  });

  it("keeps a dose with its medication's child, for a viewer to read and a member limited to another child not to see", async () => {
    const owner = await signUp(t.app);
    const sam = await addChild(owner, "Sam");
    const ana = await addChild(owner, "Ana");
    const viewer = await joinFamily(t, owner, { role: "viewer" });
    const sitter = await joinFamily(t, owner, { childIds: [ana] });
    const med = await medicationOf(owner, { childId: sam });
    const dose = (await owner.post("/api/medication-doses", { medicationId: med.id })).json();
    expect(dose.childId).toBe(sam);

    expect((await viewer.get(`/api/medication-doses?childId=${sam}`)).json()).toHaveLength(1);
    const refused = await viewer.post("/api/medication-doses", { medicationId: med.id, confirm: true });
    expect(refused.statusCode).toBe(403);
    expect((await sitter.get("/api/medication-doses")).json()).toEqual([]);
    expect((await sitter.get(`/api/medication-doses/${dose.id}`)).statusCode).toBe(404);
    expect((await sitter.post("/api/medication-doses", { medicationId: med.id })).statusCode).toBe(404);

    // Moving the medication to Ana moves its doses: now the sitter sees them.
    expect((await owner.patch(`/api/medications/${med.id}`, { childId: ana })).statusCode).toBe(200);
    expect((await sitter.get("/api/medication-doses")).json()).toMatchObject([{ id: dose.id, childId: ana }]);

    // Deleting the medication deletes its doses.
    expect((await owner.delete(`/api/medications/${med.id}`)).statusCode).toBe(204);
    expect((await owner.get(`/api/medication-doses/${dose.id}`)).statusCode).toBe(404);
  });
});
