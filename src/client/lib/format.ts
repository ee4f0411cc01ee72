import { format, isValid, parseISO } from "date-fns";
import { familyClock, timeIn, todayIn, zonedNow } from "@/domain/clock";
import { formatTimeOfDay } from "@/domain/time-format";
import { familyTimeFormat } from "./family-clock";

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Reads a `yyyy-MM-dd` date as a local calendar day (never through `new Date("yyyy-MM-dd")`,
 * which is midnight UTC and shows the previous day west of Greenwich); timestamps as ISO.
 */
export function parseDateValue(value: string | Date): Date {
  if (value instanceof Date) return value;
  if (!DATE_ONLY.test(value)) return parseISO(value);
  // By hand, not date-fns' `parse`: that one carries every format's parser into the first download.
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(year, month - 1, day);
  // A day that does not exist ("2026-02-30") is no date, as `parse` answered.
  return date.getMonth() === month - 1 ? date : new Date(Number.NaN);
}

function formatWith(pattern: string, value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const date = parseDateValue(value);
  return isValid(date) ? format(date, pattern) : "";
}

/** 'MMM dd, yyyy' (lists, supplies): "Jan 05, 2020". Empty for a missing or invalid value. */
export function formatListDate(value: string | Date | null | undefined): string {
  return formatWith("MMM dd, yyyy", value);
}

/** 'MMM d, yyyy' (cards, children): "Jan 5, 2020". */
export function formatCardDate(value: string | Date | null | undefined): string {
  return formatWith("MMM d, yyyy", value);
}

/** 'MMMM d, yyyy' (photo details): "January 5, 2020". */
export function formatLongDate(value: string | Date | null | undefined): string {
  return formatWith("MMMM d, yyyy", value);
}

/**
 * A time of day ("HH:mm", as records keep it) the family's way: "00:49" or "12:49 AM". The one
 * place a time is written for a person: every screen goes through it or `formatClockTime`.
 */
export function formatTime(time: string | null | undefined): string {
  return formatTimeOfDay(time, familyTimeFormat());
}

/** The time of day of an instant on the family's clock (or `timeZone`'s), the family's way. */
export function formatClockTime(instant: Date, timeZone: string = familyClock().timeZone): string {
  return formatTime(format(zonedNow(timeZone, instant), "HH:mm"));
}

/**
 * An instant (a timestamp) on the family's clock, or on `timeZone`'s: "Nov 27, 2026 14:05" (or
 * "2:05 PM"). Empty for a missing or invalid value.
 */
export function formatDateTime(
  value: string | Date | null | undefined,
  timeZone: string = familyClock().timeZone,
): string {
  if (value === null || value === undefined || value === "") return "";
  const instant = value instanceof Date ? value : parseISO(value);
  return isValid(instant)
    ? `${format(zonedNow(timeZone, instant), "MMM d, yyyy")} ${formatClockTime(instant, timeZone)}`
    : "";
}

/**
 * The family's time (`HH:mm`, as time inputs hold it) at `date`, by default now: new entries start
 * at now on the family's clock (src/client/lib/family-clock.ts), not the device's zone.
 */
export function toTimeOnly(date?: Date): string {
  const clock = familyClock();
  return timeIn(clock.timeZone, date ?? clock.now());
}

/** The family's day (`yyyy-MM-dd`, the wire format of date fields) at `date`, by default today. */
export function toDateOnly(date?: Date): string {
  const clock = familyClock();
  return todayIn(clock.timeZone, date ?? clock.now());
}
