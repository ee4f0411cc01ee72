import { describe, expect, it } from "vitest";
import { doseMomentText } from "./dose-moments";
import { lastDoseText } from "./pn-text";

const CHICAGO = "America/Chicago";
/** 02:30 on Nov 27, 2026 in Chicago (UTC-6): the night a parent reads the card. */
const now = new Date("2026-11-27T08:30:00Z");

describe("a dose's moment on the family's clock", () => {
  it("says the day from now: today, yesterday, tomorrow, else the date", () => {
    expect(doseMomentText("2026-11-27T08:05:00Z", CHICAGO, now)).toBe("02:05 today");
    expect(doseMomentText("2026-11-27T02:00:00Z", CHICAGO, now)).toBe("20:00 yesterday");
    expect(doseMomentText("2026-11-28T14:00:00Z", CHICAGO, now)).toBe("08:00 tomorrow");
    expect(doseMomentText("2026-11-25T14:00:00Z", CHICAGO, now)).toBe("08:00 on Nov 25");
    expect(doseMomentText("2025-12-31T14:00:00Z", CHICAGO, now)).toBe("08:00 on Dec 31, 2025");
  });

  it("reads the day in the family's zone, not UTC's", () => {
    // 05:00 UTC on the 27th is still the 26th in Chicago, and already the 27th in Tokyo.
    const at = new Date("2026-11-27T05:00:00Z");
    expect(doseMomentText(at, CHICAGO, now)).toBe("23:00 yesterday");
    expect(doseMomentText(at, "Asia/Tokyo", now)).toBe("14:00 today");
  });
});

describe("the last dose in words", () => {
  const dose = { givenAt: "2026-11-27T08:05:00Z", status: "given" as const, givenBy: "Sam Lee" };

  it("keeps the full stamp with the zone for a reader elsewhere (exports, the care summary)", () => {
    expect(lastDoseText(dose, CHICAGO)).toBe("Given Nov 27, 2026 02:05 (America/Chicago) by Sam Lee");
  });

  it("says the day from now on a card, and nothing of who for an account that is gone", () => {
    expect(lastDoseText(dose, CHICAGO, now)).toBe("Given 02:05 today by Sam Lee");
    expect(lastDoseText({ ...dose, status: "skipped", givenBy: null }, CHICAGO, now)).toBe(
      "Skipped 02:05 today",
    );
  });
});
