import { formatTimeOfDay, type TimeFormat } from "./time-format";
/**
 * A medication's schedule and the doses given by it: when the next dose is due, which scheduled
 * doses were missed, and whether a dose now would come inside the interval after the last one
 * (the app then asks first, naming who gave it: two caregivers must not give the same dose twice).
 *
 * A schedule is one of: times of day ("08:00", "20:00"), every N hours, or as needed (with an
 * optional least gap of N hours between doses). The spec's free-text frequency stays beside it.
 */

import { familyClock, instantOf, todayIn } from "./clock";
import { addDays } from "./dates";

export const SCHEDULE_KINDS = ["times", "interval", "as-needed"] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];
export const SCHEDULE_LABELS: Record<ScheduleKind, string> = {
  times: "At set times",
  interval: "Every few hours",
  "as-needed": "As needed",
};

export const DOSE_STATUSES = ["given", "skipped"] as const;
export type DoseStatus = (typeof DOSE_STATUSES)[number];
export const DOSE_STATUS_LABELS: Record<DoseStatus, string> = { given: "Given", skipped: "Skipped" };

/** Routes a home medication is commonly given by; the family may type another. */
export const MEDICATION_ROUTES = [
  "By mouth",
  "G-tube",
  "NG tube",
  "IV (central line)",
  "Subcutaneous",
  "Inhaled",
  "Topical",
  "Rectal",
] as const;

export interface Schedule {
  scheduleKind: ScheduleKind | null;
  /** Times of day, "HH:mm", for the "times" kind. */
  scheduleTimes: readonly string[] | null;
  /** Hours between doses ("interval"), or the least gap between doses ("as-needed"). */
  intervalHours: number | null;
}

export interface DoseEvent {
  givenAt: Date;
  status: DoseStatus;
}

const HOUR_MS = 3_600_000;
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A schedule's times of day, sorted and without repeats. */
export function sortedTimes(times: readonly string[] | null): string[] {
  return [...new Set(times ?? [])].sort();
}

/**
 * How long after a dose a second one is "too soon", in hours: the schedule's interval, or for set
 * times the shortest gap between two of them (08:00 and 20:00: 12 hours; one time a day: 24).
 * As needed without a least gap: none (null).
 */
export function doseWindowHours(schedule: Schedule): number | null {
  if (schedule.scheduleKind === "interval" || schedule.scheduleKind === "as-needed") {
    return schedule.intervalHours && schedule.intervalHours > 0 ? schedule.intervalHours : null;
  }
  if (schedule.scheduleKind === "times") {
    const times = sortedTimes(schedule.scheduleTimes).map(minutesOf);
    if (times.length === 0) return null;
    if (times.length === 1) return 24;
    const gaps = times.map((t, i) => (i === 0 ? t + 1440 - times.at(-1)! : t - times[i - 1]!));
    return Math.min(...gaps) / 60;
  }
  return null;
}

/*
 * When a second dose is "too soon". A schedule's dose is on time within a window around its due
 * time; the widths are ISMP's, "Acute Care Guidelines for Timely Administration of Scheduled
 * Medications" (Institute for Safe Medication Practices, 2011; "Acceptable Administration Times for
 * Scheduled Medications"):
 * - time-critical scheduled medications, among them those given more often than every 4 hours:
 *   within 30 minutes before or after the scheduled time;
 * - non-time-critical, given more often than daily but not more often than every 4 hours (twice or
 *   three times daily, every 4, 6 or 8 hours): within 1 hour before or after;
 * - non-time-critical, daily, weekly or monthly: within 2 hours before or after.
 * A window never reaches past a quarter of the gap between two doses (what this app allowed
 * before; for every 1 hour, a quarter is 15 minutes, stricter than ISMP's 30): a stricter window
 * stays the stricter one. A dose earlier than its window is asked about, naming the dose before.
 * As needed, "at least N hours apart" is a least gap, not a due time: any dose inside it is asked about.
 */

/** ISMP's time-critical window (see above), in hours. */
export const TIME_CRITICAL_WINDOW_HOURS = 0.5;
/** ISMP's window for doses more often than daily but not more often than every 4 hours. */
export const MORE_THAN_DAILY_WINDOW_HOURS = 1;
/** ISMP's window for daily, weekly and monthly doses. */
export const DAILY_OR_LESS_WINDOW_HOURS = 2;

/**
 * How early a scheduled dose may come and still be on time (ISMP, above), in hours: by how often
 * the schedule gives it (`everyHours`, its shortest gap), and never more than a quarter of
 * `gapHours`, the gap before the due time it answers.
 */
export function onTimeWindowHours(everyHours: number, gapHours = everyHours): number {
  const ismp =
    everyHours < 4
      ? TIME_CRITICAL_WINDOW_HOURS
      : everyHours < 24
        ? MORE_THAN_DAILY_WINDOW_HOURS
        : DAILY_OR_LESS_WINDOW_HOURS;
  return Math.min(ismp, gapHours / 4);
}

/** The set time nearest to `at` (the one a dose given then was for; a tie goes to the earlier). */
function nearestTime(times: readonly string[], at: Date, timeZone: string): Date | null {
  const around = timesBetween(
    times,
    new Date(at.getTime() - 26 * HOUR_MS),
    new Date(at.getTime() + 26 * HOUR_MS),
    timeZone,
  );
  let best: Date | null = null;
  for (const due of around) {
    if (!best || Math.abs(due.getTime() - at.getTime()) < Math.abs(best.getTime() - at.getTime())) best = due;
  }
  return best;
}

/**
 * Whether a given dose at `later` is too soon after the given dose at `earlier`: as needed, inside
 * the least gap; every N hours, before the window of its due time (N hours after `earlier`); at set
 * times, before the window of the set time after the one `earlier` was for.
 */
export function isTooSoonAfter(schedule: Schedule, earlier: Date, later: Date, timeZone: string): boolean {
  const gap = (later.getTime() - earlier.getTime()) / HOUR_MS;
  if (gap < 0) return false;
  const window = doseWindowHours(schedule);
  if (window === null) return false;
  if (schedule.scheduleKind === "as-needed") return gap < window;
  if (schedule.scheduleKind === "interval") return gap < window - onTimeWindowHours(window);
  const times = sortedTimes(schedule.scheduleTimes);
  const answered = nearestTime(times, earlier, timeZone);
  if (!answered) return false;
  const next = timesBetween(
    times,
    new Date(answered.getTime() + 1),
    new Date(answered.getTime() + 26 * HOUR_MS),
    timeZone,
  )[0];
  if (!next) return false;
  const due = (next.getTime() - answered.getTime()) / HOUR_MS;
  return later.getTime() < next.getTime() - onTimeWindowHours(window, due) * HOUR_MS;
}

/**
 * How far apart two given doses can be and one still be too soon after the other (`isTooSoonAfter`),
 * in hours: where to look for one. Null when no dose is ever too soon.
 */
export function tooSoonReachHours(schedule: Schedule): number | null {
  const window = doseWindowHours(schedule);
  if (window === null) return null;
  if (schedule.scheduleKind !== "times") return window;
  // A dose up to half a gap from its set time, then the longest gap to the next set time.
  const times = sortedTimes(schedule.scheduleTimes).map(minutesOf);
  const gaps = times.map((t, i) => (i === 0 ? t + 1440 - times.at(-1)! : t - times[i - 1]!));
  return (Math.max(...gaps) / 60) * 1.5 + 1;
}

/** Whether a dose given at `at` is too soon after `last` (a given dose: a skipped one gave nothing). */
export function isTooSoon(schedule: Schedule, last: DoseEvent | null, at: Date, timeZone: string): boolean {
  if (last?.status !== "given") return false;
  return isTooSoonAfter(schedule, last.givenAt, at, timeZone);
}

/** The scheduled instants of a "times" schedule between `from` and `to` (inclusive), on the family's clock. */
function timesBetween(times: readonly string[], from: Date, to: Date, timeZone: string): Date[] {
  const out: Date[] = [];
  let day = addDays(todayIn(timeZone, from), -1);
  const last = todayIn(timeZone, to);
  while (day <= last) {
    for (const time of times) {
      const at = instantOf(day, time, timeZone);
      if (at >= from && at <= to) out.push(at);
    }
    day = addDays(day, 1);
  }
  return out;
}

/**
 * When the next dose is due after `last` (or, with no dose yet, from `since`), on the family's
 * clock: the next set time after the last dose, or the last dose plus the interval. As needed: never.
 */
export function nextDueAt(
  schedule: Schedule,
  last: DoseEvent | null,
  since: Date,
  now: Date,
  timeZone: string,
): Date | null {
  if (schedule.scheduleKind === "interval" && schedule.intervalHours) {
    return last ? new Date(last.givenAt.getTime() + schedule.intervalHours * HOUR_MS) : since;
  }
  if (schedule.scheduleKind === "times") {
    const times = sortedTimes(schedule.scheduleTimes);
    if (times.length === 0) return null;
    // The first set time after the last dose, but a dose given a little early (within a quarter
    // of the gap) counts for the time it was given for.
    const window = doseWindowHours(schedule) ?? 24;
    const from = last ? new Date(last.givenAt.getTime() + window * 0.25 * HOUR_MS) : since;
    const horizon = new Date(Math.max(now.getTime(), from.getTime()) + 2 * 24 * HOUR_MS);
    return timesBetween(times, from, horizon, timeZone)[0] ?? null;
  }
  return null;
}

/**
 * The scheduled doses that came due and passed with nothing recorded for them, from `since` until
 * `now`, newest first (at most `limit`). A due time is answered by a dose, given or skipped, within
 * half the gap of it, and counts as missed once that half has passed. Every N hours counts from
 * the latest dose (or from `since`): the doses it missed since then.
 */
export function missedDoses(
  schedule: Schedule,
  doses: readonly DoseEvent[],
  since: Date,
  now: Date,
  timeZone: string,
  limit = 10,
): Date[] {
  const window = doseWindowHours(schedule);
  if (window === null || schedule.scheduleKind === "as-needed") return [];
  const slack = window * 0.5 * HOUR_MS;
  const missed: Date[] = [];
  if (schedule.scheduleKind === "interval") {
    const latest = doses.reduce<Date | null>(
      (found, d) => (!found || d.givenAt > found ? d.givenAt : found),
      null,
    );
    const anchor = latest && latest > since ? latest : since;
    for (let k = 1; missed.length < 1000; k++) {
      const due = new Date(anchor.getTime() + k * window * HOUR_MS);
      if (due.getTime() + slack > now.getTime()) break;
      missed.push(due);
    }
  } else {
    for (const due of timesBetween(sortedTimes(schedule.scheduleTimes), since, now, timeZone)) {
      if (due.getTime() + slack > now.getTime()) continue;
      if (!doses.some((d) => Math.abs(d.givenAt.getTime() - due.getTime()) <= slack)) missed.push(due);
    }
  }
  return missed.reverse().slice(0, limit);
}

/** A schedule in words, for a card and the care summary: "08:00, 20:00", "Every 6 hours", "As needed". */
export function scheduleInWords(
  schedule: Schedule,
  /** How the family writes times (time-format.ts): "08:00, 20:00" or "8:00 AM, 8:00 PM". */
  timeFormat: TimeFormat = familyClock().timeFormat ?? "24h",
): string | null {
  switch (schedule.scheduleKind) {
    case "times":
      return (
        sortedTimes(schedule.scheduleTimes)
          .map((time) => formatTimeOfDay(time, timeFormat))
          .join(", ") || null
      );
    case "interval":
      return schedule.intervalHours ? `Every ${schedule.intervalHours} hours` : null;
    case "as-needed":
      return schedule.intervalHours
        ? `As needed, at least ${schedule.intervalHours} hours apart`
        : "As needed";
    default:
      return null;
  }
}
