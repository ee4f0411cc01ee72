import { describe, expect, it } from "vitest";
import type { AnalyteUnit } from "./lab-analytes";
import {
  ANALYTES,
  analyteInput,
  analyteOf,
  analyteSeries,
  analyteText,
  convert,
  flag,
  labResultInput,
} from "./lab-results";

const of = (key: string) => {
  const analyte = analyteOf(key);
  if (!analyte) throw new Error(key);
  return analyte;
};

describe("convert", () => {
  // Worked examples from the AMA Manual of Style's SI conversion table (Young DS, Ann Intern Med
  // 1987;106:114-29): conventional value × factor = SI value.
  it.each([
    ["conjugated-bilirubin", 1, "mg/dL", "µmol/L", 17.1],
    ["total-bilirubin", 0.3, "mg/dL", "µmol/L", 5.13],
    ["glucose", 90, "mg/dL", "mmol/L", 4.995],
    ["triglycerides", 150, "mg/dL", "mmol/L", 1.695],
    ["creatinine", 1, "mg/dL", "µmol/L", 88.4],
    ["calcium", 10, "mg/dL", "mmol/L", 2.5],
    ["magnesium", 2, "mg/dL", "mmol/L", 0.8228],
    ["phosphate", 4, "mg/dL", "mmol/L", 1.2916],
    ["albumin", 3.5, "g/dL", "g/L", 35],
    ["haemoglobin", 12.1, "g/dL", "g/L", 121],
    ["urea", 30, "mg/dL", "mmol/L", 4.995],
    ["bun", 14, "mg/dL", "mmol/L", 4.998],
    ["zinc", 100, "µg/dL", "µmol/L", 15.3],
    ["selenium", 100, "µg/L", "µmol/L", 1.27],
    ["vitamin-d", 30, "ng/mL", "nmol/L", 74.88],
    ["sodium", 140, "mEq/L", "mmol/L", 140],
    ["alt", 1, "µkat/L", "U/L", 60],
  ])("%s: %d %s is %d %s", (key, value, from, to, expected) => {
    expect(convert(of(key), value, from, to)).toBeCloseTo(expected, 3);
  });

  it("goes both ways: 17.1 µmol/L of bilirubin is 1 mg/dL", () => {
    expect(convert(of("total-bilirubin"), 17.1, "µmol/L", "mg/dL")).toBeCloseTo(1, 6);
  });

  it("answers undefined for a unit the analyte does not list", () => {
    expect(convert(of("glucose"), 5, "g/L", "mmol/L")).toBeUndefined();
  });

  it("lists each analyte once, with a LOINC code of the right shape and its first unit as 1", () => {
    expect(new Set(ANALYTES.map((a) => a.key)).size).toBe(ANALYTES.length);
    for (const a of ANALYTES) {
      expect(a.loinc).toMatch(/^\d{1,7}-\d$/);
      expect(a.units[0].factor).toBe(1);
      const units: readonly AnalyteUnit[] = a.units;
      for (const u of units) if (u.loinc) expect(u.loinc).toMatch(/^\d{1,7}-\d$/);
    }
  });
});

describe("flag", () => {
  it.each([
    [3, 4, 17, "low"],
    [4, 4, 17, "normal"],
    [17, 4, 17, "normal"],
    [18, 4, 17, "high"],
    [45, null, 5, "high"],
    [0.2, 0.5, null, "low"],
    [10, null, null, null],
  ])("%d against %s–%s is %s", (value, low, high, expected) => {
    expect(flag(value, low, high)).toBe(expected);
  });
});

describe("an analyte as sent", () => {
  it("takes its flag from the range when the lab gave none, and keeps the lab's own", () => {
    const derived = analyteInput.parse({
      analyte: "conjugated-bilirubin",
      value: "45",
      unit: "µmol/L",
      referenceHigh: 5,
    });
    expect(derived).toEqual({
      analyte: "conjugated-bilirubin",
      name: null,
      value: 45,
      unit: "µmol/L",
      referenceLow: null,
      referenceHigh: 5,
      flag: "high",
    });
    expect(analyteText(derived)).toBe("Conjugated (direct) bilirubin 45 µmol/L (ref ≤ 5 µmol/L), High");
    const lab = analyteInput.parse({ analyte: "potassium", value: 6.9, unit: "mmol/L", flag: "critical" });
    expect(lab.flag).toBe("critical");
  });

  it("refuses a unit the catalogue does not list for it, naming the ones it does", () => {
    const result = analyteInput.safeParse({ analyte: "glucose", value: 5, unit: "g/L" });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ["unit"], message: "Unit of Glucose must be one of: mmol/L, mg/dL" }),
    ]);
  });

  it("takes any unit for an analyte typed in by name, and needs the name", () => {
    expect(analyteInput.parse({ name: " Ammonia ", value: 40, unit: "µmol/L" })).toMatchObject({
      analyte: null,
      name: "Ammonia",
    });
    const nameless = analyteInput.safeParse({ value: 40, unit: "µmol/L" });
    expect(nameless.error?.issues.map((i) => i.path)).toEqual([["name"]]);
  });

  it("refuses a value that is not a number", () => {
    for (const value of ["NaN", "Infinity", "1e3", "abc", true]) {
      const result = analyteInput.safeParse({ analyte: "sodium", value, unit: "mmol/L" });
      expect(result.error?.issues.map((i) => i.message)).toEqual(["Value must be a number"]);
    }
  });

  it("refuses a range upside down", () => {
    const result = analyteInput.safeParse({
      analyte: "sodium",
      value: 140,
      unit: "mmol/L",
      referenceLow: 145,
      referenceHigh: 135,
    });
    expect(result.error?.issues.map((i) => i.path)).toEqual([["referenceHigh"]]);
  });
});

describe("a result", () => {
  it("needs at least one analyte", () => {
    const result = labResultInput.safeParse({
      childId: "0190a4f4-8a53-7f0c-9f4b-3d2f1e0a9b8c",
      date: "2026-11-02",
      analytes: [],
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ["analytes"], message: "Add at least one analyte" }),
    ]);
  });
});

describe("an analyte's trend", () => {
  it("puts every value and range in the analyte's first unit, oldest first", () => {
    const results = [
      {
        date: "2026-11-10",
        time: null,
        analytes: [
          {
            analyte: "total-bilirubin" as const,
            name: null,
            value: 2,
            unit: "mg/dL",
            referenceLow: null,
            referenceHigh: 1.2,
            flag: "high" as const,
          },
        ],
      },
      {
        date: "2026-10-01",
        time: "08:00",
        analytes: [
          {
            analyte: "total-bilirubin" as const,
            name: null,
            value: 20,
            unit: "µmol/L",
            referenceLow: 3,
            referenceHigh: 17,
            flag: "high" as const,
          },
          {
            analyte: "sodium" as const,
            name: null,
            value: 140,
            unit: "mmol/L",
            referenceLow: null,
            referenceHigh: null,
            flag: null,
          },
        ],
      },
    ];
    const series = analyteSeries(results, "total-bilirubin");
    expect(
      series.map((p) => [
        p.date,
        Number(p.value.toFixed(2)),
        p.unit,
        p.referenceHigh && Number(p.referenceHigh.toFixed(2)),
      ]),
    ).toEqual([
      ["2026-10-01", 20, "µmol/L", 17],
      ["2026-11-10", 34.2, "µmol/L", 20.52],
    ]);
  });
});
