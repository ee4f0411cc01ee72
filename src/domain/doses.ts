/**
 * A medication's schedule and the doses given by it: when the next dose is due, which scheduled
 * doses were missed, and whether a dose now would come inside the interval after the last one
 * (the app then asks first, naming who gave it: two caregivers must not give the same dose twice).
 *
 * A schedule is one of: times of day ("08:00", "20:00"), every N hours, or as needed (with an
 * optional least gap of N hours between doses). The spec's free-text frequency stays beside it.
 */

import { instantOf, todayIn } from "./clock";
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

/**
 * Whether a dose given at `at` comes inside the window after `last` (a given dose: a skipped one
 * gave nothing). The window is shortened by a quarter so a dose a little early is not questioned.
 */
export function isTooSoon(schedule: Schedule, last: DoseEvent | null, at: Date): boolean {
  if (last?.status !== "given") return false;
  const window = doseWindowHours(schedule);
  if (window === null) return false;
  const gap = (at.getTime() - last.givenAt.getTime()) / HOUR_MS;
  return gap >= 0 && gap < window * 0.75;
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
export function scheduleInWords(schedule: Schedule): string | null {
  switch (schedule.scheduleKind) {
    case "times":
      return sortedTimes(schedule.scheduleTimes).join(", ") || null;
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
