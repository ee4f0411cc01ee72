import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinFamily } from "../../../../tests/helpers/family";
import { addChild, ownedCrudContract } from "../../../../tests/helpers/owned-crud-contract";
import { buildTestApp, signUp, type TestApp, type TestUser } from "../../../../tests/helpers/test-app";
import { addDays, today } from "../../../domain/dates";
import { growthZ } from "../../../domain/growth";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const temperature = (childId: string, value: number | string, extra: Record<string, unknown> = {}) => ({
  childId,
  date: today(),
  time: "03:10",
  kind: "temperature",
  value,
  site: "axillary",
  ...extra,
});

async function lineFor(user: TestUser, childId: string, extra: Record<string, unknown> = {}) {
  const line = await user.post("/api/picc-lines", {
    childId,
    insertionDate: addDays(today(), -30),
    insertionSite: "right-arm",
    lineType: "double-lumen",
    ...extra,
  });
  expect(line.statusCode).toBe(201);
  return line.json().id as string;
}

describe("vitals", () => {
  ownedCrudContract(() => t, {
    path: "/api/vitals",
    valid: { date: "2026-11-20", time: "07:30", kind: "weight", value: 14.25, notes: "Before the bag" },
    change: { value: 14.4 },
    updateMethod: "PATCH",
    required: ["date", "kind", "value", "childId"],
    invalid: { kind: "blood-pressure", site: "mouth" },
    linksChild: "required",
    dates: { date: "past" },
    listExtras: { feverWithLine: false },
  });

  it("refuses values no child has, naming the range in the kind's unit, and saves nothing", async () => {
    const user = await signUp(t.app);
    const sam = await addChild(user);
    const cases: [string, number | string, string][] = [
      ["temperature", 25, "Temperature must be between 30 and 45 °C"],
      ["temperature", 101.2, "Temperature must be between 30 and 45 °C"],
      ["weight", 0.1, "Weight must be between 0.3 and 250 kg"],
      ["height", 300, "Length / height must be between 20 and 250 cm"],
      ["head-circumference", 90, "Head circumference must be between 15 and 70 cm"],
    ];
    for (const [kind, value, message] of cases) {
      const response = await user.post("/api/vitals", {
        childId: sam,
        date: today(),
        kind,
        value,
        site: null,
      });
      expect({ kind, value, status: response.statusCode, issues: response.json().issues }).toEqual({
        kind,
        value,
        status: 400,
        issues: [{ path: "value", message }],
      });
    }
    const withSite = await user.post("/api/vitals", {
      childId: sam,
      date: today(),
      kind: "weight",
      value: 14,
      site: "oral",
    });
    expect(withSite.json().issues).toEqual([{ path: "site", message: "A site is only for a temperature" }]);
    const notANumber = await user.post("/api/vitals", {
      childId: sam,
      date: today(),
      kind: "weight",
      value: "14,5",
    });
    expect(notANumber.json().issues).toEqual([
      { path: "value", message: "Value must be a number with at most 3 decimals" },
    ]);
    // A change that puts the stored record out of range is refused too.
    const ok = (
      await user.post("/api/vitals", { childId: sam, date: today(), kind: "weight", value: 14 })
    ).json();
    const moved = await user.patch(`/api/vitals/${ok.id}`, { kind: "temperature" });
    expect(moved.statusCode).toBe(400);
    expect((await user.get(`/api/vitals?childId=${sam}`)).json()).toHaveLength(1);
  });

  it("flags a temperature at or above the family's threshold for a child whose line is in place, and no other", async () => {
    const user = await signUp(t.app);
    const sam = await addChild(user, "Sam");
    const ana = await addChild(user, "Ana");
    await lineFor(user, sam);
    // Ana's line came out a week ago.
    await lineFor(user, ana, { removalDate: addDays(today(), -7) });
    const post = async (childId: string, value: number) =>
      (await user.post("/api/vitals", temperature(childId, value))).json();
    expect((await post(sam, 38.3)).feverWithLine).toBe(true);
    expect((await post(sam, 38.0)).feverWithLine).toBe(true);
    expect((await post(sam, 37.9)).feverWithLine).toBe(false);
    expect((await post(ana, 39.1)).feverWithLine).toBe(false);
    const weight = await user.post("/api/vitals", { childId: sam, date: today(), kind: "weight", value: 40 });
    expect(weight.json().feverWithLine).toBe(false);
    // The family's own threshold: 38.5 °C.
    expect(
      (await user.patch("/api/family", { feverThresholdC: 38.5, temperatureUnit: "F" })).json(),
    ).toMatchObject({
      feverThresholdC: 38.5,
      temperatureUnit: "F",
    });
    expect((await post(sam, 38.3)).feverWithLine).toBe(false);
    expect((await post(sam, 38.5)).feverWithLine).toBe(true);
    // The list says it too, by today's threshold; a fever before the line went in is no fever with a line.
    const list = (await user.get(`/api/vitals?childId=${sam}&kind=temperature`)).json();
    expect(
      list.filter((v: { feverWithLine: boolean }) => v.feverWithLine).map((v: { value: number }) => v.value),
    ).toEqual([38.5]);
    const before = await user.post("/api/vitals", temperature(sam, 39, { date: addDays(today(), -40) }));
    expect(before.json().feverWithLine).toBe(false);
    expect((await user.patch("/api/family", { feverThresholdC: 41 })).statusCode).toBe(400);
  });

  it("keeps a threshold typed in °F to its tenth, and flags what the family sees at or above it", async () => {
    const user = await signUp(t.app);
    const sam = await addChild(user, "Sam");
    await lineFor(user, sam);
    const flagged = async (value: number) =>
      (await user.post("/api/vitals", temperature(sam, value))).json().feverWithLine;
    // °C, NASPGHAN's 38.0 °C: 37.95 °C reads "38.0 °C" on every screen, so it is a fever.
    expect(await flagged(37.95)).toBe(true);
    expect(await flagged(37.94)).toBe(false);
    // °F, a programme's 100.5 °F: kept as 38.06 °C (100.5 °F), not 38.1 °C (100.6 °F).
    const settings = await user.patch("/api/family", { temperatureUnit: "F", feverThresholdC: 38.06 });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json()).toMatchObject({ temperatureUnit: "F", feverThresholdC: 38.06 });
    expect((await user.get("/api/auth/user")).json()).toMatchObject({ feverThresholdC: 38.06 });
    expect(await flagged(38.06)).toBe(true); // 100.5 °F
    expect(await flagged(38)).toBe(false); // 100.4 °F
    // In °F, 37.95 °C reads 100.3 °F: below the threshold shown.
    await user.patch("/api/family", { feverThresholdC: 38 });
    expect(await flagged(37.95)).toBe(false);
    const refused = await user.patch("/api/family", { feverThresholdC: 38.055 });
    expect(refused.statusCode).toBe(400);
  });

  it("follows the family's roles and children", async () => {
    const owner = await signUp(t.app);
    const sam = await addChild(owner, "Sam");
    const ana = await addChild(owner, "Ana");
    const anaTemp = (await owner.post("/api/vitals", temperature(ana, 37))).json();
    const viewer = await joinFamily(t, owner, { role: "viewer" });
    expect((await viewer.post("/api/vitals", temperature(sam, 37))).statusCode).toBe(403);
    expect((await viewer.get(`/api/vitals/${anaTemp.id}`)).statusCode).toBe(200);
    const sitter = await joinFamily(t, owner, { childIds: [sam] });
    expect((await sitter.get(`/api/vitals/${anaTemp.id}`)).statusCode).toBe(404);
    expect((await sitter.post("/api/vitals", temperature(ana, 37))).statusCode).toBe(404);
    expect((await sitter.post("/api/vitals", temperature(sam, 37))).statusCode).toBe(201);
    expect((await sitter.get(`/api/growth?childId=${ana}`)).statusCode).toBe(404);
  });
});

describe("growth", () => {
  it("places each measurement on the WHO chart under 24 months and the CDC's after, with a BMI for days with both", async () => {
    const user = await signUp(t.app);
    // Born two and a half years ago; weighed and measured at 12 and 30 months.
    const born = addDays(today(), -Math.round(30 * 30.4375));
    const sam = (await user.post("/api/children", { name: "Sam", gender: "male", dateOfBirth: born })).json()
      .id;
    const at12 = addDays(born, Math.round(12 * 30.4375));
    const at30 = addDays(born, Math.round(30 * 30.4375));
    for (const [date, kind, value] of [
      [at12, "weight", 9.6],
      [at12, "height", 75.7],
      [at12, "head-circumference", 46.1],
      [at30, "weight", 13.4],
      [at30, "height", 91.5],
    ] as const) {
      expect((await user.post("/api/vitals", { childId: sam, date, kind, value })).statusCode).toBe(201);
    }
    const growth = (await user.get(`/api/growth?childId=${sam}`)).json();
    expect(growth).toMatchObject({ sex: "male", dateOfBirth: born, missing: [] });
    const of = (date: string, kind: string) =>
      growth.points.find((p: { date: string; kind: string }) => p.date === date && p.kind === kind);
    // WHO 2006 boys at 12 months: median weight 9.6 kg, length 75.7 cm, head 46.1 cm (tables' M).
    for (const kind of ["weight", "height", "head-circumference"]) {
      expect(of(at12, kind)).toMatchObject({ reference: "WHO" });
      expect(Math.abs(of(at12, kind).zScore)).toBeLessThan(0.1);
      expect(of(at12, kind).percentile).toBeGreaterThan(46);
      expect(of(at12, kind).percentile).toBeLessThan(54);
    }
    expect(of(at30, "weight")).toMatchObject({ reference: "CDC" });
    expect(of(at30, "bmi")).toMatchObject({ reference: "CDC", value: 16.01 });
    expect(of(at12, "bmi")).toMatchObject({ reference: "WHO" });
  });

  it("places a child born at 30 weeks at its corrected age until 24 months, and says so", async () => {
    const user = await signUp(t.app);
    const born = addDays(today(), -800);
    const kai = (
      await user.post("/api/children", {
        name: "Kai",
        gender: "female",
        dateOfBirth: born,
        gestationalAgeWeeks: 30,
        gestationalAgeDays: 0,
      })
    ).json().id;
    // 35 days old (before the due date), 183 days old (113 days corrected), 760 days (past 24 months).
    for (const [days, value] of [
      [35, 2.1],
      [183, 6.2],
      [760, 11.5],
    ] as const) {
      const date = addDays(born, days);
      expect((await user.post("/api/vitals", { childId: kai, date, kind: "weight", value })).statusCode).toBe(
        201,
      );
    }
    const growth = (await user.get(`/api/growth?childId=${kai}`)).json();
    expect(growth.gestationalAge).toEqual({ weeks: 30, days: 0 });
    const [early, six, older] = growth.points;
    const round2 = (x: number) => Math.round(x * 100) / 100;
    // Corrected age: days since birth less the 70 days born before 40 weeks (CDC; AAP).
    expect(six).toMatchObject({
      ageMonths: round2(183 / 30.4375),
      correctedAgeMonths: round2(113 / 30.4375),
    });
    const expected = growthZ({ kind: "weight", sex: "female", ageMonths: 113 / 30.4375, value: 6.2 })!;
    expect(six.zScore).toBe(round2(expected.zScore));
    expect(six.reference).toBe("WHO");
    // Before the due date the WHO charts (from term) have no percentile.
    expect(early).toMatchObject({
      correctedAgeMonths: round2(-35 / 30.4375),
      zScore: null,
      percentile: null,
    });
    // Past 24 months since birth, the age since birth.
    expect(older).toMatchObject({
      ageMonths: round2(760 / 30.4375),
      correctedAgeMonths: null,
      reference: "CDC",
    });
    const chronological = growthZ({ kind: "weight", sex: "female", ageMonths: 760 / 30.4375, value: 11.5 })!;
    expect(older.zScore).toBe(round2(chronological.zScore));
  });

  it("says which of sex and date of birth is missing, and gives the points without a percentile", async () => {
    const user = await signUp(t.app);
    const sam = await addChild(user);
    await user.post("/api/vitals", { childId: sam, date: today(), kind: "weight", value: 14 });
    const growth = (await user.get(`/api/growth?childId=${sam}`)).json();
    expect(growth.missing).toEqual(["sex", "dateOfBirth"]);
    expect(growth.points).toEqual([
      expect.objectContaining({ kind: "weight", zScore: null, percentile: null }),
    ]);
    const other = await signUp(t.app);
    expect((await other.get(`/api/growth?childId=${sam}`)).statusCode).toBe(404);
  });
});
