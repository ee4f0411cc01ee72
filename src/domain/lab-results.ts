import { z } from "zod";
import {
  hasNul,
  NUL_MESSAGE,
  oneOf,
  optionalId,
  optionalText,
  optionalTime,
  pastDate,
  requiredId,
} from "./fields";
import { ANALYTE_KEYS, type Analyte, analyteOf } from "./lab-analytes";
import { dateOnly, nullableText, recordBase, type Wire } from "./records";

export {
  ANALYTE_KEYS,
  ANALYTES,
  type Analyte,
  type AnalyteKey,
  analyteOf,
  CONJUGATED_BILIRUBIN,
} from "./lab-analytes";

/**
 * A lab result with numbers: one blood draw of a child, with one or more analytes, each with its
 * value, unit, the lab's reference range and flag, and the draw's context, which changes what the
 * values mean (drawn from the line during PN reads glucose and triglycerides high: Oley,
 * research/hpn-and-peers.md §1.6). It may hang under a lab test of the spec's Lab Tests screen.
 */

export const DRAW_SITES = ["central-line", "peripheral", "capillary"] as const;
export type DrawSite = (typeof DRAW_SITES)[number];
export const DRAW_SITE_LABELS: Record<DrawSite, string> = {
  "central-line": "From the central line",
  peripheral: "Peripheral vein",
  capillary: "Finger or heel prick",
};

export const PN_TIMINGS = ["during-pn", "before-pn", "off-pn"] as const;
export type PnTiming = (typeof PN_TIMINGS)[number];
export const PN_TIMING_LABELS: Record<PnTiming, string> = {
  "during-pn": "During PN",
  "before-pn": "Before PN starts",
  "off-pn": "Off PN",
};

export const FASTING_STATES = ["yes", "no", "unknown"] as const;
export type FastingState = (typeof FASTING_STATES)[number];
export const FASTING_LABELS: Record<FastingState, string> = {
  yes: "Fasting",
  no: "Not fasting",
  unknown: "Fasting not known",
};

export const LAB_FLAGS = ["low", "normal", "high", "critical"] as const;
export type LabFlag = (typeof LAB_FLAGS)[number];
export const LAB_FLAG_LABELS: Record<LabFlag, string> = {
  low: "Low",
  normal: "Normal",
  high: "High",
  critical: "Critical",
};

/** At most this many analytes in one result (a full panel with trace elements is about 40). */
export const MAX_ANALYTES = 60;
/** A value or a range's bound is at most this far from zero (a platelet count in /L is not typed). */
const MAX_MAGNITUDE = 10_000_000;

/**
 * A value in one unit of an analyte in another of its units, by the catalogue's factors (each a
 * value's factor to the analyte's first unit). Undefined when the analyte does not list either
 * unit. Bilirubin 1 mg/dL is 17.1 µmol/L.
 */
export function convert(analyte: Analyte, value: number, from: string, to: string): number | undefined {
  const source = analyte.units.find((u) => u.unit === from);
  const target = analyte.units.find((u) => u.unit === to);
  if (!source || !target) return undefined;
  if (source === target) return value;
  return (value * source.factor) / target.factor;
}

/**
 * A value's flag against the lab's range: below its low bound "low", above its high bound "high",
 * within "normal"; null when the lab gave no range (nothing to compare with). "Critical" is only
 * ever the lab's own word.
 */
export function flag(
  value: number,
  low: number | null | undefined,
  high: number | null | undefined,
): LabFlag | null {
  if (low !== null && low !== undefined && value < low) return "low";
  if (high !== null && high !== undefined && value > high) return "high";
  if ((low === null || low === undefined) && (high === null || high === undefined)) return null;
  return "normal";
}

/** A number sent as a number or as decimal text ("4.2", "-1", ".5" no): never NaN, never rounded. */
const labNumber = (label: string, required: boolean) =>
  z
    .union([z.number(), z.string().trim(), z.null()], { error: `${label} must be a number` })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === null || v === "") {
        if (!required) return null;
        ctx.addIssue({ code: "custom", message: `${label} is required` });
        return z.NEVER;
      }
      const n = typeof v === "number" ? v : /^-?\d{1,8}(\.\d{1,6})?$/.test(v) ? Number(v) : Number.NaN;
      if (!Number.isFinite(n)) {
        ctx.addIssue({ code: "custom", message: `${label} must be a number` });
        return z.NEVER;
      }
      if (Math.abs(n) > MAX_MAGNITUDE) {
        ctx.addIssue({
          code: "custom",
          message: `${label} must be at most ${MAX_MAGNITUDE.toLocaleString("en-US")}`,
        });
        return z.NEVER;
      }
      return n;
    });

/** Optional text of at most `max` characters ("" becomes null), without NUL. */
const shortText = (max: number) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v, ctx) => {
      const text = v?.trim() ?? "";
      if (hasNul(text)) {
        ctx.addIssue({ code: "custom", message: NUL_MESSAGE });
        return z.NEVER;
      }
      if (text.length > max) {
        ctx.addIssue({ code: "custom", message: `Must be at most ${max} characters` });
        return z.NEVER;
      }
      return text || null;
    });

/** One of a list, or none ("" and null are none); the message of a value out of it lists them. */
const optionalCode = <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z
    .preprocess((v) => (v === "" ? null : v), oneOf(label, values).nullable())
    .optional()
    .transform((v) => v ?? null);

/** One analyte of a result as stored and answered. */
export const analyteResult = z.object({
  /** The catalogue's key (lab-analytes.ts), or null for one typed in by name. */
  analyte: z.enum(ANALYTE_KEYS).nullable(),
  /** The name of an analyte the catalogue does not list; null for a catalogued one. */
  name: z.string().nullable(),
  value: z.number(),
  unit: z.string(),
  referenceLow: z.number().nullable(),
  referenceHigh: z.number().nullable(),
  /** The lab's flag, or the one its range gives (`flag`); null without either. */
  flag: z.enum(LAB_FLAGS).nullable(),
});
export type AnalyteResult = z.output<typeof analyteResult>;

/**
 * One analyte as a form or the API sends it: from the catalogue (`analyte`, in one of its units)
 * or by name (`name`, any unit); the flag, when left out, is the range's.
 */
export const analyteInput = z
  .object({
    analyte: optionalCode("Analyte", ANALYTE_KEYS),
    name: shortText(100),
    value: labNumber("Value", true),
    unit: shortText(30),
    referenceLow: labNumber("Reference low", false),
    referenceHigh: labNumber("Reference high", false),
    flag: optionalCode("Flag", LAB_FLAGS),
  })
  .transform((a, ctx): AnalyteResult => {
    // Required: a missing value failed its field, and this step runs only once every field parsed.
    const value = a.value as number;
    const known = analyteOf(a.analyte);
    if (!known && !a.name) {
      ctx.addIssue({
        code: "custom",
        path: ["name"],
        message: "Choose an analyte from the list or type its name",
      });
    }
    if (!a.unit) {
      ctx.addIssue({ code: "custom", path: ["unit"], message: "Unit is required" });
    } else if (known && !known.units.some((u) => u.unit === a.unit)) {
      ctx.addIssue({
        code: "custom",
        path: ["unit"],
        message: `Unit of ${known.label} must be one of: ${known.units.map((u) => u.unit).join(", ")}`,
      });
    }
    if (a.referenceLow !== null && a.referenceHigh !== null && a.referenceLow > a.referenceHigh) {
      ctx.addIssue({
        code: "custom",
        path: ["referenceHigh"],
        message: "Reference high cannot be below reference low",
      });
    }
    return {
      analyte: known ? (a.analyte as AnalyteResult["analyte"]) : null,
      name: known ? null : a.name,
      value,
      unit: a.unit ?? "",
      referenceLow: a.referenceLow,
      referenceHigh: a.referenceHigh,
      flag: a.flag ?? flag(value, a.referenceLow, a.referenceHigh),
    };
  });

export const labResultInput = z.object({
  childId: requiredId("Child", "Child is required"),
  /** The lab test of the Lab Tests screen this result belongs to (the same child's, or one for no child). */
  labTestId: optionalId(),
  date: pastDate("Date"),
  time: optionalTime(),
  drawSite: optionalCode("Draw site", DRAW_SITES),
  pnTiming: optionalCode("Timing", PN_TIMINGS),
  fasting: optionalCode("Fasting", FASTING_STATES),
  labName: optionalText(200),
  notes: optionalText(),
  analytes: z
    .array(analyteInput, { error: "Analytes must be a list" })
    .min(1, "Add at least one analyte")
    .max(MAX_ANALYTES, `At most ${MAX_ANALYTES} analytes in one result`),
});
export type LabResultInput = z.input<typeof labResultInput>;

export const labResultRecord = z.object({
  ...recordBase,
  childId: z.uuid(),
  labTestId: z.uuid().nullable(),
  date: dateOnly,
  time: nullableText,
  drawSite: z.enum(DRAW_SITES).nullable(),
  pnTiming: z.enum(PN_TIMINGS).nullable(),
  fasting: z.enum(FASTING_STATES).nullable(),
  labName: nullableText,
  notes: nullableText,
  analytes: z.array(analyteResult),
});
export type LabResult = Wire<typeof labResultRecord>;

/** The message of a result linked to another child's lab test. */
export const LAB_TEST_OF_ANOTHER_CHILD = "This lab test is another child's";

/** An analyte's name as a person reads it: the catalogue's label, or the name typed. */
export const analyteLabel = (a: Pick<AnalyteResult, "analyte" | "name">) =>
  analyteOf(a.analyte)?.label ?? a.name ?? "";

/** "4–17 µmol/L", "< 5 µmol/L", "> 0.5 mmol/L", or null without a range. */
export function rangeText(a: Pick<AnalyteResult, "referenceLow" | "referenceHigh" | "unit">): string | null {
  const { referenceLow: low, referenceHigh: high, unit } = a;
  if (low !== null && high !== null) return `${low}–${high} ${unit}`;
  if (high !== null) return `≤ ${high} ${unit}`;
  if (low !== null) return `≥ ${low} ${unit}`;
  return null;
}

/** "Conjugated (direct) bilirubin 45 µmol/L (ref ≤ 5 µmol/L), High": one analyte in a sentence. */
export function analyteText(a: AnalyteResult): string {
  const range = rangeText(a);
  return [
    `${analyteLabel(a)} ${a.value} ${a.unit}`.trim(),
    range ? ` (ref ${range})` : "",
    a.flag && a.flag !== "normal" ? `, ${LAB_FLAG_LABELS[a.flag]}` : "",
  ].join("");
}

/** Whether an analyte is out of its range (low, high or critical). */
export const isAbnormal = (a: Pick<AnalyteResult, "flag">) => a.flag !== null && a.flag !== "normal";

/**
 * Where a trend of results is drawn from: one analyte, by its catalogue key or its typed name
 * (case and spaces aside).
 */
export const trendKey = (a: Pick<AnalyteResult, "analyte" | "name">) =>
  a.analyte ?? `name:${(a.name ?? "").trim().toLowerCase()}`;

export interface AnalytePoint {
  date: string;
  time: string | null;
  value: number;
  unit: string;
  referenceLow: number | null;
  referenceHigh: number | null;
  flag: LabFlag | null;
}

/**
 * One analyte's values across results, oldest first. A catalogued analyte's values and ranges are
 * in its first unit (converted from the unit each was reported in), so a change of lab or unit
 * does not break the line; a typed-in one keeps the unit of its latest value, and leaves out the
 * values reported in another unit (they cannot be compared).
 */
export function analyteSeries(
  results: readonly Pick<LabResult, "date" | "time" | "analytes">[],
  key: string,
): AnalytePoint[] {
  const rows = results
    .flatMap((r) =>
      r.analytes.filter((a) => trendKey(a) === key).map((a) => ({ date: r.date, time: r.time ?? null, a })),
    )
    .sort((x, y) => (x.date + (x.time ?? "")).localeCompare(y.date + (y.time ?? "")));
  const known = analyteOf(rows[0]?.a.analyte);
  const unit = known ? known.units[0].unit : rows.at(-1)?.a.unit;
  const inUnit = (value: number | null, from: string) =>
    value === null ? null : known ? (convert(known, value, from, known.units[0].unit) ?? null) : value;
  return rows.flatMap(({ date, time, a }) => {
    if (!known && a.unit !== unit) return [];
    const value = inUnit(a.value, a.unit);
    if (value === null || unit === undefined) return [];
    return [
      {
        date,
        time,
        value,
        unit,
        referenceLow: inUnit(a.referenceLow, a.unit),
        referenceHigh: inUnit(a.referenceHigh, a.unit),
        flag: a.flag,
      },
    ];
  });
}
