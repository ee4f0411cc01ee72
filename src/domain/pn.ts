/**
 * A child's parenteral nutrition prescription and what it gives per kilogram of body weight.
 *
 * Sources for the figures below:
 * - Glucose infusion rate (GIR, mg/kg/min) = dextrose (g/dL) × rate (mL/h) × 1000 / (weight (kg)
 *   × 60 × 100); usually kept between about 4 and 15 mg/kg/min (Harvard Medical School / Boston
 *   Children's Hospital home PN teaching pages, "Glucose infusion rate").
 * - Energy per gram: dextrose (monohydrate) 3.4 kcal, amino acids 4 kcal, lipid emulsion about
 *   10 kcal per gram of fat (a 20 % emulsion gives 2 kcal/mL, of which the fat is 0.2 g/mL: ASPEN
 *   Adult and Pediatric Parenteral Nutrition Core Curriculum, 3rd ed., 2017, chapter 15).
 * - Cycled PN commonly runs 12 to 20 hours overnight, with a taper up at half the rate for 30 to
 *   60 minutes and a taper down likewise (ESPGHAN/ESPEN/ESPR/CSPEN guidelines on pediatric
 *   parenteral nutrition, 2018: home parenteral nutrition). Tapering is a prescription's field,
 *   never a rule of the app: the prescriber decides, and it is contested in adults.
 */

export const KCAL_PER_G = { dextrose: 3.4, aminoAcids: 4, lipid: 10 } as const;

/** The range GIR is usually kept in (mg/kg/min): a figure outside is shown, with a note. */
export const USUAL_GIR = { min: 4, max: 15 } as const;

/** A weight older than this many days is named as old next to the per-kilogram figures. */
export const WEIGHT_STALE_DAYS = 30;

export interface PnPrescriptionFigures {
  bagVolumeMl: number;
  infusionHours: number;
  /** The plateau rate as prescribed, or null to compute it from the volume, hours and taper. */
  rateMlPerHour: number | null;
  taperUpMinutes: number | null;
  taperDownMinutes: number | null;
  /** Dextrose concentration in g/dL (the "%" of D15). */
  dextrosePercent: number | null;
  aminoAcidsG: number | null;
  lipidG: number | null;
}

const round = (value: number, places: number) => {
  const f = 10 ** places;
  return Math.round(value * f) / f;
};

/**
 * The plateau rate (mL/h): as prescribed, or the one that infuses the bag over the hours with the
 * taper up and down at half rate. Volume = rate × (hours − taper/60) + rate/2 × taper/60, so
 * rate = volume / (hours − (up + down) / 120). 1,000 mL over 12 h with a 60-minute taper each way:
 * 1000 / (12 − 1) = 90.9 mL/h.
 */
export function plateauRate(p: PnPrescriptionFigures): number | null {
  if (p.rateMlPerHour !== null && p.rateMlPerHour > 0) return p.rateMlPerHour;
  const taperMinutes = (p.taperUpMinutes ?? 0) + (p.taperDownMinutes ?? 0);
  const effectiveHours = p.infusionHours - taperMinutes / 120;
  if (!(p.bagVolumeMl > 0) || !(effectiveHours > 0)) return null;
  return round(p.bagVolumeMl / effectiveHours, 1);
}

/** Grams of dextrose in a bag: g/dL × mL / 100 (1,000 mL of D15: 150 g). */
export function dextroseGrams(p: PnPrescriptionFigures): number | null {
  return p.dextrosePercent === null ? null : round((p.dextrosePercent * p.bagVolumeMl) / 100, 1);
}

/** A bag's energy (kcal): dextrose × 3.4 + amino acids × 4 + lipid × 10; null with none of them. */
export function bagKcal(p: PnPrescriptionFigures): number | null {
  const dextrose = dextroseGrams(p);
  if (dextrose === null && p.aminoAcidsG === null && p.lipidG === null) return null;
  return round(
    (dextrose ?? 0) * KCAL_PER_G.dextrose +
      (p.aminoAcidsG ?? 0) * KCAL_PER_G.aminoAcids +
      (p.lipidG ?? 0) * KCAL_PER_G.lipid,
    0,
  );
}

/** GIR (mg/kg/min) at a rate: dextrose g/dL × mL/h × 1000 / (kg × 60 × 100). */
export function gir(dextrosePercent: number, rateMlPerHour: number, weightKg: number): number {
  return round((dextrosePercent * rateMlPerHour * 1000) / (weightKg * 60 * 100), 1);
}

export interface PerKg {
  gir: number | null;
  kcalPerKgDay: number | null;
  proteinGPerKgDay: number | null;
  lipidGPerKgDay: number | null;
}

/** A prescription per kilogram per day (one bag a day), at the plateau rate for the GIR. */
export function prescribedPerKg(p: PnPrescriptionFigures, weightKg: number): PerKg {
  const rate = plateauRate(p);
  const kcal = bagKcal(p);
  return {
    gir: p.dextrosePercent !== null && rate !== null ? gir(p.dextrosePercent, rate, weightKg) : null,
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
 * What a day's entries delivered per kilogram: kcal, protein and fat as recorded, and the GIR
 * averaged over the hours it ran (grams of dextrose × 1000 / (kg × minutes)).
 */
export function deliveredPerKg(day: DeliveredDay, weightKg: number): PerKg {
  const minutes = day.duration ? day.duration * 60 : null;
  return {
    gir:
      day.carbohydrates !== null && minutes
        ? round((day.carbohydrates * 1000) / (weightKg * minutes), 1)
        : null,
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
  const text = (value: number | null) => (value === null ? null : value.toFixed(2));
  return {
    volume: p.bagVolumeMl.toFixed(2),
    duration: Math.min(24, Math.round(p.infusionHours)),
    calories: text(bagKcal(p)),
    protein: text(p.aminoAcidsG),
    carbohydrates: text(dextroseGrams(p)),
    fat: text(p.lipidG),
  };
}
