import { describe, expect, it } from "vitest";
import { leadingNumber, normalRangeBounds, trendSummary } from "./trends";

describe("lab results as numbers", () => {
  it("reads the number a result starts with", () => {
    expect(leadingNumber("7.2 x10^9/L")).toBe(7.2);
    expect(leadingNumber(" 135 mmol/L")).toBe(135);
    expect(leadingNumber("0,8 mg/dL")).toBe(0.8);
    expect(leadingNumber("-2.5")).toBe(-2.5);
    expect(leadingNumber("<0.5")).toBeNull();
    expect(leadingNumber("Negative")).toBeNull();
    expect(leadingNumber(null)).toBeNull();
  });

  it("reads a normal range written a-b", () => {
    expect(normalRangeBounds("4.5-11.0 x10^9/L")).toEqual({ low: 4.5, high: 11 });
    expect(normalRangeBounds("135 – 145")).toEqual({ low: 135, high: 145 });
    expect(normalRangeBounds("<5")).toBeNull();
    expect(normalRangeBounds("10-5")).toBeNull();
    expect(normalRangeBounds("")).toBeNull();
  });
});

describe("trendSummary", () => {
  it("says the latest, lowest, highest and average values", () => {
    expect(trendSummary([])).toBeNull();
    expect(
      trendSummary([
        { date: "2026-11-01", value: 800 },
        { date: "2026-11-02", value: 900 },
        { date: "2026-11-03", value: 850.5 },
      ]),
    ).toEqual({ latest: { date: "2026-11-03", value: 850.5 }, min: 800, max: 900, average: 850.2 });
  });
});
