import {
  cdcBmiAtZ,
  type GrowthKind,
  type GrowthSex,
  lmsAtAge,
  valueAtZ,
  WHO_TO_CDC_MONTHS,
} from "@/domain/growth";
import { cdcBmiForAge } from "@/domain/growth-data/cdc-bmi-for-age";
import { cdcStatureForAge } from "@/domain/growth-data/cdc-stature-for-age";
import { cdcWeightForAge } from "@/domain/growth-data/cdc-weight-for-age";
import type { LmsTable } from "@/domain/growth-data/types";
import { whoBmiForAge } from "@/domain/growth-data/who-bmi-for-age";
import { whoHeadCircumferenceForAge } from "@/domain/growth-data/who-head-circumference-for-age";
import { whoLengthForAge } from "@/domain/growth-data/who-length-for-age";
import { whoWeightForAge } from "@/domain/growth-data/who-weight-for-age";

/*
 * The percentile curves of the growth charts, drawn from the same LMS tables the server's
 * z-scores come from (src/domain/growth.ts): WHO below 24 months, CDC from 24 (head circumference:
 * WHO to 60 months). This module carries the tables: only the growth charts load it.
 */

/** The curves drawn: the 3rd, 15th, 50th, 85th and 97th percentiles, at their z-scores. */
export const CURVES = [
  { key: "p3", label: "3rd", z: -1.881 },
  { key: "p15", label: "15th", z: -1.036 },
  { key: "p50", label: "50th", z: 0 },
  { key: "p85", label: "85th", z: 1.036 },
  { key: "p97", label: "97th", z: 1.881 },
] as const;
export type CurveKey = (typeof CURVES)[number]["key"];

/** One age on the chart: each curve's value there, or null where the line breaks (WHO to CDC). */
export type CurveRow = { ageMonths: number; reference: "WHO" | "CDC" | null } & Record<
  CurveKey,
  number | null
>;

const WHO: Record<GrowthKind, LmsTable> = {
  weight: whoWeightForAge,
  height: whoLengthForAge,
  "head-circumference": whoHeadCircumferenceForAge,
  bmi: whoBmiForAge,
};
const CDC: Partial<Record<GrowthKind, LmsTable>> = {
  weight: cdcWeightForAge,
  height: cdcStatureForAge,
  bmi: cdcBmiForAge,
};

/** The reference for a measurement at an age, as the server chooses it. */
export function referenceAt(
  kind: GrowthKind,
  ageMonths: number,
): { table: LmsTable; reference: "WHO" | "CDC" } {
  const cdc = CDC[kind];
  if (ageMonths < WHO_TO_CDC_MONTHS || !cdc) return { table: WHO[kind], reference: "WHO" };
  return { table: cdc, reference: "CDC" };
}

/** The oldest age a chart of this kind can show: 60 months for head circumference, else 240. */
export function maxAgeOf(kind: GrowthKind): number {
  return kind === "head-circumference" ? 60 : 240;
}

/**
 * The ages a chart spans for measurements at these ages: from birth while the child is under two
 * (the WHO chart a clinic shows), else from six months before the first to six after the last,
 * in whole quarters, at least two years wide, within the tables.
 */
export function chartAgeRange(kind: GrowthKind, ages: readonly number[]): [number, number] {
  const max = maxAgeOf(kind);
  if (ages.length === 0) return [0, 24];
  const first = Math.min(...ages);
  const last = Math.max(...ages);
  if (last < WHO_TO_CDC_MONTHS) return [0, 24];
  let lo = Math.max(0, Math.floor((first - 6) / 3) * 3);
  let hi = Math.min(max, Math.ceil((last + 6) / 3) * 3);
  if (hi - lo < 24) {
    hi = Math.min(max, lo + 24);
    lo = Math.max(0, hi - 24);
  }
  return [lo, hi];
}

/**
 * Each curve's value at an age on one reference (null outside its table); CDC's BMI above the 95th
 * percentile on its extended charts, as the server reads a BMI there.
 */
function curvesOn(table: LmsTable, reference: "WHO" | "CDC", sex: GrowthSex, ageMonths: number): CurveRow {
  const lms = lmsAtAge(table.sex[sex], ageMonths);
  const row = { ageMonths, reference: lms ? reference : null } as CurveRow;
  const extended = reference === "CDC" && table === CDC.bmi;
  for (const curve of CURVES) {
    if (!lms) row[curve.key] = null;
    else row[curve.key] = extended ? cdcBmiAtZ(curve.z, lms, sex, ageMonths) : valueAtZ(curve.z, ...lms);
  }
  return row;
}

/** Each curve's value at an age, on the reference the server uses there (null outside the tables). */
export function curvesAt(kind: GrowthKind, sex: GrowthSex, ageMonths: number): CurveRow {
  const { table, reference } = referenceAt(kind, ageMonths);
  return curvesOn(table, reference, sex, ageMonths);
}

/**
 * The curves over an age range, about `steps` ages apart, in rising age. Where the range crosses
 * 24 months, the WHO curves end at 24 and the CDC ones start there, with a gap (a row of nulls)
 * between: the two references do not meet (length lying down, height standing).
 */
export function curveRows(
  kind: GrowthKind,
  sex: GrowthSex,
  [lo, hi]: [number, number],
  steps = 60,
): CurveRow[] {
  const step = Math.max((hi - lo) / steps, 0.25);
  const ages = new Set<number>([hi]);
  for (let age = lo; age < hi; age += step) ages.add(Math.round(age * 100) / 100);
  const switches = CDC[kind] !== undefined && lo < WHO_TO_CDC_MONTHS && hi >= WHO_TO_CDC_MONTHS;
  if (switches) ages.add(WHO_TO_CDC_MONTHS);
  const rows: CurveRow[] = [];
  for (const age of [...ages].sort((a, b) => a - b)) {
    if (switches && age === WHO_TO_CDC_MONTHS) {
      // The WHO line reaches 24 months; past it, a gap, then the CDC line from 24.
      rows.push(curvesOn(WHO[kind], "WHO", sex, age));
      if (hi > age) rows.push(gapAt(age), curvesAt(kind, sex, age));
      continue;
    }
    const row = curvesAt(kind, sex, age);
    if (row.reference !== null) rows.push(row);
  }
  return rows;
}

function gapAt(ageMonths: number): CurveRow {
  return { ageMonths, reference: null, p3: null, p15: null, p50: null, p85: null, p97: null };
}
