import { describe, expect, it } from "vitest";
import { instantOf } from "./clock";
import { doseWindowHours, isTooSoon, missedDoses, nextDueAt, type Schedule, scheduleInWords } from "./doses";

const CHICAGO = "America/Chicago";
const at = (date: string, time: string) => instantOf(date, time, CHICAGO);
const twiceDaily: Schedule = {
  scheduleKind: "times",
  scheduleTimes: ["20:00", "08:00"],
  intervalHours: null,
};
const every6: Schedule = { scheduleKind: "interval", scheduleTimes: null, intervalHours: 6 };

describe("a medication's schedule", () => {
  it("has a window of the interval, or of the shortest gap between set times", () => {
    expect(doseWindowHours(twiceDaily)).toBe(12);
    expect(doseWindowHours({ ...twiceDaily, scheduleTimes: ["08:00", "14:00", "22:00"] })).toBe(6);
    expect(doseWindowHours({ ...twiceDaily, scheduleTimes: ["09:00"] })).toBe(24);
    expect(doseWindowHours(every6)).toBe(6);
    expect(
      doseWindowHours({ scheduleKind: "as-needed", scheduleTimes: null, intervalHours: null }),
    ).toBeNull();
    expect(doseWindowHours({ scheduleKind: null, scheduleTimes: null, intervalHours: null })).toBeNull();
  });

  it("calls a given dose too soon inside three quarters of the window, never after a skipped one", () => {
    const last = { givenAt: at("2026-11-27", "08:00"), status: "given" as const };
    expect(isTooSoon(twiceDaily, last, at("2026-11-27", "16:59"))).toBe(true);
    expect(isTooSoon(twiceDaily, last, at("2026-11-27", "17:00"))).toBe(false);
    expect(isTooSoon(twiceDaily, { ...last, status: "skipped" }, at("2026-11-27", "09:00"))).toBe(false);
    expect(isTooSoon(twiceDaily, null, at("2026-11-27", "09:00"))).toBe(false);
  });

  it("is next due at the next set time on the family's clock, across the end of daylight saving time", () => {
    const since = at("2026-10-30", "00:00");
    // Nov 1, 2026: Chicago's clocks go back at 02:00; 08:00 is still 08:00 on the wall.
    const last = { givenAt: at("2026-10-31", "20:05"), status: "given" as const };
    expect(nextDueAt(twiceDaily, last, since, at("2026-11-01", "06:00"), CHICAGO)).toEqual(
      at("2026-11-01", "08:00"),
    );
    // Given a little early (19:30 for 20:00) it counts for 20:00: next is 08:00.
    const early = { givenAt: at("2026-11-02", "19:30"), status: "given" as const };
    expect(nextDueAt(twiceDaily, early, since, at("2026-11-02", "19:31"), CHICAGO)).toEqual(
      at("2026-11-03", "08:00"),
    );
    expect(nextDueAt(every6, last, since, at("2026-11-01", "06:00"), CHICAGO)).toEqual(
      new Date(last.givenAt.getTime() + 6 * 3_600_000),
    );
    expect(
      nextDueAt(twiceDaily, null, at("2026-11-27", "09:00"), at("2026-11-27", "09:00"), CHICAGO),
    ).toEqual(at("2026-11-27", "20:00"));
  });

  it("misses a set time with no dose within half the gap, once that half has passed", () => {
    const since = at("2026-11-26", "00:00");
    const doses = [
      { givenAt: at("2026-11-26", "08:10"), status: "given" as const },
      { givenAt: at("2026-11-27", "07:45"), status: "skipped" as const },
    ];
    // 26th 08:00 given, 26th 20:00 missed, 27th 08:00 skipped (recorded), 27th 20:00 not yet.
    expect(missedDoses(twiceDaily, doses, since, at("2026-11-27", "21:00"), CHICAGO)).toEqual([
      at("2026-11-26", "20:00"),
    ]);
    expect(missedDoses(twiceDaily, doses, since, at("2026-11-28", "02:00"), CHICAGO)).toEqual([
      at("2026-11-27", "20:00"),
      at("2026-11-26", "20:00"),
    ]);
  });

  it("misses every N hours counted from the latest dose, and nothing as needed", () => {
    const last = at("2026-11-27", "00:00");
    const doses = [{ givenAt: last, status: "given" as const }];
    // Due 06:00 and 12:00; 18:00 is due but not half an interval past.
    expect(missedDoses(every6, doses, at("2026-11-26", "00:00"), at("2026-11-27", "19:00"), CHICAGO)).toEqual(
      [at("2026-11-27", "12:00"), at("2026-11-27", "06:00")],
    );
    const prn: Schedule = { scheduleKind: "as-needed", scheduleTimes: null, intervalHours: 4 };
    expect(missedDoses(prn, [], at("2026-11-20", "00:00"), at("2026-11-27", "00:00"), CHICAGO)).toEqual([]);
  });

  it("reads as words on a card", () => {
    expect(scheduleInWords(twiceDaily)).toBe("08:00, 20:00");
    expect(scheduleInWords(every6)).toBe("Every 6 hours");
    expect(scheduleInWords({ scheduleKind: "as-needed", scheduleTimes: null, intervalHours: 4 })).toBe(
      "As needed, at least 4 hours apart",
    );
    expect(scheduleInWords({ scheduleKind: null, scheduleTimes: null, intervalHours: null })).toBeNull();
  });
});
