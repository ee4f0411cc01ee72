import { describe, expect, it } from "vitest";
import {
  ageInMonths,
  bmi,
  DAYS_PER_MONTH,
  type GrowthKind,
  type GrowthSex,
  growthZ,
  lmsAtAge,
  percentileFromZ,
  valueAtZ,
  whoRestrictedZ,
  zScoreLms,
} from "./growth";
import { cdcBmiForAge } from "./growth-data/cdc-bmi-for-age";
import { cdcWeightForAge } from "./growth-data/cdc-weight-for-age";
import type { LmsTable } from "./growth-data/types";
import { whoBmiForAge } from "./growth-data/who-bmi-for-age";
import { whoHeadCircumferenceForAge } from "./growth-data/who-head-circumference-for-age";
import { whoLengthForAge } from "./growth-data/who-length-for-age";
import { whoWeightForAge } from "./growth-data/who-weight-for-age";

/** A week's age in months, as the WHO counts it (7 days a week, 30.4375 days a month). */
const weeks = (n: number) => (7 * n) / 30.4375;
const round1 = (x: number) => Math.round(x * 10) / 10;

const WHO_TABLES: Record<GrowthKind, LmsTable> = {
  weight: whoWeightForAge,
  height: whoLengthForAge,
  "head-circumference": whoHeadCircumferenceForAge,
  bmi: whoBmiForAge,
};

type WhoRow = [kind: GrowthKind, sex: GrowthSex, ageMonths: number, sd2neg: number, sd0: number, sd2: number];
// The WHO Child Growth Standards' own z-score tables (WHO 2006): the -2 SD, median and +2 SD columns
// (SD2neg, SD0, SD2), published to one decimal, by week (birth to 13 weeks) and by month, for
// weight-for-age, length-for-age, head circumference-for-age and BMI-for-age. Read from the WHO's
// tables as kept in github.com/ewheeler/pygrowup, commit 862f1ed99a7b8bb6eb2ed51e9a04669381596243,
// pygrowup/tables/{wfa,lhfa,hcfa,bmifa}_{boys,girls}_{0_13,0_2,0_5}_zscores.json.
const WHO_PUBLISHED: WhoRow[] = [
  ["weight", "male", weeks(1), 2.6, 3.5, 4.6],
  ["weight", "male", weeks(4), 3.3, 4.4, 5.7],
  ["weight", "male", 0, 2.5, 3.3, 4.4],
  ["weight", "male", 6, 6.4, 7.9, 9.8],
  ["weight", "male", 12, 7.7, 9.6, 12],
  ["weight", "male", 18, 8.8, 10.9, 13.7],
  ["weight", "male", 23, 9.5, 12, 15],
  ["weight", "female", weeks(1), 2.5, 3.3, 4.4],
  ["weight", "female", weeks(4), 3.1, 4.1, 5.4],
  ["weight", "female", 0, 2.4, 3.2, 4.2],
  ["weight", "female", 6, 5.7, 7.3, 9.3],
  ["weight", "female", 12, 7, 8.9, 11.5],
  ["weight", "female", 18, 8.1, 10.2, 13.2],
  ["weight", "female", 23, 8.9, 11.3, 14.6],
  ["height", "male", weeks(1), 47.3, 51.1, 54.9],
  ["height", "male", weeks(4), 50.5, 54.4, 58.3],
  ["height", "male", 0, 46.1, 49.9, 53.7],
  ["height", "male", 6, 63.3, 67.6, 71.9],
  ["height", "male", 12, 71, 75.7, 80.5],
  ["height", "male", 23, 81, 86.9, 92.9],
  ["height", "female", weeks(1), 46.6, 50.3, 54.1],
  ["height", "female", weeks(4), 49.5, 53.4, 57.3],
  ["height", "female", 0, 45.4, 49.1, 52.9],
  ["height", "female", 6, 61.2, 65.7, 70.3],
  ["height", "female", 12, 68.9, 74, 79.2],
  ["height", "female", 23, 79.2, 85.5, 91.9],
  ["head-circumference", "male", weeks(1), 32.7, 35.2, 37.6],
  ["head-circumference", "male", weeks(4), 34.8, 37.1, 39.4],
  ["head-circumference", "male", 0, 31.9, 34.5, 37.0],
  ["head-circumference", "male", 6, 40.9, 43.3, 45.8],
  ["head-circumference", "male", 12, 43.5, 46.1, 48.6],
  ["head-circumference", "male", 36, 46.6, 49.5, 52.3],
  ["head-circumference", "male", 48, 47.3, 50.2, 53.1],
  ["head-circumference", "male", 60, 47.7, 50.7, 53.7],
  ["head-circumference", "female", weeks(1), 32.2, 34.6, 36.9],
  ["head-circumference", "female", weeks(4), 34.0, 36.4, 38.7],
  ["head-circumference", "female", 0, 31.5, 33.9, 36.2],
  ["head-circumference", "female", 6, 39.6, 42.2, 44.8],
  ["head-circumference", "female", 12, 42.2, 44.9, 47.6],
  ["head-circumference", "female", 36, 45.7, 48.5, 51.3],
  ["head-circumference", "female", 48, 46.5, 49.3, 52.2],
  ["head-circumference", "female", 60, 47.1, 49.9, 52.8],
  ["bmi", "male", weeks(1), 10.8, 13.3, 16.1],
  ["bmi", "male", weeks(4), 12.3, 14.8, 17.6],
  ["bmi", "male", 0, 11.1, 13.4, 16.3],
  ["bmi", "male", 6, 14.7, 17.3, 20.5],
  ["bmi", "male", 12, 14.4, 16.8, 19.8],
  ["bmi", "male", 23, 13.6, 15.8, 18.6],
  ["bmi", "female", weeks(1), 10.7, 13.2, 15.9],
  ["bmi", "female", weeks(4), 11.8, 14.4, 17.4],
  ["bmi", "female", 0, 11.1, 13.3, 16.1],
  ["bmi", "female", 6, 14.1, 16.9, 20.3],
  ["bmi", "female", 12, 13.8, 16.4, 19.6],
  ["bmi", "female", 23, 13.1, 15.4, 18.5],
];

type CdcRow = [
  kind: GrowthKind,
  sex: GrowthSex,
  agemos: number,
  p5: number,
  p50: number,
  p95: number,
  p97: number,
];
// The CDC 2000 growth charts' data files (CDC/NCHS), the published P5, P50, P95 and P97 columns
// beside L, M and S: wtage.csv and statage.csv from github.com/zainul1996/baby-prediction-backend,
// commit 25166ec4c22082b8ed14bda686b511b04d88dc74; bmiagerev.csv from github.com/IvTole/nhanes_metabolic,
// commit c61fd96eb867043a8b85f0ecd007d3de149356d1, data/bmiagerev.csv.
const CDC_PUBLISHED: CdcRow[] = [
  ["weight", "male", 24, 10.64009004, 12.6707633, 15.18777349, 15.59648294],
  ["weight", "male", 60.5, 15.23201937, 18.48592413, 23.50832656, 24.46169255],
  ["weight", "male", 120.5, 24.94392079, 32.08799062, 46.15753154, 49.41515104],
  ["weight", "male", 180.5, 43.01505816, 56.49095862, 78.82658994, 83.24017154],
  ["weight", "male", 239.5, 55.64806673, 70.55252127, 95.61749303, 100.6721384],
  ["weight", "female", 24, 10.2102741, 12.05503983, 14.56636479, 15.00156359],
  ["weight", "female", 60.5, 14.70923661, 18.02313904, 23.75023626, 24.94401317],
  ["weight", "female", 120.5, 24.86516468, 33.06392318, 48.17500585, 51.42912799],
  ["weight", "female", 180.5, 40.76838955, 52.13568193, 75.82804673, 81.64830091],
  ["weight", "female", 239.5, 46.28611635, 58.1987714, 82.92975179, 89.02866893],
  ["height", "male", 24, 80.72977321, 86.45220101, 92.19687928, 93.02265441],
  ["height", "male", 60.5, 101.4523027, 109.1751441, 116.7549954, 117.831386],
  ["height", "male", 120.5, 128.1624542, 138.8234114, 149.9053151, 151.5294179],
  ["height", "male", 180.5, 156.6565818, 170.139255, 182.4428851, 184.1269767],
  ["height", "male", 239.5, 165.031488, 176.8414914, 188.5198484, 190.1848658],
  ["height", "female", 24, 79.25981989, 84.97555512, 90.66354871, 91.47728689],
  ["height", "female", 60.5, 100.3890853, 107.9566031, 116.1301284, 117.3552032],
  ["height", "female", 120.5, 127.4524005, 138.2111552, 149.6043767, 151.2919534],
  ["height", "female", 180.5, 151.2611287, 161.8979913, 172.6083849, 174.1505102],
  ["height", "female", 239.5, 152.6482187, 163.3354491, 173.9482244, 175.4647604],
  ["bmi", "male", 24, 14.737319472, 16.575027675, 19.338010618, 19.859858115],
  ["bmi", "male", 60.5, 13.838548037, 15.419141631, 17.938925239, 18.441120211],
  ["bmi", "male", 120.5, 14.218655083, 16.646138439, 22.154092383, 23.726960857],
  ["bmi", "male", 180.5, 16.55481067, 19.857661209, 26.83688026, 28.635750759],
  ["bmi", "male", 239.5, 19.105507218, 22.999080616, 30.548594139, 32.317867911],
  ["bmi", "female", 24, 14.397870893, 16.423396643, 19.10623522, 19.564109584],
  ["bmi", "female", 60.5, 13.520910267, 15.15188405, 18.257381051, 18.996150455],
  ["bmi", "female", 120.5, 14.035354051, 16.862313656, 22.982577328, 24.603327787],
  ["bmi", "female", 180.5, 16.309736017, 19.930566203, 28.123691687, 30.385201795],
  ["bmi", "female", 239.5, 17.821266527, 21.711892252, 31.730686253, 35.008305519],
];

describe("zScoreLms and valueAtZ (Cole & Green 1992)", () => {
  it("computes a worked example: a girl of 9 kg at 365 days, L -0.2022, M 8.9462, S 0.12267", () => {
    // Worked example in E. Grellety, "data_anthro_for_deposit" (figshare 4294085): z = 0.048847178.
    expect(zScoreLms(9, -0.2022, 8.9462, 0.12267)).toBeCloseTo(0.048847178, 8);
  });
  it("uses ln(x/M)/S when L is 0, and valueAtZ inverts it", () => {
    expect(zScoreLms(10 * Math.exp(0.1), 0, 10, 0.1)).toBeCloseTo(1, 12);
    expect(valueAtZ(1, 0, 10, 0.1)).toBeCloseTo(10 * Math.exp(0.1), 12);
    expect(zScoreLms(valueAtZ(-1.7, 0.35, 3.35, 0.146), 0.35, 3.35, 0.146)).toBeCloseTo(-1.7, 12);
  });
});

describe("percentileFromZ", () => {
  // Standard normal distribution function values (Abramowitz & Stegun, Table 26.1, and its quantiles).
  it.each([
    [0, 50],
    [1, 84.13447461],
    [2, 97.72498681],
    [-3, 0.1349898],
    [1.959963985, 97.5],
    [1.644853627, 95],
    [-1.880793608, 3],
    [-1.644853627, 5],
  ])("Φ(%s) is %s %%", (z, percent) => {
    expect(Math.abs(percentileFromZ(z) - percent)).toBeLessThan(1e-4);
  });
});

describe("WHO Child Growth Standards, under 24 months (and head circumference to 60)", () => {
  it.each(WHO_PUBLISHED)(
    "%s, %s, %s months: the tables reproduce the published -2 SD, median and +2 SD",
    (kind, sex, age, sd2neg, sd0, sd2) => {
      const lms = lmsAtAge(WHO_TABLES[kind].sex[sex], age);
      expect(lms).not.toBeNull();
      const [l, m, s] = lms!;
      expect(round1(m)).toBe(sd0);
      expect(round1(valueAtZ(-2, l, m, s))).toBe(sd2neg);
      expect(round1(valueAtZ(2, l, m, s))).toBe(sd2);
      // A value equal to a published (rounded) curve lies on it, give or take the rounding.
      for (const [value, z] of [
        [sd2neg, -2],
        [sd0, 0],
        [sd2, 2],
      ] as const) {
        const result = growthZ({ kind, sex, ageMonths: age, value });
        expect(result?.reference).toBe("WHO");
        expect(Math.abs(result!.zScore - z)).toBeLessThan(0.15);
      }
    },
  );
});

describe("CDC 2000 growth charts, from 24 months", () => {
  it.each(CDC_PUBLISHED)(
    "%s, %s, %s months: the published P5, P50, P95 and P97 give those percentiles",
    (kind, sex, agemos, ...centiles) => {
      const expected = [5, 50, 95, 97];
      centiles.forEach((value, i) => {
        const result = growthZ({ kind, sex, ageMonths: agemos, value });
        expect(result?.reference).toBe("CDC");
        if (kind === "bmi" && expected[i]! > 95) {
          // Above the 95th percentile a BMI reads on CDC's 2022 extended charts, which drop the 2000
          // charts' 97th (growth-cdc-extended.test.ts); the published P97 stays on the tables' own
          // LMS curve.
          const lms = lmsAtAge(cdcBmiForAge.sex[sex], agemos)!;
          expect(Math.abs(percentileFromZ(zScoreLms(value, ...lms)) - expected[i]!)).toBeLessThan(0.01);
          return;
        }
        expect(Math.abs(result!.percentile - expected[i]!)).toBeLessThan(0.01);
      });
    },
  );
});

describe("growthZ: which reference, and where the tables end", () => {
  it("uses WHO at 23.9 months and CDC from 24 months (MMWR 2010;59(RR-9))", () => {
    // The CDC's published median weight of boys at 24 months (wtage.csv P50).
    const weight = 12.6707633;
    expect(growthZ({ kind: "weight", sex: "male", ageMonths: 24, value: weight })).toMatchObject({
      reference: "CDC",
    });
    expect(growthZ({ kind: "weight", sex: "male", ageMonths: 24, value: weight })!.zScore).toBeCloseTo(0, 6);
    const before = growthZ({ kind: "weight", sex: "male", ageMonths: 23.9, value: weight });
    expect(before?.reference).toBe("WHO");
    expect(before!.zScore).toBeGreaterThan(0.2); // the WHO median is lighter (12.15 kg at 24 months)
    for (const [kind, value] of [
      ["height", 85],
      ["bmi", 16],
    ] as const) {
      expect(growthZ({ kind, sex: "female", ageMonths: 23.9, value })?.reference).toBe("WHO");
      expect(growthZ({ kind, sex: "female", ageMonths: 24, value })?.reference).toBe("CDC");
    }
  });
  it("keeps head circumference on the WHO standard to 60 months, then has none", () => {
    expect(growthZ({ kind: "head-circumference", sex: "male", ageMonths: 24, value: 48 })?.reference).toBe(
      "WHO",
    );
    expect(growthZ({ kind: "head-circumference", sex: "male", ageMonths: 60, value: 50.7 })?.reference).toBe(
      "WHO",
    );
    expect(growthZ({ kind: "head-circumference", sex: "male", ageMonths: 60.1, value: 50.7 })).toBeNull();
  });
  it("returns null outside the tables or for a value that is not a positive number", () => {
    expect(growthZ({ kind: "weight", sex: "female", ageMonths: -0.1, value: 3 })).toBeNull();
    expect(growthZ({ kind: "weight", sex: "female", ageMonths: 240.1, value: 60 })).toBeNull();
    expect(growthZ({ kind: "bmi", sex: "female", ageMonths: 240.5, value: 21.7 })?.reference).toBe("CDC");
    expect(growthZ({ kind: "bmi", sex: "female", ageMonths: 240.6, value: 21.7 })).toBeNull();
    expect(growthZ({ kind: "weight", sex: "female", ageMonths: 6, value: 0 })).toBeNull();
    expect(growthZ({ kind: "weight", sex: "female", ageMonths: Number.NaN, value: 7 })).toBeNull();
  });
  it("interpolates L, M and S linearly between two table ages", () => {
    const rows = cdcWeightForAge.sex.male;
    const [a, b] = [rows.find((r) => r[0] === 60.5)!, rows.find((r) => r[0] === 61.5)!];
    const mid = lmsAtAge(rows, 61)!;
    mid.forEach((value, i) => {
      expect(value).toBeCloseTo((a[i + 1]! + b[i + 1]!) / 2, 12);
    });
  });
});

describe("the WHO's restricted z-score beyond ±3 SD (weight-for-age and BMI-for-age)", () => {
  // WHO Child Growth Standards: Methods and development (2006), chapter 7: beyond ±3 the distance
  // between the 2 and 3 SD curves is the unit. The chapter gives the formula but no worked number,
  // so these cases are built from the published tables.
  // WHO weight-for-age, boys, day 365 (the daily table, weianthro.txt of the WHO's anthro package).
  const [l, m, s] = [0.0645, 9.646, 0.10925];
  const oneYear = 365 / DAYS_PER_MONTH;
  const [sd2, sd3, sd2neg, sd3neg] = [
    valueAtZ(2, l, m, s),
    valueAtZ(3, l, m, s),
    valueAtZ(-2, l, m, s),
    valueAtZ(-3, l, m, s),
  ];
  it("places a weight half a 2-to-3 SD step beyond +3 SD at 3.5, and below -3 SD at -3.5", () => {
    const heavy = sd3 + 0.5 * (sd3 - sd2);
    expect(growthZ({ kind: "weight", sex: "male", ageMonths: oneYear, value: heavy })!.zScore).toBeCloseTo(
      3.5,
      10,
    );
    // The plain LMS z-score is lower: the skewed tail's SD curves spread out beyond +3.
    expect(zScoreLms(heavy, l, m, s)).toBeLessThan(3.49);
    const light = sd3neg - 0.5 * (sd2neg - sd3neg);
    expect(growthZ({ kind: "weight", sex: "male", ageMonths: oneYear, value: light })!.zScore).toBeCloseTo(
      -3.5,
      10,
    );
    expect(whoRestrictedZ(light, l, m, s)).toBeCloseTo(-3.5, 10);
    expect(whoRestrictedZ(m, l, m, s)).toBe(zScoreLms(m, l, m, s));
  });
  it("agrees with the published SD columns: one more 2-to-3 SD step past +3 SD or -3 SD is about ±4", () => {
    // WHO weight-for-age, boys, 12 months: SD2 12.0, SD3 13.3 kg; BMI-for-age, girls, 12 months:
    // SD2neg 13.8, SD3neg 12.7 kg/m². The curves are published to 0.1, about a tenth of a 2-to-3 SD
    // step, hence the tolerance.
    const heavy = growthZ({ kind: "weight", sex: "male", ageMonths: 12, value: 13.3 + (13.3 - 12.0) });
    expect(Math.abs(heavy!.zScore - 4)).toBeLessThan(0.1);
    const thin = growthZ({ kind: "bmi", sex: "female", ageMonths: 12, value: 12.7 - (13.8 - 12.7) });
    expect(Math.abs(thin!.zScore + 4)).toBeLessThan(0.1);
  });
  it("is not applied to length or head circumference, nor to the CDC charts", () => {
    const length = lmsAtAge(whoLengthForAge.sex.male, 12)!;
    expect(
      growthZ({ kind: "height", sex: "male", ageMonths: 12, value: valueAtZ(4, ...length) })!.zScore,
    ).toBeCloseTo(4, 10);
    const cdc = lmsAtAge(cdcWeightForAge.sex.female, 120.5)!;
    expect(
      growthZ({ kind: "weight", sex: "female", ageMonths: 120.5, value: valueAtZ(4, ...cdc) })!.zScore,
    ).toBeCloseTo(4, 10);
  });
});

describe("ageInMonths and bmi", () => {
  it("counts completed days and divides by 30.4375", () => {
    expect(ageInMonths("2024-03-10", "2024-03-10")).toBe(0);
    expect(ageInMonths("2024-01-01", "2025-01-01")).toBeCloseTo(366 / 30.4375, 12);
    expect(ageInMonths("2022-02-28", "2024-02-28")).toBeCloseTo(730 / 30.4375, 12);
    expect(ageInMonths("2023-10-29", "2023-10-30")).toBeCloseTo(1 / 30.4375, 12); // across a clock change
  });
  it("refuses an invalid date or a date before birth", () => {
    expect(ageInMonths("2024-02-30", "2024-03-01")).toBeNull();
    expect(ageInMonths("2024-3-1", "2024-03-02")).toBeNull();
    expect(ageInMonths("2024-03-02", "2024-03-01")).toBeNull();
  });
  it("divides weight by height in metres squared", () => {
    expect(bmi(20, 100)).toBe(20);
    expect(bmi(12.5, 87.5)).toBeCloseTo(12.5 / 0.875 ** 2, 12);
    expect(bmi(0, 80)).toBeNull();
    expect(bmi(10, Number.NaN)).toBeNull();
  });
});
