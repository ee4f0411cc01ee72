import { describe, expect, it } from "vitest";
import {
  bagKcal,
  deliveredPerKg,
  dextroseGrams,
  gir,
  LIPID_KCAL_PER_ML,
  lipidKcalPerGram,
  type PnPrescriptionFigures,
  plateauRate,
  prescribedPerKg,
  tonightsBag,
  USUAL_GIR,
  WEIGHT_STALE_DAYS,
} from "./pn";
import {
  contentsText,
  energyFactorsText,
  infusionText,
  isUnusualGir,
  perKgText,
  weekAverageText,
  weightUsedText,
} from "./pn-text";

/*
 * Worked examples, computed by hand below each one. The formulas and their sources are in pn.ts:
 * - GIR (mg/kg/min) = dextrose (g/dL) × rate (mL/h) × 1000 / (weight (kg) × 60 × 100)
 *   (Harvard Medical School / Boston Children's home PN teaching, "Glucose infusion rate";
 *   https://hpn.hms.harvard.edu/glucose);
 * - kcal per gram: dextrose 3.4, amino acids 4 (ASPEN Adult and Pediatric PN Core Curriculum, 3rd
 *   ed., 2017, ch. 15); lipid by the emulsion's strength (see "lipid energy" below);
 * - a taper step runs at its fraction of the full rate; a prescription saved with minutes only
 *   runs them at half rate (ESPGHAN/ESPEN/ESPR/CSPEN pediatric PN guidelines, 2018).
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
      "1,000 mL over 12 h at 90.9 mL/h (computed), taper up 60 min at 50 %, taper down 60 min at 50 %",
    );
    expect(infusionText(none)).toBe("1,000 mL over 12 h at 83.3 mL/h (computed)");
    expect(infusionText({ ...none, rateMlPerHour: 95 })).toBe("1,000 mL over 12 h at 95 mL/h");
    // The nights a week only when the prescription says them; seven is every night.
    expect(infusionText({ ...none, nightsPerWeek: 5 })).toBe(
      "1,000 mL over 12 h at 83.3 mL/h (computed), 5 nights a week",
    );
    expect(infusionText({ ...none, nightsPerWeek: 7 })).toBe(
      "1,000 mL over 12 h at 83.3 mL/h (computed), every night",
    );
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
  it("gives the prescription's GIR at full rate and over 24 hours, and its kcal, protein and lipid per day", () => {
    // At 12 kg: GIR at full rate = 12.5 × 64.6 × 1000 / (12 × 6,000) = 807,500 / 72,000 = 11.22 -> 11.2;
    // over 24 h: 105 g × 1000 / (12 × 1,440) = 6.08 -> 6.1;
    // 717 kcal / 12 = 59.75 -> 59.8 kcal/kg/day; 30 g / 12 = 2.5 g/kg/day; 24 g / 12 = 2 g/kg/day.
    const figures = prescribedPerKg(sofia, 12);
    expect(figures).toEqual({
      gir: 11.2,
      girDayAverage: 6.1,
      kcalPerKgDay: 59.8,
      proteinGPerKgDay: 2.5,
      lipidGPerKgDay: 2,
    });
    expect(perKgText(figures)).toBe(
      "GIR at full rate 11.2 mg/kg/min (24-hour average 6.1), 59.8 kcal/kg/day, protein 2.5 g/kg/day, lipid 2 g/kg/day",
    );
    // The same bag untapered runs at 60 mL/h: 12.5 × 60 × 1000 / 72,000 = 10.4 mg/kg/min.
    expect(prescribedPerKg({ ...sofia, taperUpMinutes: null, taperDownMinutes: null }, 12).gir).toBe(10.4);
  });

  it("averages a PN day's figures over the week when the bag comes fewer than 7 nights", () => {
    const figures = prescribedPerKg(sofia, 12);
    // 59.8 × 5/7 = 42.7 kcal/kg/day; 2.5 × 5/7 = 1.79 g/kg/day; 2 × 5/7 = 1.43 g/kg/day.
    expect(weekAverageText(figures, 5)).toBe(
      "averaged over the week (5 nights a week): 42.7 kcal/kg/day, protein 1.79 g/kg/day, lipid 1.43 g/kg/day",
    );
    expect(weekAverageText({ ...figures, proteinGPerKgDay: null, lipidGPerKgDay: null }, 1)).toBe(
      "averaged over the week (1 night a week): 8.5 kcal/kg/day",
    );
    // Every night, or not said: a PN day is every day.
    expect(weekAverageText(figures, 7)).toBe(null);
    expect(weekAverageText(figures, null)).toBe(null);
  });

  it("leaves out what the prescription does not say", () => {
    const figures = prescribedPerKg({ ...none, aminoAcidsG: 25 }, 10);
    expect(figures).toEqual({
      gir: null,
      girDayAverage: null,
      kcalPerKgDay: 10,
      proteinGPerKgDay: 2.5,
      lipidGPerKgDay: null,
    });
    expect(perKgText(figures)).toBe("10 kcal/kg/day, protein 2.5 g/kg/day");
    expect(
      perKgText({
        gir: null,
        girDayAverage: null,
        kcalPerKgDay: null,
        proteinGPerKgDay: null,
        lipidGPerKgDay: null,
      }),
    ).toBe(null);
  });

  it("gives what a night delivered, its GIR averaged over the 24 hours of the day", () => {
    // 105 g of dextrose for 12 kg: 105 × 1000 / (12 × 1,440 min) = 6.08 -> 6.1; the full rate of a
    // night is not known from its entry.
    expect(
      deliveredPerKg({ calories: 717, protein: 30, carbohydrates: 105, fat: 24, duration: 14 }, 12),
    ).toEqual({
      gir: null,
      girDayAverage: 6.1,
      kcalPerKgDay: 59.8,
      proteinGPerKgDay: 2.5,
      lipidGPerKgDay: 2,
    });
    // No duration recorded: the day's average still counts.
    expect(
      deliveredPerKg({ calories: 600, protein: null, carbohydrates: 90, fat: null, duration: null }, 12),
    ).toEqual({
      gir: null,
      girDayAverage: 5.2,
      kcalPerKgDay: 50,
      proteinGPerKgDay: null,
      lipidGPerKgDay: null,
    });
  });
});

describe("tonight's bag", () => {
  it("fills a TPN entry with the prescription's volume, hours, kcal, amino acids, dextrose and lipid", () => {
    // As a person writes them: "840", never "840.00".
    expect(tonightsBag(sofia)).toEqual({
      volume: "840",
      duration: 14,
      calories: "717",
      protein: "30",
      carbohydrates: "105",
      fat: "24",
    });
    expect(tonightsBag({ ...sofia, dextrosePercent: 12.55, aminoAcidsG: 25.5 })).toMatchObject({
      protein: "25.5",
      carbohydrates: "105.4",
    });
  });

  it("rounds the hours to whole ones and leaves unknown amounts empty", () => {
    // 12.5 h -> 13 h (the entry's duration is in whole hours).
    expect(tonightsBag({ ...none, infusionHours: 12.5 })).toEqual({
      volume: "1000",
      duration: 13,
      calories: null,
      protein: null,
      carbohydrates: null,
      fat: null,
    });
  });
});

describe("lipid energy by the emulsion's strength", () => {
  // Energy per mL of emulsion, from the product labels and ASPEN's Core Curriculum (3rd ed., 2017,
  // ch. 15): 10 % gives 1.1 kcal/mL (Intralipid 10 %; Omegaven 10 % says 1.12), 20 % 2.0 kcal/mL
  // (Intralipid 20 %, SMOFlipid 20 %), 30 % 3.0 kcal/mL (Intralipid 30 %). Per gram of fat: the
  // glycerol and phospholipid add energy, so 1.1 / 0.1 = 11 kcal/g, 2.0 / 0.2 = 10, 3.0 / 0.3 = 10.
  it("counts a 10 % emulsion at 11 kcal per gram of fat, a 20 % or 30 % one at 10", () => {
    expect(LIPID_KCAL_PER_ML).toEqual({ 10: 1.1, 20: 2, 30: 3 });
    expect(lipidKcalPerGram(10)).toBe(11);
    expect(lipidKcalPerGram(20)).toBe(10);
    expect(lipidKcalPerGram(30)).toBe(10);
    // 15 g of fish-oil lipid (150 mL of Omegaven 10 %): 150 mL × 1.1 = 165 kcal, not 150.
    expect(bagKcal({ ...none, lipidG: 15, lipidPercent: 10 })).toBe(165);
    // The same 15 g as a 20 % emulsion (75 mL × 2.0): 150 kcal.
    expect(bagKcal({ ...none, lipidG: 15, lipidPercent: 20 })).toBe(150);
    // Sofia's bag with Omegaven: 357 + 120 + 24 g × 11 = 741 kcal.
    expect(bagKcal({ ...sofia, lipidPercent: 10 })).toBe(741);
  });

  it("reads a prescription saved before the strength was asked as a 20 % emulsion (10 kcal/g, as before)", () => {
    expect(bagKcal({ ...sofia, lipidPercent: null })).toBe(717);
  });

  it("names the factors it used", () => {
    expect(energyFactorsText({ ...sofia, lipidPercent: 10 })).toBe(
      "Energy counted at dextrose 3.4 kcal/g, amino acids 4 kcal/g, lipid 11 kcal/g (10 % emulsion, 1.1 kcal/mL)",
    );
    expect(energyFactorsText({ ...sofia, lipidPercent: 20 })).toBe(
      "Energy counted at dextrose 3.4 kcal/g, amino acids 4 kcal/g, lipid 10 kcal/g (20 % emulsion, 2 kcal/mL)",
    );
    expect(energyFactorsText({ ...none, aminoAcidsG: 30 })).toBe("Energy counted at amino acids 4 kcal/g");
    expect(energyFactorsText(none)).toBeNull();
  });
});

describe("a taper in steps", () => {
  // Harvard Medical School / Boston Children's HPN teaching (https://hpn.hms.harvard.edu/glucose):
  // taper on at half rate for 30 to 60 minutes; taper off by halving, then quartering the rate.
  // Longhurst et al., 2003: a two-step taper-off (half rate, then a quarter).
  it("infuses the bag over the hours with each step at its fraction of the full rate", () => {
    // 1,000 mL over 12 h: up 60 min at 50 %; down 30 min at 50 %, then 30 min at 25 %.
    // Hours lost to the taper: 60 × 0.5 + 30 × 0.5 + 30 × 0.75 = 30 + 15 + 22.5 = 67.5 min = 1.125 h.
    // rate = 1000 / (12 − 1.125) = 1000 / 10.875 = 91.954 -> 92 mL/h.
    // Check: 10.875 h of full rate... 10 h × 91.954 + 1 h × 45.977 + 0.5 h × 45.977 + 0.5 h × 22.989 = 1,000.
    const twoStep = {
      ...none,
      taperUpSteps: [{ minutes: 60, percent: 50 }],
      taperDownSteps: [
        { minutes: 30, percent: 50 },
        { minutes: 30, percent: 25 },
      ],
    };
    expect(plateauRate(twoStep)).toBe(92);
    expect(infusionText(twoStep)).toBe(
      "1,000 mL over 12 h at 92 mL/h (computed), taper up 60 min at 50 %, taper down 30 min at 50 % then 30 min at 25 %",
    );
  });

  it("reads the minutes of a prescription saved before steps as one step at half rate", () => {
    // 60 min up and 60 down at half rate: 1000 / 11 = 90.9 mL/h, as before.
    expect(plateauRate({ ...none, taperUpMinutes: 60, taperDownMinutes: 60 })).toBe(90.9);
    expect(
      plateauRate({
        ...none,
        taperUpMinutes: 60,
        taperDownMinutes: 60,
        taperUpSteps: [{ minutes: 60, percent: 50 }],
        taperDownSteps: [{ minutes: 60, percent: 50 }],
      }),
    ).toBe(90.9);
  });
});

describe("the GIR at full rate and over the day", () => {
  it("gives the full-rate GIR and the 24-hour average beside it", () => {
    // 1 L of D15 over 12 h tapered 60/60 at 12.4 kg: full rate 90.9 mL/h:
    // 15 × 90.9 × 1000 / (12.4 × 6,000) = 18.3 mg/kg/min; over 24 h: 150 g × 1000 / (12.4 × 1,440) = 8.4.
    const bag = { ...none, dextrosePercent: 15, taperUpMinutes: 60, taperDownMinutes: 60 };
    const figures = prescribedPerKg(bag, 12.4);
    expect(figures.gir).toBe(18.3);
    expect(figures.girDayAverage).toBe(8.4);
    expect(perKgText(figures)).toBe(
      "GIR at full rate 18.3 mg/kg/min (24-hour average 8.4), 41.1 kcal/kg/day",
    );
  });

  it("gives what a night delivered as the same 24-hour average as the prescription's", () => {
    // A bag that ran exactly as prescribed: 150 g of dextrose on the day, 150 × 1000 / (12.4 × 1,440) = 8.4.
    const bag = { ...none, dextrosePercent: 15, taperUpMinutes: 60, taperDownMinutes: 60 };
    const delivered = deliveredPerKg(
      { calories: 510, protein: null, carbohydrates: 150, fat: null, duration: 12 },
      12.4,
    );
    expect(delivered.girDayAverage).toBe(prescribedPerKg(bag, 12.4).girDayAverage);
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
