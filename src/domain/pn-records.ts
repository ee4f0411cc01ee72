import { z } from "zod";
import {
  acrossFields,
  type FieldIssue,
  isoDate,
  optionalInt,
  optionalIsoDate,
  optionalMeasure,
  optionalText,
  requiredId,
} from "./fields";
import { END_BEFORE_START_MESSAGE } from "./medications";
import { DEFAULT_LIPID_PERCENT, LIPID_PERCENTS, stepMinutes, type TaperStep, taperSteps } from "./pn";
import { dateOnly, nullableDate, nullableText, recordBase, type Wire } from "./records";

/** The contract of `/api/pn-prescriptions`: one version of a child's PN prescription (see pn.ts). */

/** A required measurement, a number of `unit` from more than 0 to `max`. */
const requiredMeasure = (label: string, unit: string, max: number, decimals: number) =>
  optionalMeasure(label, unit, max, decimals).transform((v, ctx) => {
    if (v === null || v === 0) {
      ctx.addIssue({ code: "custom", message: `${label} is required` });
      return z.NEVER;
    }
    return v;
  });

export interface TaperFields {
  infusionHours: number;
  taperUpMinutes: number | null;
  taperDownMinutes: number | null;
  taperUpSteps?: readonly TaperStep[] | null;
  taperDownSteps?: readonly TaperStep[] | null;
}

/** The taper fits inside the infusion: up and down together take less than its hours. */
export function pnPrescriptionIssues(p: TaperFields): FieldIssue[] {
  const { up, down } = taperSteps(p);
  return stepMinutes(up) + stepMinutes(down) >= p.infusionHours * 60
    ? [
        {
          path: p.taperDownSteps ? "taperDownSteps" : "taperDownMinutes",
          message: "The taper up and down must take less than the infusion's hours",
        },
      ]
    : [];
}

/** The most steps a taper takes each way. */
export const MAX_TAPER_STEPS = 4;

/** One step of a taper: 1 to 240 minutes at 1 to 99 % of the full rate. */
export const taperStep = z.object({
  minutes: z
    .number({ message: "A taper step's minutes must be a whole number" })
    .int("A taper step's minutes must be a whole number")
    .min(1, "A taper step takes 1 to 240 minutes")
    .max(240, "A taper step takes 1 to 240 minutes"),
  percent: z
    .number({ message: "A taper step's rate must be a whole percent" })
    .int("A taper step's rate must be a whole percent")
    .min(1, "A taper step runs at 1 to 99 % of the full rate")
    .max(99, "A taper step runs at 1 to 99 % of the full rate"),
});

/**
 * A taper's steps in the order they run (up: lowest rate first; down: highest first); empty: no
 * taper. Left out, the minutes alone are read as one step at half rate (as before steps).
 */
const taperStepsField = (label: string) =>
  z
    .array(taperStep)
    .max(MAX_TAPER_STEPS, `${label} takes at most ${MAX_TAPER_STEPS} steps`)
    .nullable()
    .optional()
    .transform((v) => v ?? null);

/** The lipid emulsion's strength: 10, 20 or 30 %; left out, 20 % (10 kcal per gram of fat). */
const lipidPercentField = z
  .union([z.literal(""), z.null(), z.number(), z.string().trim()])
  .optional()
  .transform((v, ctx) => {
    if (v === "" || v === null || v === undefined) return DEFAULT_LIPID_PERCENT;
    const n = Number(v);
    if (!(LIPID_PERCENTS as readonly number[]).includes(n)) {
      ctx.addIssue({ code: "custom", message: "Lipid emulsion must be 10, 20 or 30 %" });
      return z.NEVER;
    }
    return n;
  });

export const pnPrescriptionInput = z
  .object({
    childId: requiredId("Child", "Child is required"),
    /** The day this version starts; the previous version ends the day before. */
    startDate: isoDate("Start date"),
    prescriber: optionalText(200),
    bagVolumeMl: requiredMeasure("Bag volume", "mL", 10000, 1),
    infusionHours: requiredMeasure("Infusion hours", "hours", 24, 2),
    /** The nights a week the bag runs; empty: every night. Weaning often cuts nights first. */
    nightsPerWeek: optionalInt("Nights a week", 1, 7),
    /** The plateau rate; empty: computed from the volume, hours and taper. */
    rateMlPerHour: optionalMeasure("Rate", "mL/h", 2000, 1),
    /** The taper's total minutes each way; without steps, one step at half rate. */
    taperUpMinutes: optionalInt("Taper up (minutes)", 0, 960),
    taperDownMinutes: optionalInt("Taper down (minutes)", 0, 960),
    taperUpSteps: taperStepsField("The taper up"),
    taperDownSteps: taperStepsField("The taper down"),
    dextrosePercent: optionalMeasure("Dextrose", "%", 70, 2),
    aminoAcidsG: optionalMeasure("Amino acids", "g", 1000, 2),
    lipidG: optionalMeasure("Lipid", "g", 1000, 2),
    lipidPercent: lipidPercentField,
    lipidProduct: optionalText(200),
    additives: optionalText(2000),
    notes: optionalText(),
  })
  .check(
    acrossFields(
      ["infusionHours", "taperUpMinutes", "taperDownMinutes", "taperUpSteps", "taperDownSteps"],
      pnPrescriptionIssues,
    ),
  );
export type PnPrescriptionInput = z.input<typeof pnPrescriptionInput>;

/**
 * A version as a backup holds it: the API's body with its end (the day before the next version
 * started), which the server keeps and a form never sends.
 */
export const pnPrescriptionRestoreInput = pnPrescriptionInput
  .extend({ endDate: optionalIsoDate("End date") })
  .check(
    acrossFields(["startDate", "endDate"], (p: { startDate: string; endDate: string | null }) =>
      p.endDate !== null && p.endDate < p.startDate
        ? [{ path: "endDate", message: END_BEFORE_START_MESSAGE }]
        : [],
    ),
  );

export const pnPrescriptionRecord = z.object({
  ...recordBase,
  childId: z.uuid(),
  startDate: dateOnly,
  /** The last day of this version: the day before the next one starts; null while it is current. */
  endDate: nullableDate,
  prescriber: nullableText,
  bagVolumeMl: z.number(),
  infusionHours: z.number(),
  /** The nights a week the bag runs; null: not said (every night). */
  nightsPerWeek: z.number().int().nullable(),
  rateMlPerHour: z.number().nullable(),
  taperUpMinutes: z.number().int().nullable(),
  taperDownMinutes: z.number().int().nullable(),
  /** The taper's steps as it runs: as prescribed, or the minutes alone as one step at half rate. */
  taperUpSteps: z.array(taperStep),
  taperDownSteps: z.array(taperStep),
  dextrosePercent: z.number().nullable(),
  aminoAcidsG: z.number().nullable(),
  lipidG: z.number().nullable(),
  /** The emulsion's strength (10, 20 or 30 %), whose kcal per gram the bag's energy used. */
  lipidPercent: z.number().int(),
  lipidProduct: nullableText,
  additives: nullableText,
  notes: nullableText,
  /** The plateau rate: as prescribed, or computed from the volume, hours and taper. */
  plateauRateMlPerHour: z.number().nullable(),
  /** The bag's energy (kcal) from dextrose, amino acids and lipid. */
  bagKcal: z.number().nullable(),
  dextroseG: z.number().nullable(),
  /** "Energy counted at dextrose 3.4 kcal/g, amino acids 4 kcal/g, lipid 11 kcal/g (10 % emulsion, 1.1 kcal/mL)". */
  energyFactors: z.string().nullable(),
});
export type PnPrescription = Wire<typeof pnPrescriptionRecord>;

const perKg = {
  /** The GIR at the full (plateau) rate; null for what a night delivered (its full rate is not known). */
  gir: z.number().nullable(),
  /** The day's dextrose spread over 24 hours: prescribed and delivered alike. */
  girDayAverage: z.number().nullable(),
  kcalPerKgDay: z.number().nullable(),
  proteinGPerKgDay: z.number().nullable(),
  lipidGPerKgDay: z.number().nullable(),
};

/** The weight the per-kilogram figures used: the child's latest, its date, and whether it is old. */
const weightUsed = z
  .object({ kg: z.number(), date: dateOnly, ageDays: z.number().int(), stale: z.boolean() })
  .nullable();

/** `GET /api/pn-prescriptions/active?childId=`: the version in force today, per kilogram. */
export const activePnPrescriptionRecord = z.object({
  prescription: pnPrescriptionRecord.nullable(),
  weight: weightUsed,
  ...perKg,
});
export type ActivePnPrescription = Wire<typeof activePnPrescriptionRecord>;

/** `GET /api/pn-prescriptions/per-kg?childId=&days=`: prescribed against delivered, per day. */
export const pnPerKgDayRecord = z.object({
  date: dateOnly,
  prescribed: z.object(perKg).nullable(),
  delivered: z.object(perKg).nullable(),
});
export const pnPerKgRecord = z.object({ weight: weightUsed, days: z.array(pnPerKgDayRecord) });
export type PnPerKg = Wire<typeof pnPerKgRecord>;
