import { describe, expect, it } from "vitest";
import { lengthFlagText, typedLength } from "./line-length-flag";

describe("lengthFlagText", () => {
  it("flags a change of more than 1 cm either way, saying by how much", () => {
    expect(lengthFlagText(12, 13.5)).toBe(
      "Moved 1.5 cm since insertion: call the care team before using the line",
    );
    expect(lengthFlagText(12, 10)).toBe(
      "Moved 2 cm since insertion: call the care team before using the line",
    );
    expect(lengthFlagText(12.3, 14.6)).toBe(
      "Moved 2.3 cm since insertion: call the care team before using the line",
    );
  });

  it("says nothing at 1 cm or less, or without both lengths", () => {
    expect(lengthFlagText(12, 13)).toBeNull();
    expect(lengthFlagText(12, 11.2)).toBeNull();
    expect(lengthFlagText(null, 15)).toBeNull();
    expect(lengthFlagText(12, null)).toBeNull();
  });
});

describe("typedLength", () => {
  it("reads a typed number of cm, and nothing else", () => {
    expect(typedLength("14.5")).toBe(14.5);
    expect(typedLength(" 14 ")).toBe(14);
    expect(typedLength("")).toBeNull();
    expect(typedLength("1e3")).toBeNull();
    expect(typedLength(undefined)).toBeNull();
  });
});
