import { format } from "date-fns";
import { todayIn, zonedNow } from "@/domain/clock";
import type { CareStatusItem } from "@/domain/line-care-records";
import { formatTime } from "./format";

/*
 * How long since each scheduled line care, in words, from the server's care status
 * (`GET /api/picc-lines/:id/care-status`) and the time now. Nothing here loads the domain's
 * schemas: the dashboard's line-care card reads it.
 */

export type ScheduledCare = CareStatusItem["kind"];

export const CARE_NAMES: Record<ScheduledCare, string> = {
  dressing: "Dressing",
  connector: "Connector",
  tubing: "Tubing",
  lock: "Lock",
};

/**
 * ok: not due soon; due: within its warning (a day, or a short interval's second half), or never
 * logged; overdue: past due; none: no schedule.
 */
export type PillTone = "ok" | "due" | "overdue" | "none";

export interface CarePill {
  kind: ScheduledCare;
  /** "Dressing" */
  label: string;
  /** "6 days ago, due tomorrow 09:00", "overdue by 5 hours", "not logged yet" */
  text: string;
  tone: PillTone;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/**
 * "Due" starts this long before the due time: a day, or the second half of a shorter interval, as
 * `dueSoonHours` in src/domain/line-care.ts (not imported: it would load the schemas).
 */
const dueSoon = (intervalHours: number | null) =>
  (intervalHours === null ? 24 : Math.min(24, intervalHours / 2)) * HOUR;
/** Closer than this, a due time is said as a count of hours ("due in 3 hours"), else as a day and time. */
const SAY_HOURS_UNTIL = 12 * HOUR;

const counted = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/** A length of time as a person says it: minutes within the hour, hours within two days, then days. */
export function spanText(ms: number): string {
  const span = Math.max(ms, 0);
  if (span < HOUR) return counted(Math.max(1, Math.floor(span / MINUTE)), "minute");
  if (span < 48 * HOUR) return counted(Math.floor(span / HOUR), "hour");
  return counted(Math.floor(span / (24 * HOUR)), "day");
}

/** "just now", "40 minutes ago", "6 days ago". */
export function agoText(at: Date, now: Date): string {
  const ago = now.getTime() - at.getTime();
  return ago < MINUTE ? "just now" : `${spanText(ago)} ago`;
}

const dayIndex = (date: string) => {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return Math.round(Date.UTC(y, m - 1, d) / (24 * HOUR));
};

/**
 * When something is due, on the family's clock: "overdue by 2 days", "due in 3 hours", "due today
 * 21:00", "due tomorrow 09:00", "due Thu 09:00" within the week, else "due Dec 3".
 */
export function dueText(dueAt: Date, now: Date, timeZone: string): string {
  const left = dueAt.getTime() - now.getTime();
  if (left < 0) return `overdue by ${spanText(-left)}`;
  if (left < SAY_HOURS_UNTIL) return `due in ${spanText(left)}`;
  const days = dayIndex(todayIn(timeZone, dueAt)) - dayIndex(todayIn(timeZone, now));
  const zoned = zonedNow(timeZone, dueAt);
  const time = formatTime(format(zoned, "HH:mm"));
  if (days === 0) return `due today ${time}`;
  if (days === 1) return `due tomorrow ${time}`;
  if (days < 7) return `due ${format(zoned, "EEE")} ${time}`;
  return `due ${format(zoned, "MMM d")}`;
}

/** Where a due time stands at `now` (as `careState` in src/domain/line-care.ts, read again as time passes). */
function toneAt(dueAt: Date, now: Date, intervalHours: number | null): PillTone {
  const left = dueAt.getTime() - now.getTime();
  if (left < 0) return "overdue";
  return left <= dueSoon(intervalHours) ? "due" : "ok";
}

/**
 * One scheduled care as a pill: the time since it was last done against its interval, in words,
 * and its tone. Never logged reads "not logged yet" (due, or without tone when no interval is
 * set, as a lock nobody prescribed).
 */
export function carePill(status: CareStatusItem, now: Date, timeZone: string): CarePill {
  const base = { kind: status.kind, label: CARE_NAMES[status.kind] };
  if (!status.lastAt) {
    return { ...base, text: "not logged yet", tone: status.intervalHours === null ? "none" : "due" };
  }
  const ago = agoText(new Date(status.lastAt), now);
  if (!status.dueAt) return { ...base, text: ago, tone: "none" };
  const dueAt = new Date(status.dueAt);
  const tone = toneAt(dueAt, now, status.intervalHours);
  const due = dueText(dueAt, now, timeZone);
  return { ...base, text: tone === "overdue" ? due : `${ago}, ${due}`, tone };
}

/** "Dressing: overdue by 1 day": the pill as one sentence. */
export const pillSentence = (pill: CarePill) => `${pill.label}: ${pill.text}`;

/** "every 7 days", "every 24 hours": an interval as the pills' details say it. */
export function intervalText(hours: number | null): string {
  if (hours === null) return "no schedule set";
  if (hours >= 48 && hours % 24 === 0) return `every ${hours / 24} days`;
  return `every ${counted(hours, "hour")}`;
}

/**
 * An interval field's placeholder, the default it stands for when left empty: "168 (7 days)",
 * "24 (1 day)", "None set" for a care with no default (a lock).
 */
export function intervalPlaceholder(defaultHours: number | null): string {
  if (defaultHours === null) return "None set";
  if (defaultHours % 24 !== 0) return String(defaultHours);
  return `${defaultHours} (${counted(defaultHours / 24, "day")})`;
}
