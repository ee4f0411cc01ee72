import { describe, expect, it } from "vitest";
import { growthZ } from "@/domain/growth";
import { CURVES, chartAgeRange, curveRows, curvesAt } from "./growth-curves";
import {
  ageText,
  chartAge,
  correctedAgeNote,
  missingText,
  percentileText,
  pointAgeText,
  zScoreText,
} from "./growth-texts";

describe("the growth charts' percentile curves", () => {
  it("draws each curve at the z-score of its percentile", () => {
    expect(CURVES.map((c) => [c.label, c.z])).toEqual([
      ["3rd", -1.881],
      ["15th", -1.036],
      ["50th", 0],
      ["85th", 1.036],
      ["97th", 1.881],
    ]);
    // A value on a curve has that curve's percentile on the server's z-scores.
    const row = curvesAt("weight", "male", 12);
    expect(row.reference).toBe("WHO");
    expect(row.p50).toBeCloseTo(9.6479, 4); // the WHO median at 12 months, boys
    for (const curve of CURVES) {
      const value = row[curve.key] ?? 0;
      const z = growthZ({ kind: "weight", sex: "male", ageMonths: 12, value });
      expect(z?.zScore).toBeCloseTo(curve.z, 3);
    }
  });

  it("draws the BMI chart's 97th from 2 years on CDC's extended charts (2022), where a BMI reads the 97th", () => {
    for (const [sex, age] of [
      ["male", 36],
      ["female", 150],
    ] as const) {
      const row = curvesAt("bmi", sex, age);
      expect(row.reference).toBe("CDC");
      for (const curve of CURVES) {
        const z = growthZ({ kind: "bmi", sex, ageMonths: age, value: row[curve.key] ?? 0 });
        expect(z?.zScore).toBeCloseTo(curve.z, 3);
      }
    }
  });

  it("uses the WHO standards under 24 months and the CDC charts from 24, head circumference on WHO to 60", () => {
    expect(curvesAt("height", "female", 23.9).reference).toBe("WHO");
    expect(curvesAt("height", "female", 24).reference).toBe("CDC");
    expect(curvesAt("head-circumference", "female", 40).reference).toBe("WHO");
    expect(curvesAt("head-circumference", "female", 61).reference).toBeNull();
  });

  it("breaks the lines where WHO gives way to CDC, and rises through the ages", () => {
    const rows = curveRows("weight", "female", [12, 36], 24);
    const at24 = rows.filter((r) => r.ageMonths === 24);
    expect(at24.map((r) => r.reference)).toEqual(["WHO", null, "CDC"]);
    expect(at24[1]?.p50).toBeNull();
    const ages = rows.map((r) => r.ageMonths);
    expect(ages).toEqual([...ages].sort((a, b) => a - b));
    expect(rows[0]?.ageMonths).toBe(12);
    expect(rows.at(-1)?.ageMonths).toBe(36);
    // A chart that ends at 24 months stays on the WHO line to its end.
    expect(curveRows("weight", "female", [0, 24]).at(-1)?.reference).toBe("WHO");
  });

  it("spans birth to 2 years for a baby, and the measured ages with room around for an older child", () => {
    expect(chartAgeRange("weight", [])).toEqual([0, 24]);
    expect(chartAgeRange("weight", [3, 14])).toEqual([0, 24]);
    expect(chartAgeRange("weight", [50, 62])).toEqual([42, 69]);
    expect(chartAgeRange("weight", [100])).toEqual([93, 117]);
    expect(chartAgeRange("head-circumference", [50, 58])).toEqual([36, 60]);
    expect(chartAgeRange("weight", [238])).toEqual([216, 240]);
  });
});

describe("how a place on the growth reference reads", () => {
  it("says percentiles, z-scores and ages as a parent would", () => {
    expect([0.4, 1, 2, 3, 11, 22, 53.4, 99.6].map(percentileText)).toEqual([
      "below the 1st",
      "1st",
      "2nd",
      "3rd",
      "11th",
      "22nd",
      "53rd",
      "above the 99th",
    ]);
    expect(zScoreText(-1.2)).toBe("−1.20");
    expect(zScoreText(0.07)).toBe("+0.07");
    expect([0.2, 0.6, 1, 14.2, 30, 80].map(ageText)).toEqual([
      "6 days",
      "2 weeks",
      "1 month",
      "14 months",
      "2 years 6 months",
      "6 years",
    ]);
    expect(missingText(["sex", "dateOfBirth"])).toBe("sex and date of birth");
    expect(missingText(["dateOfBirth"])).toBe("date of birth");
  });

  it("says a corrected age with the age since birth, and places the point at the corrected age", () => {
    // Born at 30 weeks, 183 days old: 113 days corrected (CDC; AAP).
    const six = { ageMonths: 183 / 30.4375, correctedAgeMonths: 113 / 30.4375 };
    expect(pointAgeText(six)).toBe("3 months corrected age (6 months since birth)");
    expect(chartAge(six)).toBe(six.correctedAgeMonths);
    const early = { ageMonths: 35 / 30.4375, correctedAgeMonths: -35 / 30.4375 };
    expect(pointAgeText(early)).toBe("1 month since birth, before the due date");
    const term = { ageMonths: 7.2, correctedAgeMonths: null };
    expect(pointAgeText(term)).toBe("7 months");
    expect(chartAge(term)).toBe(7.2);
    expect(correctedAgeNote("Kai", { weeks: 30, days: 4 })).toMatch(
      /^Born at 30 weeks 4 days: Kai's percentiles and chart use the corrected age/,
    );
    expect(missingText(["dateOfBirth"])).toBe("date of birth");
  });
});
