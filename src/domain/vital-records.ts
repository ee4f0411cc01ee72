import { z } from "zod";
import { acrossFields, oneOf, optionalText, optionalTime, pastDate, requiredId } from "./fields";
import { dateOnly, nullableText, recordBase, type Wire } from "./records";
import { TEMPERATURE_SITES, VITAL_KINDS, vitalIssues } from "./vitals";

/** The contract of `/api/vitals`: what a form sends and what the server answers. */

/** A measurement: at most 3 decimals (grams of a newborn's weight), sent as a number or text. */
const measurement = z
  .union([z.number(), z.string().trim()], { error: "Value is required" })
  .transform((v, ctx) => {
    const text = typeof v === "number" ? String(v) : v;
    if (text === "") {
      ctx.addIssue({ code: "custom", message: "Value is required" });
      return z.NEVER;
    }
    if (!/^\d{1,3}(\.\d{1,3})?$/.test(text)) {
      ctx.addIssue({ code: "custom", message: "Value must be a number with at most 3 decimals" });
      return z.NEVER;
    }
    return Number(text);
  });

export const vitalInput = z
  .object({
    childId: requiredId("Child", "Child is required"),
    date: pastDate("Date"),
    time: optionalTime(),
    kind: oneOf("Kind", VITAL_KINDS),
    value: measurement,
    site: z
      .union([z.literal(""), z.null(), oneOf("Site", TEMPERATURE_SITES)])
      .optional()
      .transform((v) => (v ? v : null)),
    notes: optionalText(1000),
  })
  .check(acrossFields(["kind", "value", "site"], vitalIssues));
export type VitalInput = z.input<typeof vitalInput>;

export const vitalRecord = z.object({
  ...recordBase,
  childId: z.uuid(),
  date: dateOnly,
  time: nullableText,
  kind: z.enum(VITAL_KINDS),
  /** In °C, kg or cm (stored as a decimal, sent as a number). */
  value: z.number(),
  site: z.enum(TEMPERATURE_SITES).nullable(),
  notes: nullableText,
  /**
   * A temperature at or above the family's fever threshold for a child with a central line in
   * place that day: the fever card opens.
   */
  feverWithLine: z.boolean(),
});
export type Vital = Wire<typeof vitalRecord>;

/** `GET /api/growth?childId=`: a child's measurements on the WHO and CDC references. */
export const growthPointRecord = z.object({
  /** The vital it is (for BMI: the weight it was computed from). */
  id: z.uuid(),
  date: dateOnly,
  kind: z.enum(["weight", "height", "head-circumference", "bmi"]),
  value: z.number(),
  /** Months since birth. */
  ageMonths: z.number(),
  /**
   * For a child born before 37 weeks, under 24 months since birth: the corrected age in months that
   * places the point and gives its z-score (negative before the due date, with no z-score); else null.
   */
  correctedAgeMonths: z.number().nullable(),
  zScore: z.number().nullable(),
  percentile: z.number().nullable(),
  reference: z.enum(["WHO", "CDC"]).nullable(),
});
export const growthRecord = z.object({
  sex: z.enum(["male", "female"]).nullable(),
  dateOfBirth: z.string().nullable(),
  /** The gestational age at birth from the child's profile, or null when not given. */
  gestationalAge: z.object({ weeks: z.number().int(), days: z.number().int() }).nullable(),
  /** Born before 37 weeks: points under 24 months are placed at the corrected age. */
  correctsAge: z.boolean(),
  /** What the chart needs and the child's profile lacks: "sex", "dateOfBirth". */
  missing: z.array(z.enum(["sex", "dateOfBirth"])),
  points: z.array(growthPointRecord),
});
export type Growth = Wire<typeof growthRecord>;
export type GrowthPoint = Wire<typeof growthPointRecord>;
