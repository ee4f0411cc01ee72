import { describe, expect, it } from "vitest";
import { DAYS_PER_MONTH, type GrowthKind, type GrowthSex, growthZ } from "./growth";

type AnthroCase = [kind: GrowthKind, sex: GrowthSex, day: number, value: number, z: number];
// z-scores as the WHO's anthro package (github.com/WorldHealthOrganization/anthro, commit
// b776d8a12b1c97369c748b561159fd2ec4f4db58) computes them: the row of the child's age in days in its
// daily tables (data-raw/growthstandards/{weianthro,lenanthro,bmianthro,hcanthro}.txt; length and BMI
// lying down, loh "L"), Cole's LMS z-score, restricted beyond ±3 for weight and BMI
// (R/z-score-helper.R: compute_zscore, compute_zscore_adjusted), rounded to 2 decimals as anthro
// answers. The three length cases at 44, 244 and 274 days are anthro's own test figures
// (tests/testthat/test-zscore-length-for-age.R; test-zscores.R: -4.81 and -5.02). The rows used:
// weight boys day 2 (L 0.3029, M 3.337, S 0.14676), day 5 (0.2855, 3.4223, 0.14571), day 10
// (0.2681, 3.5941, 0.14339), day 105 (0.1651, 6.6755, 0.11516); girls day 1 (0.3259, 3.1957, 0.14578),
// day 3 (0.2986, 3.2315, 0.14657), day 99 (0.0279, 6.0031, 0.12553); length boys day 105 (1, 62.5966,
// 0.03294), girls day 107 (1, 61.0301, 0.03501); BMI girls day 106 (0.0215, 16.5325, 0.09209); head
// circumference boys day 107 (1, 41.1172, 0.02889). Around 3 to 4 months (days 95 to 120), where the
// WHO's weekly rows give way to monthly ones, a straight line between them was off by up to 0.03 z.
const ANTHRO: AnthroCase[] = [
  ["weight", "male", 2, 3.0, -0.71],
  ["weight", "male", 5, 4.6, 2.12],
  ["weight", "male", 10, 3.2, -0.8],
  ["weight", "male", 45, 4.1, -1.57],
  ["weight", "male", 105, 5.28, -2.0],
  ["weight", "male", 105, 8.37, 2.0],
  ["weight", "male", 200, 11.9, 3.59],
  ["weight", "male", 500, 8.0, -2.54],
  ["weight", "male", 700, 14.0, 1.39],
  ["weight", "female", 1, 2.6, -1.37],
  ["weight", "female", 3, 3.8, 1.13],
  ["weight", "female", 60, 6.4, 1.76],
  ["weight", "female", 99, 4.67, -1.99],
  ["weight", "female", 365, 9.0, 0.05],
  ["weight", "female", 730, 7.9, -3.17],
  ["height", "male", 2, 48.0, -1.18],
  ["height", "male", 30, 56.5, 0.94],
  ["height", "male", 44, 50.0, -3.29],
  ["height", "male", 105, 58.5, -1.99],
  ["height", "male", 105, 66.7, 1.99],
  ["height", "male", 244, 60.0, -4.81],
  ["height", "male", 274, 60.7, -5.02],
  ["height", "male", 400, 74.0, -1.27],
  ["height", "female", 5, 51.3, 0.7],
  ["height", "female", 107, 56.8, -1.98],
  ["height", "female", 150, 60.2, -1.67],
  ["height", "female", 600, 84.5, 0.69],
  ["bmi", "male", 2, 12.1, -1.05],
  ["bmi", "male", 100, 19.8, 1.81],
  ["bmi", "male", 600, 13.2, -2.59],
  ["bmi", "female", 4, 14.6, 1.01],
  ["bmi", "female", 30, 12.0, -1.94],
  ["bmi", "female", 106, 13.7, -2.04],
  ["bmi", "female", 106, 19.9, 2.02],
  ["bmi", "female", 730, 19.9, 2.78],
  ["head-circumference", "male", 2, 33.5, -0.92],
  ["head-circumference", "male", 107, 38.7, -2.03],
  ["head-circumference", "male", 400, 48.0, 1.26],
  ["head-circumference", "male", 1500, 49.0, -0.87],
  ["head-circumference", "female", 10, 36.0, 1.0],
  ["head-circumference", "female", 1000, 45.5, -1.93],
  ["head-circumference", "female", 1826, 52.0, 1.46],
];

describe("WHO Child Growth Standards by the day (the WHO's anthro package)", () => {
  it.each(ANTHRO)("%s, %s, day %s, %s: z %s as anthro gives it, to 0.01", (kind, sex, day, value, z) => {
    const result = growthZ({ kind, sex, ageMonths: day / DAYS_PER_MONTH, value });
    expect(result?.reference).toBe("WHO");
    expect(Math.abs(result!.zScore - z)).toBeLessThanOrEqual(0.01);
  });

  it("reads the median of day 2 as z 0: boys 3.337 kg (weianthro.txt, day 2), not the weekly rows' line", () => {
    // Between the rows of birth (3.3464 kg) and one week, the median of day 2 lies off the straight
    // line: newborns lose weight in their first days.
    expect(
      growthZ({ kind: "weight", sex: "male", ageMonths: 2 / DAYS_PER_MONTH, value: 3.337 })!.zScore,
    ).toBe(0);
  });
});
