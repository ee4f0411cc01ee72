// Growth percentiles by the LMS method (Cole TJ, Green PJ. Smoothing reference centile curves: the
// LMS method and penalized likelihood. Stat Med 1992;11:1305–19), against:
// - under 24 months, the WHO Child Growth Standards (WHO 2006; length, weight, BMI, head circumference);
// - from 24 months, the CDC 2000 growth charts (Kuczmarski RJ et al., Vital Health Stat 11(246), 2002),
//   as the CDC recommends: WHO charts from birth to 2 years, CDC charts from 2 years (Grummer-Strawn LM,
//   Reinold C, Krebs NF. MMWR Recomm Rep 2010;59(RR-9):1–15). Head circumference stays on the WHO
//   standard up to 5 years (the CDC's own stops at 36 months).
// The tables and where they came from: src/domain/growth-data/ (made by scripts/make-growth-data.mjs);
// the WHO's are its daily tables (a row for each day of age, as the WHO's anthro package reads them).
import { DAYS_PER_MONTH, type GrowthSex } from "./growth-age";
import { extendedBmiAtZ, extendedBmiSigma, extendedBmiZ, Z_P95 } from "./growth-cdc-extended";
import { cdcBmiForAge } from "./growth-data/cdc-bmi-for-age";
import { cdcStatureForAge } from "./growth-data/cdc-stature-for-age";
import { cdcWeightForAge } from "./growth-data/cdc-weight-for-age";
import type { LmsRow, LmsTable } from "./growth-data/types";
import { whoBmiForAge } from "./growth-data/who-bmi-for-age";
import { whoHeadCircumferenceForAge } from "./growth-data/who-head-circumference-for-age";
import { whoLengthForAge } from "./growth-data/who-length-for-age";
import { whoWeightForAge } from "./growth-data/who-weight-for-age";

export { ageInMonths, DAYS_PER_MONTH } from "./growth-age";

export type GrowthKind = "weight" | "height" | "head-circumference" | "bmi";
export type { GrowthSex };
export type GrowthReference = "WHO" | "CDC";
export interface GrowthZ {
  zScore: number;
  /** 0–100. */
  percentile: number;
  reference: GrowthReference;
}

/** The CDC's recommendation (MMWR 2010;59(RR-9)): WHO standards below this age, CDC 2000 charts from it. */
export const WHO_TO_CDC_MONTHS = 24;

/** Cole's LMS z-score: ((x/M)^L − 1) / (L·S), or ln(x/M) / S when L is 0. */
export function zScoreLms(x: number, l: number, m: number, s: number): number {
  return l === 0 ? Math.log(x / m) / s : ((x / m) ** l - 1) / (l * s);
}

/** The measurement at z-score `z` (the inverse of zScoreLms): M·(1 + L·S·z)^(1/L), or M·e^(S·z) when L is 0. */
export function valueAtZ(z: number, l: number, m: number, s: number): number {
  return l === 0 ? m * Math.exp(s * z) : m * (1 + l * s * z) ** (1 / l);
}

/**
 * The WHO's restricted LMS z-score for weight-based indicators: beyond ±3 the distance between
 * the 2 and 3 SD curves is used as the unit, so that the skewed tail does not shrink extreme values
 * (WHO Child Growth Standards: Methods and development, 2006, chapter 7 "Computation of centiles
 * and z-scores", weight-for-age and BMI-for-age):
 *   z* = 3 + (y − SD3pos) / (SD3pos − SD2pos)   when z > 3
 *   z* = −3 + (y − SD3neg) / (SD2neg − SD3neg)  when z < −3
 */
export function whoRestrictedZ(x: number, l: number, m: number, s: number): number {
  const z = zScoreLms(x, l, m, s);
  if (z > 3) {
    const sd3 = valueAtZ(3, l, m, s);
    return 3 + (x - sd3) / (sd3 - valueAtZ(2, l, m, s));
  }
  if (z < -3) {
    const sd3 = valueAtZ(-3, l, m, s);
    return -3 + (x - sd3) / (valueAtZ(-2, l, m, s) - sd3);
  }
  return z;
}

/**
 * The standard normal distribution function Φ(z) as a percentile (0–100), from erfc by
 * Abramowitz & Stegun 7.1.26 (absolute error below 1.5e-7, so well within 0.01 percentile).
 */
export function percentileFromZ(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const upperTail = 0.5 * poly * Math.exp(-x * x); // 1 − Φ(|z|)
  return 100 * (z >= 0 ? 1 - upperTail : upperTail);
}

/** Half a day in months: an age this close past a table's first or last row reads that row. */
const HALF_DAY = 0.5 / DAYS_PER_MONTH;

/**
 * L, M and S at `ageMonths`, linearly interpolated between the table's two nearest ages; null outside
 * the table (an age within half a day past either end reads the end row: its nearest whole day, as
 * WHO Anthro reads ages). The WHO tables have a row for every day from birth, so a whole day's age
 * reads its own row; the CDC's rows are half a month apart.
 */
export function lmsAtAge(
  rows: readonly LmsRow[],
  ageMonths: number,
): [l: number, m: number, s: number] | null {
  const first = rows[0];
  const last = rows[rows.length - 1];
  if (!first || !last || !(ageMonths >= first[0] - HALF_DAY && ageMonths <= last[0] + HALF_DAY)) return null;
  if (ageMonths <= first[0]) return [first[1], first[2], first[3]];
  if (ageMonths >= last[0]) return [last[1], last[2], last[3]];
  // The first row at or past the age (rows rise in age).
  let lo = 0;
  let hi = rows.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid]![0] < ageMonths) lo = mid + 1;
    else hi = mid;
  }
  const b = rows[hi]!;
  const a = rows[hi - 1] ?? b;
  const f = b[0] === a[0] ? 1 : (ageMonths - a[0]) / (b[0] - a[0]);
  return [a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f, a[3] + (b[3] - a[3]) * f];
}

/** The table for a measurement at an age: WHO below 24 months (length, lying down), CDC from 24 (stature). */
function referenceFor(kind: GrowthKind, ageMonths: number): { table: LmsTable; reference: GrowthReference } {
  if (kind === "head-circumference") return { table: whoHeadCircumferenceForAge, reference: "WHO" };
  if (ageMonths < WHO_TO_CDC_MONTHS) {
    const who = { weight: whoWeightForAge, height: whoLengthForAge, bmi: whoBmiForAge }[kind];
    return { table: who, reference: "WHO" };
  }
  const cdc = { weight: cdcWeightForAge, height: cdcStatureForAge, bmi: cdcBmiForAge }[kind];
  return { table: cdc, reference: "CDC" };
}

/**
 * The z-score and percentile of a measurement (kg, cm or kg/m²) for a child's sex and age in months;
 * null when the age is outside the tables (head circumference: to 60 months; weight and height: to
 * 240; BMI: to 240.5) or the value is not a positive number. WHO weight and BMI z-scores beyond ±3
 * follow the WHO's restricted rule (whoRestrictedZ); the CDC's are plain LMS z-scores, but for a BMI
 * at or above the 95th percentile, which follows CDC's extended BMI-for-age (growth-cdc-extended.ts).
 */
export function growthZ(input: {
  kind: GrowthKind;
  sex: GrowthSex;
  ageMonths: number;
  value: number;
}): GrowthZ | null {
  const { kind, sex, ageMonths, value } = input;
  if (!Number.isFinite(value) || value <= 0 || !Number.isFinite(ageMonths) || ageMonths < 0) return null;
  const { table, reference } = referenceFor(kind, ageMonths);
  // An age of whole days (ageInMonths) reads the WHO's row of that day, as WHO Anthro does.
  const lms = lmsAtAge(table.sex[sex], ageMonths);
  if (!lms) return null;
  if (reference === "CDC" && kind === "bmi") return { ...cdcBmiZ(value, lms, sex, ageMonths), reference };
  const restricted = reference === "WHO" && (kind === "weight" || kind === "bmi");
  const zScore = restricted ? whoRestrictedZ(value, ...lms) : zScoreLms(value, ...lms);
  return { zScore, percentile: percentileFromZ(zScore), reference };
}

/** CDC BMI-for-age: the LMS z-score below the 95th percentile, the extended method from it. */
function cdcBmiZ(
  value: number,
  lms: [l: number, m: number, s: number],
  sex: GrowthSex,
  ageMonths: number,
): { zScore: number; percentile: number } {
  const zScore = zScoreLms(value, ...lms);
  if (zScore < Z_P95) return { zScore, percentile: percentileFromZ(zScore) };
  return extendedBmiZ(value, valueAtZ(Z_P95, ...lms), extendedBmiSigma(sex, ageMonths));
}

/**
 * The BMI at z-score `z` on CDC's BMI-for-age at an age (its L, M and S there): the LMS curve below
 * the 95th percentile, CDC's extended curve from it (the curve a BMI's extended z-score reads back).
 */
export function cdcBmiAtZ(
  z: number,
  lms: readonly [l: number, m: number, s: number],
  sex: GrowthSex,
  ageMonths: number,
): number {
  const [l, m, s] = lms;
  if (z < Z_P95) return valueAtZ(z, l, m, s);
  return extendedBmiAtZ(z, valueAtZ(Z_P95, l, m, s), extendedBmiSigma(sex, ageMonths));
}

/** Body mass index, kg/m²; null unless both are positive numbers. */
export function bmi(weightKg: number, heightCm: number): number | null {
  if (!(weightKg > 0 && heightCm > 0) || !Number.isFinite(weightKg) || !Number.isFinite(heightCm))
    return null;
  return weightKg / (heightCm / 100) ** 2;
}
