import { familyClock, todayIn } from "./clock";

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

/**
 * Today for the family (`familyClock()` in `clock.ts`): in the account's time zone, at `now` (by
 * default the family clock's now), whatever zone the phone or the server is in.
 */
export function today(now?: Date): string {
  const clock = familyClock();
  return todayIn(clock.timeZone, now ?? clock.now());
}

/** The earliest date any record may carry: an earlier one is a slip of the keyboard (0219 for 2019). */
export const EARLIEST_DATE = "1900-01-01";

/** Whether `date` (yyyy-MM-dd) is later than the family's today, read at the call. */
export function isAfterToday(date: string, now?: Date): boolean {
  return dayNumber(date) > dayNumber(today(now));
}
