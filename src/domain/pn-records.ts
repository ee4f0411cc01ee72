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
}

/** The taper fits inside the infusion: up and down together take less than its hours. */
export function pnPrescriptionIssues(p: TaperFields): FieldIssue[] {
  const taper = (p.taperUpMinutes ?? 0) + (p.taperDownMinutes ?? 0);
  return taper >= p.infusionHours * 60
    ? [
        {
          path: "taperDownMinutes",
          message: "The taper up and down must take less than the infusion's hours",
        },
      ]
    : [];
}

export const pnPrescriptionInput = z
  .object({
    childId: requiredId("Child", "Child is required"),
    /** The day this version starts; the previous version ends the day before. */
    startDate: isoDate("Start date"),
    prescriber: optionalText(200),
    bagVolumeMl: requiredMeasure("Bag volume", "mL", 10000, 1),
    infusionHours: requiredMeasure("Infusion hours", "hours", 24, 2),
    /** The plateau rate; empty: computed from the volume, hours and taper. */
    rateMlPerHour: optionalMeasure("Rate", "mL/h", 2000, 1),
    taperUpMinutes: optionalInt("Taper up (minutes)", 0, 240),
    taperDownMinutes: optionalInt("Taper down (minutes)", 0, 240),
    dextrosePercent: optionalMeasure("Dextrose", "%", 70, 2),
    aminoAcidsG: optionalMeasure("Amino acids", "g", 1000, 2),
    lipidG: optionalMeasure("Lipid", "g", 1000, 2),
    lipidProduct: optionalText(200),
    additives: optionalText(2000),
    notes: optionalText(),
  })
  .check(acrossFields(["infusionHours", "taperUpMinutes", "taperDownMinutes"], pnPrescriptionIssues));
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
  rateMlPerHour: z.number().nullable(),
  taperUpMinutes: z.number().int().nullable(),
  taperDownMinutes: z.number().int().nullable(),
  dextrosePercent: z.number().nullable(),
  aminoAcidsG: z.number().nullable(),
  lipidG: z.number().nullable(),
  lipidProduct: nullableText,
  additives: nullableText,
  notes: nullableText,
  /** The plateau rate: as prescribed, or computed from the volume, hours and taper. */
  plateauRateMlPerHour: z.number().nullable(),
  /** The bag's energy (kcal) from dextrose, amino acids and lipid. */
  bagKcal: z.number().nullable(),
  dextroseG: z.number().nullable(),
});
export type PnPrescription = Wire<typeof pnPrescriptionRecord>;

const perKg = {
  gir: z.number().nullable(),
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
