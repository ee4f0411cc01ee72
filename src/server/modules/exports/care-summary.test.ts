import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedEveryRecordType } from "../../../../tests/helpers/seed-records";
import { buildTestApp, signUp, type TestApp } from "../../../../tests/helpers/test-app";
import { todayIn } from "../../../domain/clock";
import { addDays, daysBetween, today } from "../../../domain/dates";
import { FEVER_PLAN } from "../../../domain/fever-plan";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("the care summary", () => {
  it("gives a child's allergies (most dangerous first), active medications, line and contacts", async () => {
    const user = await signUp(t.app);
    const { childId } = await seedEveryRecordType(t, user);
    await user.post("/api/allergies", { childId, allergen: "Peanut", reaction: "Rash", severity: "mild" });
    await user.post("/api/medications", {
      childId,
      name: "Old drug",
      dosage: "1 mg",
      frequency: "daily",
      isActive: "false",
    });
    // Marked active, but past its end date: no longer taken. Its last day still counts.
    const course = { childId, dosage: "250 mg", frequency: "daily", startDate: addDays(today(), -10) };
    await user.post("/api/medications", { ...course, name: "Amoxicillin", endDate: addDays(today(), -1) });
    await user.post("/api/medications", { ...course, name: "Cefalexin", endDate: today() });
    const [summary] = (await user.get(`/api/care-summary?childId=${childId}`)).json();
    expect(summary.child).toMatchObject({ name: "Sam Rivera", diagnosis: "Short bowel syndrome" });
    expect(summary.allergies.map((a: { allergen: string }) => a.allergen)).toEqual(["Latex", "Peanut"]);
    expect(summary.medications.map((m: { name: string }) => m.name)).toEqual(["Cefalexin", "Ursodiol"]);
    expect(summary.currentLine).toMatchObject({ lineType: "double-lumen", insertionDate: "2026-07-05" });
    expect(summary.lineDays.bloodstreamInfections).toBe(1);
    expect(summary.latestTpn).toMatchObject({ calories: "850.50" });
    expect(summary.careTeam[0]).toMatchObject({ name: "Dr. Priya Patel", phone: "555-0100" });
    expect(summary.infusionCenters[0]).toMatchObject({ name: "Riverside Home Infusion" });
    const other = await signUp(t.app);
    expect((await other.get(`/api/care-summary?childId=${childId}`)).json()).toEqual([]);
  });

  it("gives the latest weight and height, the line's last dressing change, and the family's fever plan", async () => {
    const user = await signUp(t.app);
    const { childId, lineId } = await seedEveryRecordType(t, user);
    const summaryNow = async () => (await user.get(`/api/care-summary?childId=${childId}`)).json()[0];
    const seeded = await summaryNow();
    expect(seeded.latestWeight).toEqual({ date: "2026-11-20", value: 21.4 });
    expect(seeded.latestHeight).toBeNull();
    expect(seeded.currentLine).toMatchObject({
      lineType: "double-lumen",
      insertionDate: "2026-07-05",
      // The line's day, the day it went in being day 1 (as catheter-days count).
      daysIn: daysBetween("2026-07-05", today()) + 1,
      lastDressing: {
        date: "2026-11-20",
        time: "19:30",
        dressingType: "transparent",
        daysAgo: daysBetween("2026-11-20", today()),
      },
    });
    expect(seeded.feverPlan).toEqual({
      thresholdC: 38,
      unit: "C",
      threshold: "38.0 °C",
      action: FEVER_PLAN.action,
      tellThem: FEVER_PLAN.tellThem,
    });

    // The newest measurement wins: by day, then by time (one without a time after those with one).
    const vital = (body: Record<string, unknown>) => user.post("/api/vitals", { childId, ...body });
    const yesterday = addDays(today(), -1);
    await vital({ date: yesterday, time: "21:00", kind: "weight", value: 22.1 });
    await vital({ date: yesterday, time: "07:00", kind: "weight", value: 21.9 });
    await vital({ date: addDays(today(), -3), kind: "height", value: 112.5 });
    await vital({ date: addDays(today(), -30), kind: "height", value: 111 });
    // A gauze dressing today, without a time.
    await user.post("/api/line-care", {
      childId,
      piccLineId: lineId,
      kind: "dressing",
      date: today(),
      dressingType: "gauze",
    });
    // The family reads °F, and its team uses 38.5 °C.
    const settings = await user.patch("/api/family", { temperatureUnit: "F", feverThresholdC: 38.5 });
    expect(settings.statusCode, settings.body).toBe(200);
    const later = await summaryNow();
    expect(later.latestWeight).toEqual({ date: yesterday, value: 22.1 });
    expect(later.latestHeight).toEqual({ date: addDays(today(), -3), value: 112.5 });
    expect(later.currentLine.lastDressing).toEqual({
      date: today(),
      time: null,
      dressingType: "gauze",
      daysAgo: 0,
    });
    expect(later.feverPlan).toMatchObject({ thresholdC: 38.5, unit: "F", threshold: "101.3 °F" });

    // Once the line is out, there is no line and no plan for a fever with one.
    const removal = await user.put(`/api/picc-lines/${lineId}`, {
      childId,
      insertionDate: "2026-07-05",
      insertionSite: "left-arm",
      lineType: "double-lumen",
      removalDate: today(),
    });
    expect(removal.statusCode, removal.body).toBe(200);
    const removed = await summaryNow();
    expect(removed.currentLine).toBeNull();
    expect(removed.feverPlan).toBeNull();
    expect(removed.latestWeight).toEqual({ date: yesterday, value: 22.1 });
  });

  it("gives the PN prescription in force with its GIR and kcal per kilogram, and each medication's schedule and last dose on the family's clock", async () => {
    const user = await signUp(t.app, { timeZone: "America/Chicago" });
    const { childId, medicationId } = await seedEveryRecordType(t, user);
    const summaryOf = async (id: string) => (await user.get(`/api/care-summary?childId=${id}`)).json()[0];
    const familyToday = todayIn("America/Chicago");
    const seeded = await summaryOf(childId);
    // The seeded medication: its route, its times in words, the skipped evening dose at 20:00 UTC.
    expect(seeded.medications).toEqual([
      expect.objectContaining({
        name: "Ursodiol",
        route: "By mouth",
        schedule: "08:00, 20:00",
        lastDose: "Skipped Nov 20, 2026 14:00 (America/Chicago) by Maria Lopez",
      }),
    ]);
    // The second version is in force: 1,000 mL of D15 at 90.9 mL/h on 21.4 kg is a GIR of 10.6
    // mg/kg/min; 150 g dextrose (510 kcal), 25 g amino acids (100) and 20 g lipid (200) are 810
    // kcal, 37.9 per kg.
    const ageDays = daysBetween("2026-11-20", familyToday);
    const stale = ageDays > 30;
    expect(seeded.pnPrescription).toEqual({
      startDate: "2026-11-15",
      prescriber: "Dr. Priya Patel",
      infusion:
        "1,000 mL over 12 h at 90.9 mL/h (computed), taper up 60 min at 50 %, taper down 60 min at 50 %",
      contents: "Dextrose 15 %, amino acids 25 g, lipid 20 g (SMOFlipid 20%)",
      // The factors the energy used: a lipid saved without a strength is a 20 % emulsion.
      energyFactors:
        "Energy counted at dextrose 3.4 kcal/g, amino acids 4 kcal/g, lipid 10 kcal/g (20 % emulsion, 2 kcal/mL)",
      additives: "Multivitamin 5 mL, trace elements 1 mL",
      gir: 10.6,
      // Over 24 h: 150 g × 1000 / (21.4 × 1,440) = 4.87 -> 4.9 mg/kg/min.
      girDayAverage: 4.9,
      unusualGir: false,
      kcalPerKgDay: 37.9,
      perKg: "GIR at full rate 10.6 mg/kg/min (24-hour average 4.9), 37.9 kcal/kg/day",
      weight: { kg: 21.4, date: "2026-11-20", ageDays, stale },
      weightUsed: `Weight 21.4 kg on 2026-11-20 (${ageDays === 0 ? "today" : `${ageDays} day${ageDays === 1 ? "" : "s"} ago`}${stale ? ": older than 30 days, weigh again for current figures" : ""})`,
    });

    // A dose given since is the last dose, by whoever gave it, in the family's zone.
    const given = await user.post("/api/medication-doses", {
      medicationId,
      givenAt: "2026-11-21T14:30:00.000Z",
      amount: "60 mg",
    });
    expect(given.statusCode, given.body).toBe(201);
    expect((await summaryOf(childId)).medications[0].lastDose).toBe(
      "Given Nov 21, 2026 08:30 (America/Chicago) by Maria Lopez",
    );

    // A child weighed 40 days ago, on a strong dextrose: the figures say the weight is old, and
    // a GIR outside 4 to 15 mg/kg/min is flagged.
    const leo = (await user.post("/api/children", { name: "Leo" })).json().id as string;
    const weighed = addDays(familyToday, -40);
    await user.post("/api/vitals", { childId: leo, date: weighed, kind: "weight", value: 6 });
    const version = await user.post("/api/pn-prescriptions", {
      childId: leo,
      startDate: addDays(familyToday, -3),
      bagVolumeMl: 500,
      infusionHours: 10,
      rateMlPerHour: 50,
      dextrosePercent: 25,
      nightsPerWeek: 4,
    });
    expect(version.statusCode, version.body).toBe(201);
    // A version that starts tomorrow is not yet in force.
    await user.post("/api/pn-prescriptions", {
      childId: leo,
      startDate: addDays(familyToday, 1),
      bagVolumeMl: 600,
      infusionHours: 10,
    });
    const leoSummary = await summaryOf(leo);
    expect(leoSummary.pnPrescription).toMatchObject({
      startDate: addDays(familyToday, -3),
      prescriber: null,
      infusion: "500 mL over 10 h at 50 mL/h, 4 nights a week",
      contents: "Dextrose 25 %",
      gir: 34.7,
      unusualGir: true,
      kcalPerKgDay: 70.8,
      // A PN day's 70.8 kcal/kg on 4 nights in 7: 40.5 a day over the week.
      perKg:
        "GIR at full rate 34.7 mg/kg/min (24-hour average 14.5), 70.8 kcal/kg/day; averaged over the week (4 nights a week): 40.5 kcal/kg/day",
      weight: { kg: 6, date: weighed, ageDays: 40, stale: true },
      weightUsed: `Weight 6 kg on ${weighed} (40 days ago: older than 30 days, weigh again for current figures)`,
    });
    expect(leoSummary.medications).toEqual([]);

    // Without a weight, the prescription without figures; without a prescription, none.
    const ava = (await user.post("/api/children", { name: "Ava" })).json().id as string;
    await user.post("/api/pn-prescriptions", {
      childId: ava,
      startDate: familyToday,
      bagVolumeMl: 250,
      infusionHours: 20,
    });
    expect((await summaryOf(ava)).pnPrescription).toMatchObject({
      infusion: "250 mL over 20 h at 12.5 mL/h (computed)",
      contents: null,
      gir: null,
      kcalPerKgDay: null,
      perKg: null,
      weight: null,
      weightUsed: null,
    });
    const mia = (await user.post("/api/children", { name: "Mia" })).json().id as string;
    expect((await summaryOf(mia)).pnPrescription).toBeNull();
  });
});
