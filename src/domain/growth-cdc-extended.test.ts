import { describe, expect, it } from "vitest";
import { growthZ } from "./growth";
import { extendedBmiSigma } from "./growth-cdc-extended";

type Row = {
  sex: "male" | "female";
  agemos: number;
  sigma: number;
  p50: number;
  p85: number;
  p95: number;
  p98: number;
  p99: number;
  p999: number;
  z2: number;
  z3: number;
};
// CDC's Extended BMI-for-Age Growth Charts data file (CDC/NCHS, December 2022; Hales CM et al., Vital
// Health Stat 1(197), 2022), bmi-age-2022.csv, from www.cdc.gov/growthcharts/extended-bmi-data-files.htm,
// as kept in github.com/smallinaUCSD/PediatricPercentileSkill, commit
// 47a8184f86b47c52e49e3d509e97eb92889afa74, references/data/cdc_bmi_extended.csv: its sigma, P50, P85,
// P95, P98, P99, P99.9 and the BMI at z 2 and z 3 (columns Z2, Z3), for a few ages of each sex. (The
// file has no 97th percentile: above the 95th the 2022 charts replace the 2000 LMS curves.)
const CDC_2022: Row[] = [
  {
    sex: "male",
    agemos: 24,
    sigma: 1.3756,
    p50: 16.575,
    p85: 18.1622,
    p95: 19.338,
    p98: 20.4957,
    p99: 21.1009,
    p999: 22.5381,
    z2: 20.3657,
    z3: 22.3802,
  },
  {
    sex: "male",
    agemos: 36.5,
    sigma: 1.869059,
    p50: 16.0003,
    p85: 17.3263,
    p95: 18.2384,
    p98: 19.8115,
    p99: 20.6337,
    p999: 22.5865,
    z2: 19.6348,
    z3: 22.3719,
  },
  {
    sex: "male",
    agemos: 120.5,
    sigma: 4.672851,
    p50: 16.6461,
    p85: 19.3904,
    p95: 22.1541,
    p98: 26.0869,
    p99: 28.1426,
    p999: 33.0248,
    z2: 25.6452,
    z3: 32.4883,
  },
  {
    sex: "male",
    agemos: 239.5,
    sigma: 7.118301,
    p50: 22.9991,
    p85: 27.0158,
    p95: 30.5486,
    p98: 36.5395,
    p99: 39.6711,
    p999: 47.1082,
    z2: 35.8667,
    z3: 46.2911,
  },
  {
    sex: "female",
    agemos: 24,
    sigma: 1.5714,
    p50: 16.4234,
    p85: 18.0182,
    p95: 19.1062,
    p98: 20.4288,
    p99: 21.1201,
    p999: 22.7619,
    z2: 20.2802,
    z3: 22.5815,
  },
  {
    sex: "female",
    agemos: 60.5,
    sigma: 2.676906,
    p50: 15.1519,
    p85: 16.802,
    p95: 18.2574,
    p98: 20.5103,
    p99: 21.688,
    p999: 24.4848,
    z2: 20.2573,
    z3: 24.1775,
  },
  {
    sex: "female",
    agemos: 180.5,
    sigma: 6.16799,
    p50: 19.9306,
    p85: 24.045,
    p95: 28.1237,
    p98: 33.3148,
    p99: 36.0283,
    p999: 42.4726,
    z2: 32.7318,
    z3: 41.7645,
  },
];

const bmiZ = (sex: "male" | "female", ageMonths: number, value: number) =>
  growthZ({ kind: "bmi", sex, ageMonths, value })!;

describe("CDC extended BMI-for-age above the 95th percentile (CDC 2022; Wei R et al., Ann Hum Biol 2020)", () => {
  it("reads a 3-year-old boy with a BMI of 22 at z 2.85 (99.78th percentile), not the LMS method's 3.50", () => {
    // 36 months: P95 18.269 kg/m² (bmiagerev.csv's L, M and S between 35.5 and 36.5 months), sigma
    // 0.3728 + 0.5196 × 3 − 0.0091 × 3² = 1.8497; percentile 90 + 10 Φ((22 − 18.269) / 1.8497) = 99.78.
    const z = bmiZ("male", 36, 22);
    expect(z.reference).toBe("CDC");
    expect(z.zScore).toBeCloseTo(2.85, 2);
    expect(z.percentile).toBeCloseTo(99.78, 2);
  });

  it.each(CDC_2022)("$sex, $agemos months: sigma by CDC's quadratic in age is the file's $sigma", (row) => {
    expect(extendedBmiSigma(row.sex, row.agemos)).toBeCloseTo(row.sigma, 6);
  });

  it.each(CDC_2022)(
    "$sex, $agemos months: the 2022 file's P98, P99, P99.9, and the BMI at z 2 and z 3, read back",
    (row) => {
      const at = (value: number) => bmiZ(row.sex, row.agemos, value);
      // The file gives BMI to 4 decimals: about 0.0001 of a percentile, or of a z-score, here.
      expect(Math.abs(at(row.p98).percentile - 98)).toBeLessThan(0.01);
      expect(Math.abs(at(row.p99).percentile - 99)).toBeLessThan(0.01);
      expect(Math.abs(at(row.p999).percentile - 99.9)).toBeLessThan(0.01);
      expect(Math.abs(at(row.z2).zScore - 2)).toBeLessThan(0.001);
      expect(Math.abs(at(row.z3).zScore - 3)).toBeLessThan(0.001);
    },
  );

  it.each(CDC_2022)("$sex, $agemos months: the LMS percentiles below the 95th are unchanged", (row) => {
    const at = (value: number) => bmiZ(row.sex, row.agemos, value);
    expect(Math.abs(at(row.p50).percentile - 50)).toBeLessThan(0.01);
    expect(Math.abs(at(row.p85).percentile - 85)).toBeLessThan(0.01);
    expect(Math.abs(at(row.p95).percentile - 95)).toBeLessThan(0.01);
  });
});
