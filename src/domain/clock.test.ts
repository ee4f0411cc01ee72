import { afterEach, describe, expect, it } from "vitest";
import {
  familyClock,
  familyTime,
  familyToday,
  formatStamp,
  instantOf,
  isoInZone,
  isValidTimeZone,
  offsetAt,
  setFamilyClockSource,
  timeIn,
  todayIn,
  zonedDateTime,
  zonedNow,
} from "./clock";
import { today } from "./dates";
import { timeZoneField } from "./fields";

const at = (iso: string) => new Date(iso);

describe("the family's today at the day's boundaries", () => {
  it("in Honolulu (UTC-10): 23:30 local is still the same day while UTC is on the next", () => {
    const lateEvening = at("2026-11-25T09:30:00Z");
    expect(todayIn("Pacific/Honolulu", lateEvening)).toBe("2026-11-24");
    expect(timeIn("Pacific/Honolulu", lateEvening)).toBe("23:30");
    expect(todayIn("UTC", lateEvening)).toBe("2026-11-25");
    expect(todayIn("Pacific/Honolulu", at("2026-11-25T10:00:00Z"))).toBe("2026-11-25");
    expect(offsetAt("Pacific/Honolulu", lateEvening)).toBe("-10:00");
  });

  it("in Kiritimati (UTC+14): 00:30 local is the next day while UTC is still on the last", () => {
    const justAfterMidnight = at("2026-11-24T10:30:00Z");
    expect(todayIn("Pacific/Kiritimati", justAfterMidnight)).toBe("2026-11-25");
    expect(todayIn("UTC", justAfterMidnight)).toBe("2026-11-24");
    // 23:30 local on the 24th is 09:30 UTC on the 24th.
    expect(todayIn("Pacific/Kiritimati", at("2026-11-24T09:30:00Z"))).toBe("2026-11-24");
    expect(timeIn("Pacific/Kiritimati", at("2026-11-24T09:30:00Z"))).toBe("23:30");
    expect(offsetAt("Pacific/Kiritimati", justAfterMidnight)).toBe("+14:00");
  });

  it("in Chicago at 21:45 on 24 November, the UTC date is already the 25th", () => {
    const evening = at("2026-11-25T03:45:00Z");
    expect(todayIn("America/Chicago", evening)).toBe("2026-11-24");
    expect(formatStamp(evening, "America/Chicago")).toBe("Nov 24, 2026 21:45 (America/Chicago)");
  });
});

describe("offsets across a daylight-saving change", () => {
  it("Chicago is -05:00 in summer, -06:00 from 1 November 2026 (02:00 local)", () => {
    expect(offsetAt("America/Chicago", at("2026-10-31T12:00:00Z"))).toBe("-05:00");
    expect(offsetAt("America/Chicago", at("2026-11-01T06:59:00Z"))).toBe("-05:00");
    expect(offsetAt("America/Chicago", at("2026-11-01T07:00:00Z"))).toBe("-06:00");
    expect(zonedDateTime("2026-10-31", "21:33", "America/Chicago")).toBe("2026-10-31T21:33:00-05:00");
    expect(zonedDateTime("2026-11-24", "21:33", "America/Chicago")).toBe("2026-11-24T21:33:00-06:00");
  });

  it("Berlin is +01:00 in winter, +02:00 from 29 March 2026 (02:00 local)", () => {
    expect(offsetAt("Europe/Berlin", at("2026-03-29T00:59:00Z"))).toBe("+01:00");
    expect(offsetAt("Europe/Berlin", at("2026-03-29T01:00:00Z"))).toBe("+02:00");
    expect(zonedDateTime("2026-03-28", "23:30", "Europe/Berlin")).toBe("2026-03-28T23:30:00+01:00");
    expect(zonedDateTime("2026-03-29", "12:00", "Europe/Berlin")).toBe("2026-03-29T12:00:00+02:00");
    // 23:30 on 28 March in Berlin is 22:30 UTC, the same date; in summer 23:30 is 21:30 UTC.
    expect(todayIn("Europe/Berlin", at("2026-03-28T22:30:00Z"))).toBe("2026-03-28");
    expect(todayIn("Europe/Berlin", at("2026-06-30T22:30:00Z"))).toBe("2026-07-01");
  });

  it("reads a wall-clock time as the instant it names in that zone", () => {
    expect(instantOf("2026-11-24", "21:33", "America/Chicago").toISOString()).toBe(
      "2026-11-25T03:33:00.000Z",
    );
    expect(instantOf("2026-07-01", "09:00", "America/Chicago").toISOString()).toBe(
      "2026-07-01T14:00:00.000Z",
    );
    expect(isoInZone(at("2026-11-25T03:33:00Z"), "America/Chicago")).toBe("2026-11-24T21:33:00-06:00");
    expect(isoInZone(at("2026-11-25T03:33:00Z"), "UTC")).toBe("2026-11-25T03:33:00+00:00");
  });

  it("offsets a zone a half hour off UTC by its minutes", () => {
    expect(offsetAt("Asia/Kolkata", at("2026-11-24T12:00:00Z"))).toBe("+05:30");
    expect(offsetAt("America/St_Johns", at("2026-11-24T12:00:00Z"))).toBe("-03:30");
  });

  it("gives date-fns the zone's wall clock", () => {
    expect(zonedNow("Pacific/Kiritimati", at("2026-11-24T10:30:00Z")).getHours()).toBe(0);
  });
});

describe("time zone names", () => {
  it("takes IANA names and UTC, refuses anything else", () => {
    for (const name of ["UTC", "America/Chicago", "Pacific/Kiritimati", "Europe/Berlin"]) {
      expect(isValidTimeZone(name)).toBe(true);
    }
    for (const name of ["", "Mars/Olympus", "+02:00", "GMT+2 ", "america/chicago ", 42, null]) {
      expect(isValidTimeZone(name)).toBe(false);
    }
    expect(timeZoneField.safeParse("Mars/Olympus").error?.issues[0]?.message).toBe(
      "Time zone must be a time zone name, such as America/Chicago",
    );
    expect(timeZoneField.parse(" Europe/Berlin ")).toBe("Europe/Berlin");
  });
});

describe("the family clock", () => {
  afterEach(() => setFamilyClockSource(null));

  it("answers today and now from the installed source", () => {
    const now = at("2026-11-24T09:30:00Z");
    setFamilyClockSource(() => ({ timeZone: "Pacific/Kiritimati", now: () => now }));
    expect(familyClock().timeZone).toBe("Pacific/Kiritimati");
    expect(familyToday()).toBe("2026-11-24");
    expect(familyTime()).toBe("23:30");
    expect(today()).toBe("2026-11-24");
    expect(today(at("2026-11-24T10:30:00Z"))).toBe("2026-11-25");
  });

  it("falls back to this machine's zone and clock", () => {
    setFamilyClockSource(null);
    expect(familyClock().timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");
  });
});
