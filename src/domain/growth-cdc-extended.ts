// CDC's extended BMI-for-age above the 95th percentile (CDC Extended BMI-for-Age Growth Charts,
// December 2022; the method: Wei R, Ogden CL, Parsons VL, Freedman DS, Hales CM. A method for
// calculating BMI z-scores and percentiles above the 95th percentile of the CDC growth charts. Ann Hum
// Biol 2020;47(6):514–21; its use: Hales CM et al., Vital Health Stat 1(197), 2022). From 2 to 20 years,
// a BMI at or above the 95th percentile of the 2000 charts (P95, from their L, M and S) reads
//   percentile = 90 + 10 · Φ((BMI − P95) / σ),   z = Φ⁻¹(percentile / 100),
// σ a quadratic in age by sex. The coefficients are CDC's, as in its SAS program for the growth charts
// (www.cdc.gov/growth-chart-training/hcp/computer-programs/sas.html) and its R package cdcanthro
// (github.com/CDC-DNPAO/CDCAnthro, commit caa8b83a5b689575ba427dc7af6ba0eb589f51d6, cdcanthro.R), and
// they give the sigma column of CDC's 2022 data file (bmi-age-2022.csv).
import type { GrowthSex } from "./growth-age";

/** The z-score of the 95th percentile, Φ⁻¹(0.95). */
export const Z_P95 = 1.6448536269514722;
/**
 * The highest extended z-score CDC's programs give: where 90 + 10·Φ(x) rounds to 100 in double
 * precision they answer 8.21 (cdcanthro.R: "highest possible value is 8.20945").
 */
export const MAX_EXTENDED_Z = 8.21;

/**
 * σ of the half-normal tail above P95, kg/m², at an age in months: boys 0.3728 + 0.5196·y − 0.0091·y²,
 * girls 0.8334 + 0.3712·y − 0.0011·y², y the age in years (months / 12); rounded to 8 decimals as
 * CDC's programs do.
 */
export function extendedBmiSigma(sex: GrowthSex, ageMonths: number): number {
  const y = ageMonths / 12;
  const sigma =
    sex === "male" ? 0.3728 + 0.5196 * y - 0.0091 * y ** 2 : 0.8334 + 0.3712 * y - 0.0011 * y ** 2;
  return Math.round(sigma * 1e8) / 1e8;
}

/** The extended z-score and percentile (0–100) of a BMI at or above P95. */
export function extendedBmiZ(
  bmi: number,
  p95: number,
  sigma: number,
): { zScore: number; percentile: number } {
  // 100 − percentile = 10·Q(x), Q the upper tail: computed as a tail, so a very high BMI keeps its digits.
  const tail = 0.1 * normalUpperTail((bmi - p95) / sigma);
  const zScore = tail > 0 ? Math.min(upperTailInverse(tail), MAX_EXTENDED_Z) : MAX_EXTENDED_Z;
  return { zScore, percentile: 100 * (1 - tail) };
}

/** The BMI at an extended z-score of at least Z_P95 (the inverse of extendedBmiZ). */
export function extendedBmiAtZ(z: number, p95: number, sigma: number): number {
  return p95 + sigma * upperTailInverse(10 * normalUpperTail(z));
}

/**
 * The standard normal upper tail Q(x) = 1 − Φ(x) = erfc(x/√2)/2, with erfc by the Chebyshev fit of
 * Numerical Recipes (Press WH et al., 2nd ed., 1992, §6.2, erfcc): relative error below 1.2e-7
 * everywhere, so far into the tail too.
 */
export function normalUpperTail(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * z);
  const poly =
    -1.26551223 +
    t *
      (1.00002368 +
        t *
          (0.37409196 +
            t *
              (0.09678418 +
                t *
                  (-0.18628806 +
                    t *
                      (0.27886807 +
                        t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
  const erfc = t * Math.exp(-z * z + poly);
  return x >= 0 ? erfc / 2 : 1 - erfc / 2;
}

/**
 * x with Q(x) = q, for 0 < q < 1: a start by Abramowitz & Stegun 26.2.23 (error below 4.5e-4), then
 * Newton's steps on Q, which close in from below (Q is convex for x > 0).
 */
export function upperTailInverse(q: number): number {
  if (!(q > 0 && q < 1)) return q <= 0 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
  if (q > 0.5) return -upperTailInverse(1 - q);
  const t = Math.sqrt(-2 * Math.log(q));
  let x =
    t -
    (2.515517 + 0.802853 * t + 0.010328 * t * t) / (1 + 1.432788 * t + 0.189269 * t * t + 0.001308 * t ** 3);
  for (let i = 0; i < 50; i++) {
    const density = Math.exp(-0.5 * x * x) / Math.sqrt(2 * Math.PI);
    const step = (normalUpperTail(x) - q) / density;
    x += step;
    if (Math.abs(step) < 1e-12 * Math.max(1, Math.abs(x))) break;
  }
  return x;
}
