import { describe, expect, it } from "vitest";
import { dayBalance, hoursOfDay, intakeEnergy, intakeVolume, outputVolume } from "./intake-output";

const feed = (over: Partial<Parameters<typeof dayBalance>[0]["intake"][number]> = {}) => ({
  source: "enteral" as const,
  mode: "bolus" as const,
  volumeMl: null,
  rateMlPerHour: null,
  hours: null,
  kcalPerMl: null,
  ...over,
});

describe("intake and output volumes", () => {
  it("takes a bolus's volume, and a pump's rate × hours", () => {
    expect(intakeVolume(feed({ volumeMl: 120 }))).toBe(120);
    expect(intakeVolume(feed({ mode: "continuous", rateMlPerHour: 22.5, hours: 9.5 }))).toBe(213.8);
    expect(intakeVolume(feed({ mode: "continuous", rateMlPerHour: 30 }))).toBeNull();
  });

  it("gives the energy as volume × kcal per mL, to a whole kcal, only when both are known", () => {
    // 60 mL of breast milk at 0.67 kcal/mL (about 20 kcal/oz): 40.2, read as 40 kcal.
    expect(intakeEnergy(feed({ volumeMl: 60, kcalPerMl: 0.67 }))).toBe(40);
    expect(intakeEnergy(feed({ volumeMl: 60 }))).toBeNull();
  });

  it("reads a weighed diaper at 1 g to 1 mL, less its dry weight; not measured is none", () => {
    expect(outputVolume({ measure: "weight", amount: 62, dryWeightGrams: 20 })).toBe(42);
    expect(outputVolume({ measure: "weight", amount: 62, dryWeightGrams: null })).toBe(62);
    expect(outputVolume({ measure: "volume", amount: 150, dryWeightGrams: null })).toBe(150);
    expect(outputVolume({ measure: "not-measured", amount: null, dryWeightGrams: null })).toBeNull();
  });
});

describe("a day's balance", () => {
  // A worked example: a 10 kg child; an 800 mL PN bag of 640 kcal; a G-tube feed at 30 mL/h for 10
  // hours of a 1.0 kcal/mL formula; 60 mL of breast milk by mouth; a diaper of 262 g (22 g dry) and
  // 150 mL from the ostomy, over 24 hours.
  const day = dayBalance({
    intake: [
      feed({ mode: "continuous", rateMlPerHour: 30, hours: 10, kcalPerMl: 1 }),
      feed({ source: "oral", volumeMl: 60, kcalPerMl: 0.67 }),
    ],
    output: [
      { kind: "urine", measure: "weight", amount: 262, dryWeightGrams: 22 },
      { kind: "ostomy", measure: "volume", amount: 150, dryWeightGrams: null },
      { kind: "stool", measure: "not-measured", amount: null, dryWeightGrams: null },
    ],
    pn: [{ volume: 800, calories: 640 }],
    weightKg: 10,
    hours: 24,
  });

  it("adds what went in and came out, in mL, and the net", () => {
    expect(day.intake).toEqual({ pn: 800, enteral: 300, oral: 60, iv: 0, total: 1160 });
    expect(day.output).toEqual({ urine: 240, stool: 0, ostomy: 150, vomit: 0, drain: 0, total: 390 });
    expect(day.netMl).toBe(770);
    expect(day.notMeasured).toBe(1);
  });

  it("reads them per kilogram: mL/kg/day, and urine in mL/kg/hour over the day's hours", () => {
    // 1160 / 10 = 116 mL/kg/day in; 390 / 10 = 39 out; urine 240 / 10 / 24 = 1.0 mL/kg/h.
    expect(day.perKg).toEqual({
      intakeMlPerDay: 116,
      outputMlPerDay: 39,
      ostomyMlPerDay: 15,
      stoolMlPerDay: 0,
      kcalPerDay: 98,
      urineMlPerHour: 1,
    });
  });

  it("splits the energy by route: 340 of 980 kcal from feeds is 35 %", () => {
    expect(day.energy).toEqual({ pn: 640, enteral: 300, oral: 40, total: 980 });
    expect(day.enteralSharePercent).toBe(35);
  });

  it("has no figures per kilogram without a weight, no share without energy, and counts feeds without kcal", () => {
    const bare = dayBalance({
      intake: [feed({ volumeMl: 50 })],
      output: [],
      pn: [],
      weightKg: null,
      hours: 24,
    });
    expect(bare.perKg.intakeMlPerDay).toBeNull();
    expect(bare.perKg.urineMlPerHour).toBeNull();
    expect(bare.enteralSharePercent).toBeNull();
    expect(bare.feedsWithoutEnergy).toBe(1);
  });
});

describe("the hours of a day on the family's clock", () => {
  const night = new Date("2026-12-01T00:00:00Z");
  it("is 24, 23 when the clocks go forward and 25 when they go back", () => {
    expect(hoursOfDay("2026-11-20", "America/Chicago", night)).toBe(24);
    expect(hoursOfDay("2026-03-08", "America/Chicago", night)).toBe(23);
    expect(hoursOfDay("2026-11-01", "America/Chicago", night)).toBe(25);
    expect(hoursOfDay("2026-03-29", "Europe/Berlin", night)).toBe(23);
  });

  it("counts today's hours gone by, in the family's zone, not the server's", () => {
    // 06:30 UTC is 00:30 in Chicago (UTC-6) on Nov 30, and 07:30 in Berlin.
    const now = new Date("2026-11-30T06:30:00Z");
    expect(hoursOfDay("2026-11-30", "America/Chicago", now)).toBe(0.5);
    expect(hoursOfDay("2026-11-30", "Europe/Berlin", now)).toBe(7.5);
  });
});
