import { describe, expect, it } from "vitest";
import {
  bagKcal,
  deliveredPerKg,
  dextroseGrams,
  gir,
  type PnPrescriptionFigures,
  plateauRate,
  prescribedPerKg,
  tonightsBag,
  USUAL_GIR,
  WEIGHT_STALE_DAYS,
} from "./pn";
import { contentsText, infusionText, isUnusualGir, perKgText, weightUsedText } from "./pn-text";

/*
 * Worked examples, computed by hand below each one. The formulas and their sources are in pn.ts:
 * - GIR (mg/kg/min) = dextrose (g/dL) × rate (mL/h) × 1000 / (weight (kg) × 60 × 100)
 *   (Harvard Medical School / Boston Children's home PN teaching, "Glucose infusion rate";
 *   https://hpn.hms.harvard.edu/glucose);
 * - kcal per gram: dextrose 3.4, amino acids 4, lipid 10 (ASPEN Adult and Pediatric PN Core
 *   Curriculum, 3rd ed., 2017, ch. 15);
 * - a taper runs at half the plateau rate (ESPGHAN/ESPEN/ESPR/CSPEN pediatric PN guidelines, 2018).
 */

const none: PnPrescriptionFigures = {
  bagVolumeMl: 1000,
  infusionHours: 12,
  rateMlPerHour: null,
  taperUpMinutes: null,
  taperDownMinutes: null,
  dextrosePercent: null,
  aminoAcidsG: null,
  lipidG: null,
};

/**
 * A 12 kg child's nightly bag: 840 mL over 14 h, tapered up and down over 60 minutes each, of
 * dextrose 12.5 %, 30 g of amino acids and 24 g of lipid (120 mL of a 20 % emulsion).
 */
const sofia: PnPrescriptionFigures = {
  bagVolumeMl: 840,
  infusionHours: 14,
  rateMlPerHour: null,
  taperUpMinutes: 60,
  taperDownMinutes: 60,
  dextrosePercent: 12.5,
  aminoAcidsG: 30,
  lipidG: 24,
};

describe("the glucose infusion rate", () => {
  it("is D% × mL/h × 1000 / (kg × 60 × 100), to one decimal", () => {
    // D15 at 50 mL/h for 10 kg: 15 × 50 × 1000 / (10 × 60 × 100) = 750,000 / 60,000 = 12.5.
    expect(gir(15, 50, 10)).toBe(12.5);
    // D12.5 at 40 mL/h for 8 kg: 12.5 × 40 × 1000 / (8 × 6,000) = 500,000 / 48,000 = 10.42 -> 10.4.
    expect(gir(12.5, 40, 8)).toBe(10.4);
    // D10 at 10 mL/h for 5 kg: 10 × 10 × 1000 / (5 × 6,000) = 100,000 / 30,000 = 3.33 -> 3.3.
    expect(gir(10, 10, 5)).toBe(3.3);
  });

  it("is named unusual outside 4 to 15 mg/kg/min, not at its ends", () => {
    expect(USUAL_GIR).toEqual({ min: 4, max: 15 });
    expect(isUnusualGir(3.3)).toBe(true);
    expect(isUnusualGir(4)).toBe(false);
    expect(isUnusualGir(12.5)).toBe(false);
    expect(isUnusualGir(15)).toBe(false);
    expect(isUnusualGir(15.1)).toBe(true);
    expect(isUnusualGir(null)).toBe(false);
  });
});

describe("the plateau rate", () => {
  it("infuses the bag over the hours with the taper at half rate", () => {
    // 1,000 mL over 12 h, 60 minutes up and 60 down at half rate: the taper hours count half, so
    // rate = 1000 / (12 − (60 + 60) / 120) = 1000 / 11 = 90.909 -> 90.9 mL/h.
    // Check: 10 h × 90.909 + 2 h × 45.45 = 909.09 + 90.91 = 1,000 mL.
    expect(plateauRate({ ...none, taperUpMinutes: 60, taperDownMinutes: 60 })).toBe(90.9);
    // Without a taper: 1000 / 12 = 83.33 -> 83.3 mL/h.
    expect(plateauRate(none)).toBe(83.3);
    // A taper up only, of 30 minutes: 1000 / (12 − 30 / 120) = 1000 / 11.75 = 85.106 -> 85.1 mL/h.
    expect(plateauRate({ ...none, taperUpMinutes: 30 })).toBe(85.1);
    // 840 mL over 14 h tapered 60/60: 840 / 13 = 64.615 -> 64.6 mL/h; untapered 840 / 14 = 60.
    expect(plateauRate(sofia)).toBe(64.6);
    expect(plateauRate({ ...sofia, taperUpMinutes: 0, taperDownMinutes: null })).toBe(60);
  });

  it("is the prescribed rate when the prescription gives one", () => {
    expect(plateauRate({ ...none, rateMlPerHour: 95, taperUpMinutes: 60, taperDownMinutes: 60 })).toBe(95);
  });

  it("says it is computed, with the taper, in words", () => {
    expect(infusionText({ ...none, taperUpMinutes: 60, taperDownMinutes: 60 })).toBe(
      "1,000 mL over 12 h at 90.9 mL/h (computed), taper up 60 min and down 60 min",
    );
    expect(infusionText(none)).toBe("1,000 mL over 12 h at 83.3 mL/h (computed)");
    expect(infusionText({ ...none, rateMlPerHour: 95 })).toBe("1,000 mL over 12 h at 95 mL/h");
  });
});

describe("a bag's contents and energy", () => {
  it("counts dextrose as g/dL × mL / 100, and energy at 3.4, 4 and 10 kcal per gram", () => {
    // 1,000 mL of D15: 15 × 1000 / 100 = 150 g.
    expect(dextroseGrams({ ...none, dextrosePercent: 15 })).toBe(150);
    // 840 mL of D12.5: 12.5 × 840 / 100 = 105 g.
    expect(dextroseGrams(sofia)).toBe(105);
    // 105 g × 3.4 + 30 g × 4 + 24 g × 10 = 357 + 120 + 240 = 717 kcal.
    expect(bagKcal(sofia)).toBe(717);
    // Amino acids alone: 30 × 4 = 120 kcal; nothing known: no figure, not zero.
    expect(bagKcal({ ...none, aminoAcidsG: 30 })).toBe(120);
    expect(bagKcal(none)).toBeNull();
    expect(contentsText({ ...sofia, lipidProduct: "SMOFlipid 20 %" })).toBe(
      "Dextrose 12.5 %, amino acids 30 g, lipid 24 g (SMOFlipid 20 %)",
    );
    expect(contentsText(none)).toBeNull();
  });
});

describe("per kilogram of body weight", () => {
  it("gives the prescription's GIR at the plateau rate, and its kcal, protein and lipid per day", () => {
    // At 12 kg: GIR = 12.5 × 64.6 × 1000 / (12 × 6,000) = 807,500 / 72,000 = 11.22 -> 11.2;
    // 717 kcal / 12 = 59.75 -> 59.8 kcal/kg/day; 30 g / 12 = 2.5 g/kg/day; 24 g / 12 = 2 g/kg/day.
    const figures = prescribedPerKg(sofia, 12);
    expect(figures).toEqual({ gir: 11.2, kcalPerKgDay: 59.8, proteinGPerKgDay: 2.5, lipidGPerKgDay: 2 });
    expect(perKgText(figures)).toBe(
      "GIR 11.2 mg/kg/min, 59.8 kcal/kg/day, protein 2.5 g/kg/day, lipid 2 g/kg/day",
    );
    // The same bag untapered runs at 60 mL/h: 12.5 × 60 × 1000 / 72,000 = 10.4 mg/kg/min.
    expect(prescribedPerKg({ ...sofia, taperUpMinutes: null, taperDownMinutes: null }, 12).gir).toBe(10.4);
  });

  it("leaves out what the prescription does not say", () => {
    const figures = prescribedPerKg({ ...none, aminoAcidsG: 25 }, 10);
    expect(figures).toEqual({
      gir: null,
      kcalPerKgDay: 10,
      proteinGPerKgDay: 2.5,
      lipidGPerKgDay: null,
    });
    expect(perKgText(figures)).toBe("10 kcal/kg/day, protein 2.5 g/kg/day");
    expect(perKgText({ gir: null, kcalPerKgDay: null, proteinGPerKgDay: null, lipidGPerKgDay: null })).toBe(
      null,
    );
  });

  it("gives what a night delivered, its GIR averaged over the hours it ran", () => {
    // 105 g of dextrose over 14 h for 12 kg: 105 × 1000 / (12 × 840 min) = 105,000 / 10,080 = 10.4.
    expect(
      deliveredPerKg({ calories: 717, protein: 30, carbohydrates: 105, fat: 24, duration: 14 }, 12),
    ).toEqual({ gir: 10.4, kcalPerKgDay: 59.8, proteinGPerKgDay: 2.5, lipidGPerKgDay: 2 });
    // No duration recorded: no GIR, the rest still counts.
    expect(
      deliveredPerKg({ calories: 600, protein: null, carbohydrates: 90, fat: null, duration: null }, 12),
    ).toEqual({ gir: null, kcalPerKgDay: 50, proteinGPerKgDay: null, lipidGPerKgDay: null });
  });
});

describe("tonight's bag", () => {
  it("fills a TPN entry with the prescription's volume, hours, kcal, amino acids, dextrose and lipid", () => {
    expect(tonightsBag(sofia)).toEqual({
      volume: "840.00",
      duration: 14,
      calories: "717.00",
      protein: "30.00",
      carbohydrates: "105.00",
      fat: "24.00",
    });
  });

  it("rounds the hours to whole ones and leaves unknown amounts empty", () => {
    // 12.5 h -> 13 h (the entry's duration is in whole hours).
    expect(tonightsBag({ ...none, infusionHours: 12.5 })).toEqual({
      volume: "1000.00",
      duration: 13,
      calories: null,
      protein: null,
      carbohydrates: null,
      fat: null,
    });
  });
});

describe("the weight the figures use", () => {
  it("is old after 30 days, and says so", () => {
    expect(WEIGHT_STALE_DAYS).toBe(30);
    expect(weightUsedText({ kg: 12.4, date: "2026-10-01", ageDays: 58, stale: true })).toBe(
      "Weight 12.4 kg on 2026-10-01 (58 days ago: older than 30 days, weigh again for current figures)",
    );
    expect(weightUsedText({ kg: 12.4, date: "2026-10-31", ageDays: 30, stale: false })).toBe(
      "Weight 12.4 kg on 2026-10-31 (30 days ago)",
    );
    expect(weightUsedText({ kg: 12.35, date: "2026-11-29", ageDays: 1, stale: false })).toBe(
      "Weight 12.35 kg on 2026-11-29 (1 day ago)",
    );
    expect(weightUsedText({ kg: 9.875, date: "2026-11-30", ageDays: 0, stale: false })).toBe(
      "Weight 9.875 kg on 2026-11-30 (today)",
    );
  });
});
