import { describe, expect, it } from "vitest";
import { formatTimeOfDay, hourCycleFormat, parseTimeOfDay } from "./time-format";

describe("the family's way of writing a time", () => {
  it("writes a time of day in 24 hours or in 12 with AM and PM", () => {
    expect(formatTimeOfDay("00:49", "24h")).toBe("00:49");
    expect(formatTimeOfDay("00:49", "12h")).toBe("12:49 AM");
    expect(formatTimeOfDay("12:05", "12h")).toBe("12:05 PM");
    expect(formatTimeOfDay("23:59", "12h")).toBe("11:59 PM");
    expect(formatTimeOfDay("", "12h")).toBe("");
  });

  it("reads what a person types either way, as the wire's HH:mm", () => {
    expect(parseTimeOfDay("12:49 AM")).toBe("00:49");
    expect(parseTimeOfDay("12:49 am")).toBe("00:49");
    expect(parseTimeOfDay("2:30pm")).toBe("14:30");
    expect(parseTimeOfDay("14:30")).toBe("14:30");
    expect(parseTimeOfDay("9:05")).toBe("09:05");
    expect(parseTimeOfDay("0905")).toBe("09:05");
    expect(parseTimeOfDay("7 pm")).toBe("19:00");
    expect(parseTimeOfDay("13:00 PM")).toBeUndefined();
    expect(parseTimeOfDay("24:00")).toBeUndefined();
    expect(parseTimeOfDay("soon")).toBeUndefined();
  });

  it("starts a family on its owner's clock: 12 hours where the locale writes AM and PM", () => {
    expect(hourCycleFormat("en-US")).toBe("12h");
    expect(hourCycleFormat("en-GB")).toBe("24h");
    expect(hourCycleFormat("de-DE")).toBe("24h");
  });
});
