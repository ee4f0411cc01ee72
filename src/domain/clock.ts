import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { formatTimeOfDay, type TimeFormat } from "./time-format";
import { familyClock } from "./time-zones";

/**
 * The family's clock: what "today" and "now" are for a family, in the IANA time zone its account
 * keeps (`users.time_zone`), wherever the server or the phone is. Every date rule, default, count
 * of days and stamp asks here.
 *
 * The server answers `familyClock()` per request (the signed-in account's zone, and the app's
 * clock, which tests move); the browser answers with the signed-in account's zone. Outside either
 * (a unit test, a script) it is this machine's zone and clock.
 */

export {
  DEFAULT_TIME_ZONE,
  deviceTimeZone,
  type FamilyClock,
  familyClock,
  isValidTimeZone,
  setFamilyClockSource,
  timeZoneNames,
} from "./time-zones";

/** `instant` seen on the wall clocks of `timeZone` (date-fns reads it in that zone). */
export function zonedNow(timeZone: string, instant: Date = new Date()): TZDate {
  return new TZDate(instant.getTime(), timeZone);
}

/** The date (yyyy-MM-dd) it is in `timeZone` at `now`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return format(zonedNow(timeZone, now), "yyyy-MM-dd");
}

/** The time of day (HH:mm) it is in `timeZone` at `now`. */
export function timeIn(timeZone: string, now: Date = new Date()): string {
  return format(zonedNow(timeZone, now), "HH:mm");
}

/** `timeZone`'s offset from UTC at `instant` as +HH:MM (daylight saving included); UTC is +00:00. */
export function offsetAt(timeZone: string, instant: Date): string {
  const minutes = -zonedNow(timeZone, instant).getTimezoneOffset();
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

/** The instant a wall-clock date and time (yyyy-MM-dd, HH:mm) in `timeZone` names. */
export function instantOf(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  return new Date(new TZDate(y, m - 1, d, hh, mm, 0, 0, timeZone).getTime());
}

/**
 * A wall-clock date and time in `timeZone` as an ISO 8601 date-time with the offset the zone has
 * on that date: 21:33 on 2026-11-24 in America/Chicago is `2026-11-24T21:33:00-06:00`.
 */
export function zonedDateTime(date: string, time: string, timeZone: string): string {
  const at = zonedNow(timeZone, instantOf(date, time, timeZone));
  return `${format(at, "yyyy-MM-dd'T'HH:mm:ss")}${offsetAt(timeZone, at)}`;
}

/** An instant as an ISO 8601 date-time in `timeZone`'s wall clock and offset. */
export function isoInZone(instant: Date, timeZone: string): string {
  return `${format(zonedNow(timeZone, instant), "yyyy-MM-dd'T'HH:mm:ss")}${offsetAt(timeZone, instant)}`;
}

/**
 * A stamp a person reads, with the zone named: "Nov 24, 2026 21:45 (America/Chicago)", or "9:45 PM"
 * for a family that writes 12-hour times.
 */
export function formatStamp(instant: Date, timeZone: string, timeFormat: TimeFormat = "24h"): string {
  const zoned = zonedNow(timeZone, instant);
  return `${format(zoned, "MMM d, yyyy")} ${formatTimeOfDay(format(zoned, "HH:mm"), timeFormat)} (${timeZone})`;
}

/** The family's date (yyyy-MM-dd) now. */
export function familyToday(): string {
  const clock = familyClock();
  return todayIn(clock.timeZone, clock.now());
}

/** The family's time of day (HH:mm) now. */
export function familyTime(): string {
  const clock = familyClock();
  return timeIn(clock.timeZone, clock.now());
}
