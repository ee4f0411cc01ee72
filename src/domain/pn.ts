/**
 * A child's parenteral nutrition prescription and what it gives per kilogram of body weight.
 *
 * Sources for the figures below:
 * - Glucose infusion rate (GIR, mg/kg/min) = dextrose (g/dL) × rate (mL/h) × 1000 / (weight (kg)
 *   × 60 × 100); usually kept between about 4 and 15 mg/kg/min (Harvard Medical School / Boston
 *   Children's Hospital home PN teaching pages, "Glucose infusion rate").
 * - Energy per gram: dextrose (monohydrate) 3.4 kcal, amino acids 4 kcal (ASPEN Adult and
 *   Pediatric Parenteral Nutrition Core Curriculum, 3rd ed., 2017, chapter 15).
 * - Lipid emulsions by strength (`LIPID_KCAL_PER_ML`): a 10 % emulsion gives 1.1 kcal/mL, a 20 %
 *   one 2.0 kcal/mL, a 30 % one 3.0 kcal/mL (ASPEN Core Curriculum, 3rd ed., ch. 15; the product
 *   labels: Intralipid 10 %, 20 % and 30 % prescribing information; SMOFlipid 20 %: 2.0 kcal/mL;
 *   Omegaven 10 %: 1.12 kcal/mL). Fat alone is 9 kcal/g; the glycerol and egg phospholipid add
 *   energy, so per gram of fat a 10 % emulsion gives 1.1 / 0.1 = 11 kcal, a 20 % one 10 kcal and a
 *   30 % one 10 kcal.
 * - Cycled PN commonly runs 12 to 20 hours overnight, with a taper up at half the rate for 30 to
 *   60 minutes and a taper down likewise (ESPGHAN/ESPEN/ESPR/CSPEN guidelines on pediatric
 *   parenteral nutrition, 2018: home parenteral nutrition); the taper-off often comes in two
 *   steps, half the rate and then a quarter (Harvard Medical School / Boston Children's Hospital
 *   home PN teaching, https://hpn.hms.harvard.edu/glucose; Longhurst et al., 2003, a two-step
 *   taper). Tapering is a prescription's field (`TaperStep`s), never a rule of the app: the
 *   prescriber decides, and it is contested in adults.
 */

export const KCAL_PER_G = { dextrose: 3.4, aminoAcids: 4 } as const;

/** Energy (kcal) per mL of a lipid emulsion by its strength (% fat, g/dL): see the sources above. */
export const LIPID_KCAL_PER_ML = { 10: 1.1, 20: 2, 30: 3 } as const;
export type LipidPercent = keyof typeof LIPID_KCAL_PER_ML;
export const LIPID_PERCENTS = [10, 20, 30] as const satisfies readonly LipidPercent[];
/**
 * The strength read for a prescription that does not name one (those saved before it was asked):
 * a 20 % emulsion, 10 kcal per gram of fat, which is what they were counted at.
 */
export const DEFAULT_LIPID_PERCENT: LipidPercent = 20;

/** Energy per gram of fat of an emulsion of this strength: kcal/mL ÷ g of fat per mL (10 %: 11). */
export function lipidKcalPerGram(percent: number | null | undefined): number {
  const strength = (percent ?? DEFAULT_LIPID_PERCENT) as LipidPercent;
  const perMl = LIPID_KCAL_PER_ML[strength] ?? LIPID_KCAL_PER_ML[DEFAULT_LIPID_PERCENT];
  return round(perMl / (strength / 100), 2);
}

/** One step of a taper: so many minutes at a percent of the full (plateau) rate. */
export interface TaperStep {
  minutes: number;
  percent: number;
}

/** The rate of a step a prescription saved before steps were asked ran at: half the full rate. */
export const LEGACY_TAPER_PERCENT = 50;

/** The range GIR is usually kept in (mg/kg/min): a figure outside is shown, with a note. */
export const USUAL_GIR = { min: 4, max: 15 } as const;

/** A weight older than this many days is named as old next to the per-kilogram figures. */
export const WEIGHT_STALE_DAYS = 30;

export interface PnPrescriptionFigures {
  bagVolumeMl: number;
  infusionHours: number;
  /** The plateau rate as prescribed, or null to compute it from the volume, hours and taper. */
  rateMlPerHour: number | null;
  /** The taper's total minutes each way; alone (no steps), one step at half rate. */
  taperUpMinutes: number | null;
  taperDownMinutes: number | null;
  /** The taper's steps in the order they run (up: lowest first; down: highest first). */
  taperUpSteps?: readonly TaperStep[] | null;
  taperDownSteps?: readonly TaperStep[] | null;
  /** Dextrose concentration in g/dL (the "%" of D15). */
  dextrosePercent: number | null;
  aminoAcidsG: number | null;
  lipidG: number | null;
  /** The lipid emulsion's strength (10, 20 or 30 %); none: 20 %. */
  lipidPercent?: number | null;
}

function round(value: number, places: number) {
  const f = 10 ** places;
  return Math.round(value * f) / f;
}

/**
 * A taper's steps each way: the steps as prescribed, or, for a prescription saved with minutes
 * only, those minutes as one step at half rate.
 */
export function taperSteps(p: {
  taperUpMinutes: number | null;
  taperDownMinutes: number | null;
  taperUpSteps?: readonly TaperStep[] | null;
  taperDownSteps?: readonly TaperStep[] | null;
}): { up: readonly TaperStep[]; down: readonly TaperStep[] } {
  const legacy = (minutes: number | null): TaperStep[] =>
    minutes ? [{ minutes, percent: LEGACY_TAPER_PERCENT }] : [];
  return {
    up: p.taperUpSteps ?? legacy(p.taperUpMinutes),
    down: p.taperDownSteps ?? legacy(p.taperDownMinutes),
  };
}

/** The minutes of a taper's steps. */
export const stepMinutes = (steps: readonly TaperStep[]) => steps.reduce((sum, s) => sum + s.minutes, 0);

/**
 * The plateau rate (mL/h): as prescribed, or the one that infuses the bag over the hours with each
 * taper step at its percent of that rate. Volume = rate × (hours − Σ minutes / 60) + Σ rate ×
 * percent/100 × minutes / 60, so rate = volume / (hours − Σ minutes × (1 − percent/100) / 60).
 * 1,000 mL over 12 h with 60 minutes at half rate each way: 1000 / (12 − 1) = 90.9 mL/h.
 */
export function plateauRate(p: PnPrescriptionFigures): number | null {
  if (p.rateMlPerHour !== null && p.rateMlPerHour > 0) return p.rateMlPerHour;
  const { up, down } = taperSteps(p);
  const lostMinutes = [...up, ...down].reduce((sum, s) => sum + s.minutes * (1 - s.percent / 100), 0);
  const effectiveHours = p.infusionHours - lostMinutes / 60;
  if (!(p.bagVolumeMl > 0) || !(effectiveHours > 0)) return null;
  return round(p.bagVolumeMl / effectiveHours, 1);
}

/** Grams of dextrose in a bag: g/dL × mL / 100 (1,000 mL of D15: 150 g). */
export function dextroseGrams(p: PnPrescriptionFigures): number | null {
  return p.dextrosePercent === null ? null : round((p.dextrosePercent * p.bagVolumeMl) / 100, 1);
}

/**
 * A bag's energy (kcal): dextrose × 3.4 + amino acids × 4 + lipid × its emulsion's kcal per gram
 * (10 %: 11, 20 % and 30 %: 10); null with none of them.
 */
export function bagKcal(p: PnPrescriptionFigures): number | null {
  const dextrose = dextroseGrams(p);
  if (dextrose === null && p.aminoAcidsG === null && p.lipidG === null) return null;
  return round(
    (dextrose ?? 0) * KCAL_PER_G.dextrose +
      (p.aminoAcidsG ?? 0) * KCAL_PER_G.aminoAcids +
      (p.lipidG ?? 0) * lipidKcalPerGram(p.lipidPercent),
    0,
  );
}

/** GIR (mg/kg/min) at a rate: dextrose g/dL × mL/h × 1000 / (kg × 60 × 100). */
export function gir(dextrosePercent: number, rateMlPerHour: number, weightKg: number): number {
  return round((dextrosePercent * rateMlPerHour * 1000) / (weightKg * 60 * 100), 1);
}

/** GIR (mg/kg/min) of grams of dextrose spread over a whole day: g × 1000 / (kg × 1,440). */
export function girOverDay(dextroseG: number, weightKg: number): number {
  return round((dextroseG * 1000) / (weightKg * 24 * 60), 1);
}

export interface PerKg {
  /** The GIR at the full (plateau) rate, the highest of the night; null where it is not known. */
  gir: number | null;
  /** The day's dextrose as if spread over 24 hours: what prescribed and delivered both give. */
  girDayAverage: number | null;
  kcalPerKgDay: number | null;
  proteinGPerKgDay: number | null;
  lipidGPerKgDay: number | null;
}

/**
 * A prescription per kilogram per day (one bag a day): the GIR at the plateau rate and over the
 * 24 hours of the day.
 */
export function prescribedPerKg(p: PnPrescriptionFigures, weightKg: number): PerKg {
  const rate = plateauRate(p);
  const kcal = bagKcal(p);
  const dextrose = dextroseGrams(p);
  return {
    gir: p.dextrosePercent !== null && rate !== null ? gir(p.dextrosePercent, rate, weightKg) : null,
    girDayAverage: dextrose === null ? null : girOverDay(dextrose, weightKg),
    kcalPerKgDay: kcal === null ? null : round(kcal / weightKg, 1),
    proteinGPerKgDay: p.aminoAcidsG === null ? null : round(p.aminoAcidsG / weightKg, 2),
    lipidGPerKgDay: p.lipidG === null ? null : round(p.lipidG / weightKg, 2),
  };
}

export interface DeliveredDay {
  calories: number | null;
  protein: number | null;
  carbohydrates: number | null;
  fat: number | null;
  /** Hours the bag ran. */
  duration: number | null;
}

/**
 * What a day's entries delivered per kilogram: kcal, protein and fat as recorded, and the GIR over
 * the day's 24 hours, the measure the prescription gives too (an entry does not say its full rate).
 */
export function deliveredPerKg(day: DeliveredDay, weightKg: number): PerKg {
  return {
    gir: null,
    girDayAverage: day.carbohydrates === null ? null : girOverDay(day.carbohydrates, weightKg),
    kcalPerKgDay: day.calories === null ? null : round(day.calories / weightKg, 1),
    proteinGPerKgDay: day.protein === null ? null : round(day.protein / weightKg, 2),
    lipidGPerKgDay: day.fat === null ? null : round(day.fat / weightKg, 2),
  };
}

/**
 * Tonight's bag as prescribed: the TPN entry's amounts from the prescription (volume, whole hours,
 * kcal, amino acids as protein, dextrose as carbohydrates, lipid as fat), as the form's text.
 */
export function tonightsBag(p: PnPrescriptionFigures): {
  volume: string;
  duration: number;
  calories: string | null;
  protein: string | null;
  carbohydrates: string | null;
  fat: string | null;
} {
  // As a person writes them: "809", "25.5", never "809.00".
  const text = (value: number | null) => (value === null ? null : String(round(value, 2)));
  return {
    volume: String(round(p.bagVolumeMl, 2)),
    duration: Math.min(24, Math.round(p.infusionHours)),
    calories: text(bagKcal(p)),
    protein: text(p.aminoAcidsG),
    carbohydrates: text(dextroseGrams(p)),
    fat: text(p.lipidG),
  };
}
