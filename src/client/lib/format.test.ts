import { afterEach, describe, expect, it } from "vitest";
import { followAccountTimeZone } from "./family-clock";
import { formatDateTime } from "./format";

describe("formatDateTime", () => {
  afterEach(() => followAccountTimeZone(null));

  it("reads an instant on the account's clock, whatever zone the device is in", () => {
    followAccountTimeZone("America/Chicago");
    expect(formatDateTime("2026-11-27T20:05:00.000Z")).toBe("Nov 27, 2026 14:05");
    followAccountTimeZone("Pacific/Kiritimati");
    expect(formatDateTime("2026-11-27T20:05:00.000Z")).toBe("Nov 28, 2026 10:05");
  });

  it("reads it on another zone when given one", () => {
    expect(formatDateTime(new Date("2026-07-01T12:00:00Z"), "Europe/Paris")).toBe("Jul 1, 2026 14:00");
  });

  it("is empty for a missing or unreadable value", () => {
    expect(formatDateTime(null)).toBe("");
    expect(formatDateTime("")).toBe("");
    expect(formatDateTime("not a date")).toBe("");
  });
});
