import { describe, expect, it } from "vitest";
import {
  axisWidth,
  firstMeasureWithData,
  leadingNumber,
  normalRangeBounds,
  tickLabel,
  trendSummary,
  valueAxis,
} from "./trends";

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

describe("the TPN chart's first measure", () => {
  const measures = ["calories", "protein", "carbohydrates", "fat", "volume"] as const;
  it("opens on the first amount that has a value on some day", () => {
    const days = [
      { date: "2026-11-20", calories: null, protein: null, carbohydrates: null, fat: null, volume: 1150 },
      { date: "2026-11-21", calories: null, protein: 20, carbohydrates: null, fat: null, volume: null },
    ];
    expect(firstMeasureWithData(days, measures)).toBe("protein");
    expect(firstMeasureWithData([days[0]!], measures)).toBe("volume");
  });
  it("keeps the first measure when nothing has data", () => {
    expect(firstMeasureWithData([], measures)).toBe("calories");
  });
});

describe("a chart's value axis", () => {
  it("starts amounts at zero, up to a round number above the highest", () => {
    expect(valueAxis([900, 1150, 1000])).toEqual({
      domain: [0, 1250],
      ticks: [0, 250, 500, 750, 1000, 1250],
      broken: false,
    });
    // Nine bags logged on one day: 109,364 mL.
    const volume = valueAxis([1150, 109_364]);
    expect(volume.domain).toEqual([0, 125_000]);
    expect(volume.ticks).toEqual([0, 25_000, 50_000, 75_000, 100_000, 125_000]);
    expect(valueAxis([0.4, 0.7]).domain).toEqual([0, 0.8]);
  });
  it("draws a single zero or no values on a unit axis", () => {
    expect(valueAxis([0]).domain).toEqual([0, 1]);
    expect(valueAxis([]).domain).toEqual([0, 1]);
  });
  it("keeps a fixed scale's ends (pain 0 to 10)", () => {
    expect(valueAxis([3.5, 4], { fixed: [0, 10] })).toEqual({
      domain: [0, 10],
      ticks: [0, 2, 4, 6, 8, 10],
      broken: false,
    });
  });
  it("starts a measurement's axis under its lowest value, marked as broken, when asked", () => {
    // Sodium 136 to 141 with its normal range 135-145: drawn from zero it would be a flat line.
    expect(valueAxis([136, 139, 141, 135, 145], { from: "data" })).toEqual({
      domain: [134, 146],
      ticks: [134, 136, 138, 140, 142, 144, 146],
      broken: true,
    });
    // Values near zero need no break.
    expect(valueAxis([0.5, 3], { from: "data" })).toMatchObject({ domain: [0, 3], broken: false });
    expect(valueAxis([12.8, 12.8], { from: "data" }).broken).toBe(true);
  });
  it("labels ticks with thousands separators and the unit", () => {
    expect(tickLabel(109_364, "mL")).toBe("109,364 mL");
    expect(tickLabel(2.5, "g")).toBe("2.5 g");
    expect(tickLabel(7.5, "/10")).toBe("7.5/10");
    expect(tickLabel(1200)).toBe("1,200");
  });
  it("is as wide as its longest label: '125,000 mL' gets more room than the 48 px that cut it", () => {
    const wide = axisWidth(["0 mL", "125,000 mL"]);
    expect(wide).toBeGreaterThan(48);
    expect(wide).toBeGreaterThanOrEqual(Math.ceil("125,000 mL".length * 11 * 0.6));
    expect(axisWidth(["0", "10"])).toBeLessThan(48);
  });
});
