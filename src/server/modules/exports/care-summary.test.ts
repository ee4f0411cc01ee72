import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedEveryRecordType } from "../../../../tests/helpers/seed-records";
import { buildTestApp, signUp, type TestApp } from "../../../../tests/helpers/test-app";
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
      daysIn: daysBetween("2026-07-05", today()),
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
});
