import { describe, expect, it } from "vitest";
import { instantOf } from "./clock";
import {
  type DoseEvent,
  doseWindowHours,
  isTooSoon,
  missedDoses,
  nextDueAt,
  onTimeWindowHours,
  type Schedule,
  scheduleInWords,
  tooSoonReachHours,
} from "./doses";

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

  // ISMP, "Acute Care Guidelines for Timely Administration of Scheduled Medications" (2011):
  // time-critical (and more often than every 4 hours) within 30 min of the scheduled time; more
  // often than daily but not more than every 4 hours within 1 h before or after; daily, weekly or
  // monthly within 2 h before or after. As needed "at least N hours apart" is a least gap.
  describe("a dose too soon after a given one (ISMP's acceptable administration times)", () => {
    const last: DoseEvent = { givenAt: at("2026-11-27", "08:00"), status: "given" };
    const soon = (schedule: Schedule, time: string, date = "2026-11-27", from: DoseEvent = last) =>
      isTooSoon(schedule, from, at(date, time), CHICAGO);

    it("as needed, at least 4 hours apart: asks at 3.5 hours, not at 4", () => {
      const prn: Schedule = { scheduleKind: "as-needed", scheduleTimes: null, intervalHours: 4 };
      expect(soon(prn, "11:30")).toBe(true);
      expect(soon(prn, "11:59")).toBe(true);
      expect(soon(prn, "12:00")).toBe(false);
    });

    it("twice daily: on time from 1 hour before the next set time (08:00 given, asks at 18:30, not at 19:00)", () => {
      expect(soon(twiceDaily, "18:30")).toBe(true);
      expect(soon(twiceDaily, "18:59")).toBe(true);
      expect(soon(twiceDaily, "19:00")).toBe(false);
      // Given an hour late for 08:00, then an hour early for 20:00: both on time, nothing asked.
      expect(soon(twiceDaily, "19:00", "2026-11-27", { ...last, givenAt: at("2026-11-27", "09:00") })).toBe(
        false,
      );
    });

    it("once daily: on time from 2 hours before the next day's time (09:00 given, asks at 06:30, not at 07:00)", () => {
      const daily: Schedule = { scheduleKind: "times", scheduleTimes: ["09:00"], intervalHours: null };
      const morning = { givenAt: at("2026-11-27", "09:00"), status: "given" as const };
      expect(soon(daily, "06:30", "2026-11-28", morning)).toBe(true);
      expect(soon(daily, "07:00", "2026-11-28", morning)).toBe(false);
      // Across the end of daylight saving time (Nov 1, 2026, a 25-hour day in Chicago): a set time
      // stays on the wall clock, every 24 hours is 24 hours (due 08:00 on the wall, on time from 06:00).
      const before = { givenAt: at("2026-10-31", "09:00"), status: "given" as const };
      expect(soon(daily, "06:30", "2026-11-01", before)).toBe(true);
      expect(soon(daily, "07:00", "2026-11-01", before)).toBe(false);
      const every24: Schedule = { scheduleKind: "interval", scheduleTimes: null, intervalHours: 24 };
      expect(soon(every24, "05:30", "2026-11-01", before)).toBe(true);
      expect(soon(every24, "06:00", "2026-11-01", before)).toBe(false);
    });

    it("every 6 hours: 1 hour before the due time (asks at 4 h 45, not at 5 h)", () => {
      expect(soon(every6, "12:45")).toBe(true);
      expect(soon(every6, "13:00")).toBe(false);
    });

    it("more often than every 4 hours is time-critical: 30 minutes, or a quarter of the gap where that is stricter", () => {
      const every3: Schedule = { scheduleKind: "interval", scheduleTimes: null, intervalHours: 3 };
      expect(soon(every3, "10:20")).toBe(true);
      expect(soon(every3, "10:30")).toBe(false);
      const hourly: Schedule = { scheduleKind: "interval", scheduleTimes: null, intervalHours: 1 };
      expect(soon(hourly, "08:40")).toBe(true);
      expect(soon(hourly, "08:45")).toBe(false);
    });

    it("never after a skipped dose, nor with no dose, nor as needed without a least gap", () => {
      expect(soon(twiceDaily, "09:00", "2026-11-27", { ...last, status: "skipped" })).toBe(false);
      expect(isTooSoon(twiceDaily, null, at("2026-11-27", "09:00"), CHICAGO)).toBe(false);
      const prn: Schedule = { scheduleKind: "as-needed", scheduleTimes: null, intervalHours: null };
      expect(soon(prn, "08:01")).toBe(false);
    });

    it("says how far apart two doses can be and still be asked about", () => {
      expect(tooSoonReachHours(every6)).toBe(6);
      expect(tooSoonReachHours({ scheduleKind: "as-needed", scheduleTimes: null, intervalHours: 4 })).toBe(4);
      expect(tooSoonReachHours({ ...twiceDaily, scheduleTimes: ["09:00"] })).toBe(37);
      expect(
        tooSoonReachHours({ scheduleKind: "as-needed", scheduleTimes: null, intervalHours: null }),
      ).toBeNull();
    });

    it("names ISMP's windows", () => {
      expect(onTimeWindowHours(3)).toBe(0.5);
      expect(onTimeWindowHours(4)).toBe(1);
      expect(onTimeWindowHours(12)).toBe(1);
      expect(onTimeWindowHours(24)).toBe(2);
      expect(onTimeWindowHours(168)).toBe(2);
    });
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

describe("a schedule's times, the family's way", () => {
  it("says set times in 12 hours for a family that writes them so", () => {
    const schedule = {
      scheduleKind: "times",
      scheduleTimes: ["20:00", "08:00"],
      intervalHours: null,
    } as unknown as Parameters<typeof scheduleInWords>[0];
    expect(scheduleInWords(schedule, "24h")).toBe("08:00, 20:00");
    expect(scheduleInWords(schedule, "12h")).toBe("8:00 AM, 8:00 PM");
  });
});
