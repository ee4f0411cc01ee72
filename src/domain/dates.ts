import { format } from "date-fns";

/**
 * Calendar arithmetic on date-only values (`yyyy-MM-dd`), free of time zones: a day is a day
 * wherever the server or the phone is.
 */

const MS_PER_DAY = 24 * 60 * 60 * 1000;

/** Days since 1970-01-01 of a `yyyy-MM-dd` date. */
export function dayNumber(date: string): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return Math.round(Date.UTC(y, m - 1, d) / MS_PER_DAY);
}

/** The `yyyy-MM-dd` date of a day number. */
export function fromDayNumber(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

export function addDays(date: string, days: number): string {
  return fromDayNumber(dayNumber(date) + days);
}

/** Today in the local calendar of this machine (the phone, or the server). */
export function today(now: Date = new Date()): string {
  return format(now, "yyyy-MM-dd");
}

/** The earliest date any record may carry: an earlier one is a slip of the keyboard (0219 for 2019). */
export const EARLIEST_DATE = "1900-01-01";

/**
 * How many days after today a record of something that happened may be dated. One: the phone and
 * the server may be on different sides of midnight, and an entry made just after midnight on the
 * phone must not be refused by a server still on yesterday.
 */
export const FUTURE_GRACE_DAYS = 1;

/** Whether `date` (yyyy-MM-dd) is later than today, read at the call in this machine's calendar. */
export function isAfterToday(date: string, now: Date = new Date()): boolean {
  return dayNumber(date) > dayNumber(today(now));
}

/** Whether `date` is more than `FUTURE_GRACE_DAYS` after today: too late for a past-facing record. */
export function isBeyondGrace(date: string, now: Date = new Date()): boolean {
  return dayNumber(date) > dayNumber(today(now)) + FUTURE_GRACE_DAYS;
}
