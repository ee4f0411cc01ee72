import { describe, expect, it } from "vitest";
import { z } from "zod";
import { commaList, isoDate, optionalDecimal, optionalInt, optionalText, splitCommaList } from "./fields";

describe("splitCommaList", () => {
  it("splits on commas, trims and drops empty items", () => {
    expect(splitCommaList(" nausea, , fatigue ,fever,")).toEqual(["nausea", "fatigue", "fever"]);
    expect(splitCommaList("")).toEqual([]);
    expect(splitCommaList(undefined)).toEqual([]);
    expect(splitCommaList([" a ", ""])).toEqual(["a"]);
    expect(commaList().parse("x, y")).toEqual(["x", "y"]);
  });
});

describe("field rules", () => {
  it("turns empty optional text into null and trims the rest", () => {
    const schema = z.object({ notes: optionalText() });
    expect(schema.parse({ notes: "  " })).toEqual({ notes: null });
    expect(schema.parse({})).toEqual({ notes: null });
    expect(schema.parse({ notes: " ok " })).toEqual({ notes: "ok" });
  });

  it("accepts decimals of precision 8 and scale 2 and refuses what does not fit, never rounding", () => {
    const d = optionalDecimal("Calories");
    expect(d.parse("123456.78")).toBe("123456.78");
    expect(d.parse(12.5)).toBe("12.5");
    expect(d.parse("")).toBeNull();
    expect(d.safeParse("1234567").success).toBe(false);
    expect(d.safeParse("1.234").success).toBe(false);
    expect(d.safeParse("-1").success).toBe(false);
    expect(d.safeParse("abc").success).toBe(false);
  });

  it("checks integers and their range", () => {
    const age = optionalInt("Age", 0, 25);
    expect(age.parse("7")).toBe(7);
    expect(age.parse("")).toBeNull();
    expect(age.safeParse(26).success).toBe(false);
    expect(age.safeParse("2.5").success).toBe(false);
  });

  it("accepts only real calendar dates", () => {
    const date = isoDate("Date");
    expect(date.parse("2024-02-29")).toBe("2024-02-29");
    expect(date.safeParse("2023-02-29").success).toBe(false);
    expect(date.safeParse("02/03/2024").success).toBe(false);
  });
});
