import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinFamily } from "../../../../tests/helpers/family";
import { bundleErrors, fhirContextFor, renderBundle } from "../../../../tests/helpers/fhir-validation";
import { addChild, ownedCrudContract } from "../../../../tests/helpers/owned-crud-contract";
import { buildTestApp, signUp, type TestApp, type TestUser } from "../../../../tests/helpers/test-app";
import { addDays, today } from "../../../domain/dates";
import { pnPrescriptions } from "../../db/schema/index";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A 12-hour overnight bag with a 60-minute taper each way (the worked example of pn.ts). */
const bag = {
  prescriber: "Dr. Okafor",
  bagVolumeMl: 1000,
  infusionHours: 12,
  taperUpMinutes: 60,
  taperDownMinutes: 60,
  dextrosePercent: 15,
  aminoAcidsG: 30,
  lipidG: 20,
  lipidProduct: "SMOFlipid 20%",
  additives: "Multivitamin 5 mL, trace elements 1 mL",
};

async function version(
  user: TestUser,
  childId: string,
  startDate: string,
  fields: Record<string, unknown> = {},
) {
  return user.post("/api/pn-prescriptions", { childId, startDate, ...bag, ...fields });
}

describe("PN prescriptions", () => {
  ownedCrudContract(() => t, {
    path: "/api/pn-prescriptions",
    valid: { ...bag, startDate: addDays(today(), -3) },
    change: { notes: "Lipids 5 nights a week" },
    updateMethod: "PATCH",
    required: ["childId", "startDate", "bagVolumeMl", "infusionHours"],
    linksChild: "required",
    listExtras: { endDate: null, plateauRateMlPerHour: 90.9, bagKcal: 830, dextroseG: 150 },
    dates: { startDate: "any" },
  });

  it("starts a new version on its date and ends the one before, keeping the history", async () => {
    const user = await signUp(t.app);
    const sam = await addChild(user);
    const first = (await version(user, sam, "2026-09-01")).json();
    expect(first).toMatchObject({ endDate: null, plateauRateMlPerHour: 90.9, bagKcal: 830, dextroseG: 150 });
    const second = await version(user, sam, "2026-10-15", { bagVolumeMl: 1100, rateMlPerHour: 100 });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ endDate: null, plateauRateMlPerHour: 100 });
    // A version put between the two ends the first and is ended by the second.
    const between = (await version(user, sam, "2026-10-01")).json();
    expect(between.endDate).toBe("2026-10-14");
    const list = (await user.get(`/api/pn-prescriptions?childId=${sam}`)).json();
    expect(list.map((v: { startDate: string; endDate: string | null }) => [v.startDate, v.endDate])).toEqual([
      ["2026-10-15", null],
      ["2026-10-01", "2026-10-14"],
      ["2026-09-01", "2026-09-30"],
    ]);
    // Deleting a version gives its days back to the one before.
    expect((await user.delete(`/api/pn-prescriptions/${between.id}`)).statusCode).toBe(204);
    expect((await user.get(`/api/pn-prescriptions/${first.id}`)).json().endDate).toBe("2026-10-14");
  });

  it("refuses two versions of a child starting on one day, also sent at once, and saves nothing more", async () => {
    const user = await signUp(t.app);
    const sam = await addChild(user);
    const ana = await addChild(user, "Ana");
    expect((await version(user, sam, "2026-11-01")).statusCode).toBe(201);
    const same = await version(user, sam, "2026-11-01", { bagVolumeMl: 900 });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe(
      "Another version of this prescription starts on 2026-11-01: change that one instead",
    );
    const both = await Promise.all([version(user, sam, "2026-11-20"), version(user, sam, "2026-11-20")]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    // Another child's version on that day is no overlap.
    expect((await version(user, ana, "2026-11-01")).statusCode).toBe(201);
    expect((await user.get(`/api/pn-prescriptions?childId=${sam}`)).json()).toHaveLength(2);
    // Nor may a change move a version onto another's day, or to another child.
    const [later] = (await user.get(`/api/pn-prescriptions?childId=${sam}`)).json();
    expect(
      (await user.patch(`/api/pn-prescriptions/${later.id}`, { startDate: "2026-11-01" })).statusCode,
    ).toBe(409);
    const moved = await user.patch(`/api/pn-prescriptions/${later.id}`, { childId: ana });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().issues[0].path).toBe("childId");
  });

  it("checks the taper fits the infusion, also on a change of one field", async () => {
    const user = await signUp(t.app);
    const sam = await addChild(user);
    const tooLong = await version(user, sam, "2026-11-01", {
      infusionHours: 1,
      taperUpMinutes: 30,
      taperDownMinutes: 30,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().issues).toEqual([
      { path: "taperDownMinutes", message: "The taper up and down must take less than the infusion's hours" },
    ]);
    const ok = (await version(user, sam, "2026-11-01")).json();
    expect((await user.patch(`/api/pn-prescriptions/${ok.id}`, { infusionHours: 2 })).statusCode).toBe(400);
    expect((await version(user, sam, "2026-11-02", { bagVolumeMl: "" })).json().issues).toEqual([
      { path: "bagVolumeMl", message: "Bag volume is required" },
    ]);
  });

  it("answers the version in force per kilogram of the latest weight, and says when that weight is old", async () => {
    const user = await signUp(t.app);
    const sam = await addChild(user);
    const empty = (await user.get(`/api/pn-prescriptions/active?childId=${sam}`)).json();
    expect(empty).toEqual({
      prescription: null,
      weight: null,
      gir: null,
      girDayAverage: null,
      kcalPerKgDay: null,
      proteinGPerKgDay: null,
      lipidGPerKgDay: null,
    });
    await version(user, sam, addDays(today(), -40), { rateMlPerHour: 50 });
    const current = (await version(user, sam, addDays(today(), -5))).json();
    await version(user, sam, addDays(today(), 7), { bagVolumeMl: 1200 });
    await user.post("/api/vitals", { childId: sam, kind: "weight", value: 9.5, date: addDays(today(), -60) });
    await user.post("/api/vitals", { childId: sam, kind: "weight", value: 10, date: addDays(today(), -10) });
    const active = (await user.get(`/api/pn-prescriptions/active?childId=${sam}`)).json();
    // 1,000 mL of D15 over 12 h with a 60-minute taper each way: 90.9 mL/h at plateau.
    // GIR = 15 × 90.9 × 1000 / (10 × 60 × 100) = 22.7 mg/kg/min; 150 g × 3.4 + 30 × 4 + 20 × 10 = 830 kcal.
    expect(active).toEqual({
      prescription: expect.objectContaining({ id: current.id, endDate: addDays(today(), 6) }),
      weight: { kg: 10, date: addDays(today(), -10), ageDays: 10, stale: false },
      gir: 22.7,
      // Over 24 h: 150 g × 1000 / (10 × 1,440) = 10.4 mg/kg/min.
      girDayAverage: 10.4,
      kcalPerKgDay: 83,
      proteinGPerKgDay: 3,
      lipidGPerKgDay: 2,
    });

    const ana = await addChild(user, "Ana");
    await version(user, ana, addDays(today(), -1));
    await user.post("/api/vitals", { childId: ana, kind: "weight", value: 20, date: addDays(today(), -45) });
    const old = (await user.get(`/api/pn-prescriptions/active?childId=${ana}`)).json();
    expect(old.weight).toEqual({ kg: 20, date: addDays(today(), -45), ageDays: 45, stale: true });
    expect(old.kcalPerKgDay).toBe(41.5);
  });

  it("compares what was prescribed with what the nights delivered, per kilogram and day", async () => {
    const user = await signUp(t.app);
    const sam = await addChild(user);
    const rx = (await version(user, sam, addDays(today(), -2))).json();
    await user.post("/api/vitals", { childId: sam, kind: "weight", value: 10, date: addDays(today(), -2) });
    await user.post("/api/tpn", {
      childId: sam,
      date: addDays(today(), -1),
      pnPrescriptionId: rx.id,
      calories: "700",
      protein: "25",
      carbohydrates: "120",
      fat: "15",
      duration: 10,
    });
    const perKg = (await user.get(`/api/pn-prescriptions/per-kg?childId=${sam}&days=7`)).json();
    // Prescribed: 22.7 at full rate; 150 g over 24 h for 10 kg: 150,000 / 14,400 = 10.4.
    const prescribed = {
      gir: 22.7,
      girDayAverage: 10.4,
      kcalPerKgDay: 83,
      proteinGPerKgDay: 3,
      lipidGPerKgDay: 2,
    };
    expect(perKg.days).toEqual([
      { date: addDays(today(), -2), prescribed, delivered: null },
      {
        date: addDays(today(), -1),
        prescribed,
        // 120 g of dextrose over the day's 24 h for 10 kg: 120,000 / 14,400 = 8.3 mg/kg/min.
        delivered: {
          gir: null,
          girDayAverage: 8.3,
          kcalPerKgDay: 70,
          proteinGPerKgDay: 2.5,
          lipidGPerKgDay: 1.5,
        },
      },
      { date: today(), prescribed, delivered: null },
    ]);
    expect((await user.get(`/api/pn-prescriptions/per-kg?childId=${sam}&days=400`)).statusCode).toBe(400);
  });

  it("shows a bag that ran exactly as prescribed at the prescribed GIR, the same measure on both sides", async () => {
    // 1 L of D15 over 12 h tapered 60/60 at 12.4 kg (issue's example): full rate 18.3 mg/kg/min,
    // over 24 h 150 g × 1000 / (12.4 × 1,440) = 8.4 mg/kg/min, prescribed and delivered alike.
    const user = await signUp(t.app);
    const kai = await addChild(user, "Kai");
    const rx = (await version(user, kai, addDays(today(), -1))).json();
    await user.post("/api/vitals", { childId: kai, kind: "weight", value: 12.4, date: addDays(today(), -1) });
    await user.post("/api/tpn", {
      childId: kai,
      date: today(),
      pnPrescriptionId: rx.id,
      carbohydrates: String(rx.dextroseG),
      duration: 12,
    });
    const active = (await user.get(`/api/pn-prescriptions/active?childId=${kai}`)).json();
    expect([active.gir, active.girDayAverage]).toEqual([18.3, 8.4]);
    const [day] = (await user.get(`/api/pn-prescriptions/per-kg?childId=${kai}&days=7`))
      .json()
      .days.slice(-1);
    expect(day.delivered.girDayAverage).toBe(day.prescribed.girDayAverage);
  });

  it("counts lipid energy by the emulsion's strength, and names the factors it used", async () => {
    // 10 % emulsion 1.1 kcal/mL (11 kcal/g of fat), 20 % 2.0 kcal/mL (10 kcal/g): ASPEN Core
    // Curriculum (3rd ed., ch. 15) and the product labels (Intralipid, SMOFlipid, Omegaven).
    const user = await signUp(t.app);
    const sam = await addChild(user);
    const omegaven = await version(user, sam, "2026-11-01", {
      lipidPercent: 10,
      lipidProduct: "Omegaven 10 %",
    });
    expect(omegaven.statusCode).toBe(201);
    // 150 g × 3.4 + 30 g × 4 + 20 g × 11 = 510 + 120 + 220 = 850 kcal (at 10 kcal/g: 830).
    expect(omegaven.json()).toMatchObject({
      lipidPercent: 10,
      bagKcal: 850,
      energyFactors:
        "Energy counted at dextrose 3.4 kcal/g, amino acids 4 kcal/g, lipid 11 kcal/g (10 % emulsion, 1.1 kcal/mL)",
    });
    // Left out: a 20 % emulsion, as before.
    expect((await version(user, sam, "2026-11-02")).json()).toMatchObject({ lipidPercent: 20, bagKcal: 830 });
    const wrong = await version(user, sam, "2026-11-03", { lipidPercent: 15 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues).toEqual([
      { path: "lipidPercent", message: "Lipid emulsion must be 10, 20 or 30 %" },
    ]);
  });

  it("takes a taper in steps, its plateau rate following from the volume, hours and steps", async () => {
    // Harvard / Boston Children's HPN teaching, Longhurst 2003: taper off at half rate, then a quarter.
    const user = await signUp(t.app);
    const sam = await addChild(user);
    const stepped = await version(user, sam, "2026-11-01", {
      taperUpMinutes: undefined,
      taperDownMinutes: undefined,
      taperUpSteps: [{ minutes: 60, percent: 50 }],
      taperDownSteps: [
        { minutes: 30, percent: 50 },
        { minutes: 30, percent: 25 },
      ],
    });
    expect(stepped.statusCode).toBe(201);
    // 1000 / (12 − (30 + 15 + 22.5) / 60) = 1000 / 10.875 = 92 mL/h.
    expect(stepped.json()).toMatchObject({
      taperUpMinutes: 60,
      taperDownMinutes: 60,
      taperDownSteps: [
        { minutes: 30, percent: 50 },
        { minutes: 30, percent: 25 },
      ],
      plateauRateMlPerHour: 92,
    });
    // Minutes alone (a client from before steps): one step at half rate each way, 90.9 mL/h.
    const changed = await user.patch(`/api/pn-prescriptions/${stepped.json().id}`, { taperDownMinutes: 60 });
    expect(changed.json()).toMatchObject({
      taperDownSteps: [{ minutes: 60, percent: 50 }],
      plateauRateMlPerHour: 90.9,
    });
    const tooMany = await version(user, sam, "2026-11-02", {
      taperUpSteps: [{ minutes: 30, percent: 100 }],
    });
    expect(tooMany.json().issues).toEqual([
      { path: "taperUpSteps.0.percent", message: "A taper step runs at 1 to 99 % of the full rate" },
    ]);
  });

  it("keeps a prescription saved before strengths and steps meaning what it meant", async () => {
    // A row as the migration leaves it: the strength column's default (20 %), no steps, minutes only.
    const user = await signUp(t.app);
    const sam = await addChild(user);
    const saved = (await version(user, sam, "2026-10-01")).json();
    const [stored] = await t.database.db
      .select({
        up: pnPrescriptions.taperUpSteps,
        down: pnPrescriptions.taperDownSteps,
        lipid: pnPrescriptions.lipidPercent,
      })
      .from(pnPrescriptions)
      .where(eq(pnPrescriptions.id, saved.id));
    expect(stored).toEqual({ up: null, down: null, lipid: 20 });
    const read = (await user.get(`/api/pn-prescriptions/${saved.id}`)).json();
    expect(read).toMatchObject({
      lipidPercent: 20,
      bagKcal: 830,
      taperUpSteps: [{ minutes: 60, percent: 50 }],
      taperDownSteps: [{ minutes: 60, percent: 50 }],
      plateauRateMlPerHour: 90.9,
    });
  });

  it("links a TPN entry only to a prescription of the same child, and of the family", async () => {
    const user = await signUp(t.app);
    const stranger = await signUp(t.app);
    const sam = await addChild(user);
    const ana = await addChild(user, "Ana");
    const theirs = (await version(stranger, await addChild(stranger), "2026-11-01")).json();
    const anas = (await version(user, ana, "2026-11-01")).json();
    const sams = (await version(user, sam, "2026-11-01")).json();
    const entry = { childId: sam, date: today(), volume: "1000" };
    const other = await user.post("/api/tpn", { ...entry, pnPrescriptionId: anas.id });
    expect(other.statusCode).toBe(400);
    expect(other.json().issues).toEqual([
      { path: "pnPrescriptionId", message: "This prescription is another child's" },
    ]);
    expect((await user.post("/api/tpn", { ...entry, pnPrescriptionId: theirs.id })).statusCode).toBe(404);
    expect((await user.get(`/api/tpn?childId=${sam}`)).json()).toEqual([]);
    const linked = await user.post("/api/tpn", {
      ...entry,
      pnPrescriptionId: sams.id,
      lot: "L2211",
      expiryDate: addDays(today(), 2),
      startTime: "19:30",
      stopTime: "07:45",
      interruptions: "Air-in-line alarm at 02:10",
    });
    expect(linked.statusCode).toBe(201);
    expect(linked.json()).toMatchObject({ pnPrescriptionId: sams.id, lot: "L2211", startTime: "19:30" });
    // Deleting the prescription keeps the entry, unlinked.
    expect((await user.delete(`/api/pn-prescriptions/${sams.id}`)).statusCode).toBe(204);
    expect((await user.get(`/api/tpn/${linked.json().id}`)).json().pnPrescriptionId).toBeNull();
  });

  it("is read by a viewer, changed by no viewer, and unseen by a member limited to another child", async () => {
    const owner = await signUp(t.app);
    const sam = await addChild(owner);
    const ana = await addChild(owner, "Ana");
    const viewer = await joinFamily(t, owner, { role: "viewer" });
    const sitter = await joinFamily(t, owner, { childIds: [ana] });
    const rx = (await version(owner, sam, "2026-11-01")).json();
    expect((await viewer.get(`/api/pn-prescriptions/active?childId=${sam}`)).json().prescription.id).toBe(
      rx.id,
    );
    expect((await version(viewer, sam, "2026-11-10")).statusCode).toBe(403);
    expect((await viewer.patch(`/api/pn-prescriptions/${rx.id}`, { notes: "x" })).statusCode).toBe(403);
    expect((await sitter.get(`/api/pn-prescriptions/${rx.id}`)).statusCode).toBe(404);
    expect((await sitter.get(`/api/pn-prescriptions?childId=${sam}`)).json()).toEqual([]);
    expect((await sitter.get(`/api/pn-prescriptions/active?childId=${sam}`)).json().prescription).toBeNull();
    expect((await version(sitter, sam, "2026-11-10")).statusCode).toBe(404);
  });

  it("keeps the nights a week a bag runs, says them, and gives them to FHIR as so many a week", async () => {
    const user = await signUp(t.app);
    const sam = await addChild(user);
    const eight = await version(user, sam, "2026-10-01", { nightsPerWeek: 8 });
    expect(eight.statusCode).toBe(400);
    expect(eight.json().issues).toEqual([
      expect.objectContaining({ path: "nightsPerWeek", message: expect.stringContaining("Nights a week") }),
    ]);
    const five = await version(user, sam, "2026-10-01", { nightsPerWeek: 5 });
    expect(five.statusCode, five.body).toBe(201);
    expect(five.json()).toMatchObject({ nightsPerWeek: 5 });
    // Unsaid: every night, as before the field was asked.
    const every = (await version(user, sam, "2026-11-01")).json();
    expect(every.nightsPerWeek).toBeNull();

    const bundle = await renderBundle(await fhirContextFor(t, user));
    expect(bundleErrors(bundle)).toEqual([]);
    const requests = new Map(
      bundle.entry!.flatMap(({ resource }) =>
        resource?.resourceType === "MedicationRequest"
          ? [[resource.id, resource.dosageInstruction![0]!]]
          : [],
      ),
    );
    expect(requests.get(five.json().id)).toMatchObject({
      text: expect.stringMatching(
        /^1,000 mL over 12 h at 90\.9 mL\/h \(computed\), 5 nights a week, taper up/,
      ),
      timing: { repeat: { frequency: 5, period: 1, periodUnit: "wk", duration: 12, durationUnit: "h" } },
    });
    expect(requests.get(every.id)).toMatchObject({
      timing: { repeat: { frequency: 1, period: 1, periodUnit: "d" } },
    });
  });
});
