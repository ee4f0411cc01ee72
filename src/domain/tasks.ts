/*
 * No zod and no rrule here: the dashboard's tasks card reads the kinds, labels and states
 * without loading either (the schemas are in task-records.ts, recurrence rules in recurrence.ts).
 */
import { instantOf } from "./clock";
import { addDays, dayNumber } from "./dates";

/**
 * Care tasks: what is due for a child, derived from what the family has logged (a line's care,
 * doses, supplies, lab tests, weights, the PN prescription) and from the family's own tasks. A task
 * is never stored with its due time: the due time is read from the records each time, so a
 * backdated log, an edit or a deletion moves it at once.
 */

import {
  byKind,
  DAY_ESCALATION,
  DEFAULT_ESCALATION,
  type EscalationPolicy,
  EVENT_KINDS,
  type EventKind,
  TASK_KIND_TABLE,
  TASK_KINDS,
  type TaskKind,
  taskKind,
} from "./task-kinds";

export {
  DAY_ESCALATION,
  DEFAULT_ESCALATION,
  type EscalationPolicy,
  EVENT_KINDS,
  type EventKind,
  TASK_KIND_TABLE,
  TASK_KINDS,
  type TaskKind,
  taskKind,
};

/* Each facet of the kinds, read from their table (src/domain/task-kinds.ts). */
export const TASK_KIND_LABELS: Record<TaskKind, string> = byKind((k) => k.label);

/** The kinds that go to every caregiver at once, marked urgent, whatever the ladder says. */
export const URGENT_KINDS: readonly TaskKind[] = TASK_KINDS.filter((kind) => taskKind(kind).urgent);

export type TaskState = "ok" | "due" | "overdue";
export const TASK_STATES = ["ok", "due", "overdue"] as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long after its due time a task is still "due" before it is "overdue" (see the table). */
export const GRACE_MINUTES: Record<TaskKind, number> = byKind((k) => k.graceMinutes);

/**
 * A task's state at `now`: "ok" before its due time, "due" from its due time, "overdue" once past
 * it by more than the grace. No due time (a recurrence that has ended): ok.
 */
export function taskState(dueAt: Date | null, now: Date, graceMinutes: number): TaskState {
  if (!dueAt || now < dueAt) return "ok";
  return now.getTime() - dueAt.getTime() > graceMinutes * MINUTE ? "overdue" : "due";
}

/** What one derived kind is done with: one tap that logs it, or a form (a weight needs its value). */
export type DoneBy = "tap" | "form";
export const DONE_BY: Record<TaskKind, DoneBy> = byKind((k) => k.doneBy);

/** The words of a Done button per kind ("Done" when nothing better says it). */
export const DONE_LABELS: Record<TaskKind, string> = byKind((k) => k.doneLabel);

// ---- The family's settings ----

/**
 * The family's settings for derived tasks, each changeable in Settings. Null switches a reminder
 * off (labs, weighing) or leaves it unknown (the delivery day, the usual start time).
 */
export interface TaskSettings {
  /** The weekday supplies are delivered on each week (0 Sunday to 6 Saturday). */
  deliveryWeekday: number | null;
  /** The next delivery's date when it is not weekly (yyyy-MM-dd); it wins over the weekday. */
  nextDeliveryDate: string | null;
  /**
   * Days of use each supply should still hold on delivery day: its reorder point (`reorderPoint` in
   * supplies.ts, where the default's source is cited).
   */
  stockDaysToKeep: number;
  /** Warn this many days before a supply in stock expires. */
  expiryWarningDays: number;
  /** A lab draw every this many weeks. */
  labsEveryWeeks: number | null;
  /** A weight every this many days. */
  weighEveryDays: number | null;
  /** Take the PN bag out of the fridge this many hours before the infusion starts. */
  fridgeOutHours: number;
  /** The usual time the PN infusion starts (HH:mm); without it, the child's last TPN entry's. */
  pnStartTime: string | null;
  /** The latest the PN infusion may start (HH:mm); not started by then tells everyone. Null: off. */
  pnLatestStartTime: string | null;
  /** The reminders' ladder for a kind, where the family changed it from `DEFAULT_ESCALATION`. */
  escalation: Partial<Record<TaskKind, EscalationPolicy>>;
}

/**
 * Days of use a supply should still hold on delivery day, by default. CHOP's home PN teaching:
 * supplies come weekly, and the family keeps 1 to 2 days of PN on hand on delivery day
 * (https://chopib.staywellsolutionsonline.com/Library/Encyclopedia/22,32042; research notes 1.7).
 * The default takes the 2 days, so a delivery a day late still finds the child's night covered; the
 * family changes it in Settings.
 */
export const DEFAULT_STOCK_DAYS_TO_KEEP = 2;
export const STOCK_DAYS_TO_KEEP_SOURCE = {
  name: "CHOP: Parenteral nutrition at home (weekly deliveries, keep 1 to 2 days on delivery day)",
  url: "https://chopib.staywellsolutionsonline.com/Library/Encyclopedia/22,32042",
} as const;
/**
 * The defaults and where they come from (see /docs and the research notes):
 * - labs every 4 weeks: home monitoring of children on PN draws electrolytes, minerals, glucose,
 *   liver tests and a blood count "weekly to monthly" once stable (UpToDate's home PN monitoring
 *   table); Harvard's home PN programme monitors labs every 1 to 3 months. Monthly sits in both.
 * - weighing every 7 days: the same table weighs "daily to monthly" at home (the Oley Foundation
 *   asks adults on home PN to weigh daily); weekly is the children's programmes' common middle.
 * - PN bag out of the fridge 2 hours before: pharmacies differ: St Jude at least 1 hour, Coram 2 to
 *   3 hours, CHOP 4 to 6 hours. Two hours meets the first two; use your pharmacy's.
 * - a supply's expiry 30 days ahead: not a clinical figure; a month leaves time to use the oldest
 *   first (CHOP: use the oldest expiry first) and to order more.
 */
export const DEFAULT_TASK_SETTINGS: TaskSettings = {
  deliveryWeekday: null,
  nextDeliveryDate: null,
  stockDaysToKeep: DEFAULT_STOCK_DAYS_TO_KEEP,
  expiryWarningDays: 30,
  labsEveryWeeks: 4,
  weighEveryDays: 7,
  fridgeOutHours: 2,
  pnStartTime: null,
  pnLatestStartTime: null,
  escalation: {},
};

/** Each kind's ladder until the family changes it: the day kinds' gentler one, else the default. */
export const DEFAULT_ESCALATION_BY_KIND: Record<TaskKind, EscalationPolicy> = byKind((k) => k.ladder);

/** The ladder a kind of task escalates by: the family's, or the kind's default. */
export const escalationOf = (settings: Pick<TaskSettings, "escalation">, kind: TaskKind): EscalationPolicy =>
  settings.escalation[kind] ?? DEFAULT_ESCALATION_BY_KIND[kind];

/** The sources a family can open beside the defaults. */
export const TASK_SETTING_SOURCES = {
  fridgeOut: [
    {
      name: "St Jude: TPN steps for home use (at least 1 hour)",
      url: "https://www.stjude.org/treatment/patient-resources/caregiver-resources/patient-family-education-sheets/total-parenteral-nutrition/tpn-steps-for-home-use-cycled-cadd-pump.html",
    },
    {
      name: "Coram: Total parenteral nutrition therapy at home (2 to 3 hours)",
      url: "https://paperzz.com/doc/8661112/total-parenteral-nutrition-therapy-at-home",
    },
    {
      name: "CHOP: Parenteral nutrition at home (4 to 6 hours)",
      url: "https://chopib.staywellsolutionsonline.com/Library/Encyclopedia/22,32042",
    },
  ],
  monitoring: [
    {
      name: "UpToDate: monitoring of home parenteral nutrition (table)",
      url: "https://mail.medilib.ir/uptodate/show/90423",
    },
    {
      name: "Harvard home PN programme: quality improvement",
      url: "https://hpn.hms.harvard.edu/quality-improvement",
    },
    {
      name: "Oley Foundation: self-monitoring for home PN consumers",
      url: "http://oley.org/page/SelfMonitoringHPN/Newsletters-Self-Monitoring-for-HPN-Consumers.htm",
    },
  ],
} as const;

export const WEEKDAY_LABELS = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

/** The weekday (0 Sunday) of a yyyy-MM-dd date. */
export const weekdayOf = (date: string) => (((dayNumber(date) + 4) % 7) + 7) % 7;

/**
 * The next delivery on or after `today`: the date set for it while it has not passed, else the
 * next day of the weekly delivery; null when the family has set neither.
 */
export function nextDeliveryDate(
  settings: Pick<TaskSettings, "deliveryWeekday" | "nextDeliveryDate">,
  today: string,
): string | null {
  if (settings.nextDeliveryDate && settings.nextDeliveryDate >= today) return settings.nextDeliveryDate;
  if (settings.deliveryWeekday === null) return null;
  return addDays(today, (settings.deliveryWeekday - weekdayOf(today) + 7) % 7);
}

/** The time of day a task that falls on a day (labs, weighing, an order) is due at. */
export const DAY_TASK_TIME = "09:00";
/** An order is due by noon the day before its delivery: pharmacies confirm the day before. */
export const ORDER_BY_TIME = "12:00";
/** An order placed covers a supply until a delivery of it is received, or for at most a week. */
export const ORDER_COVERS_DAYS = 7;

/** The instant a day task falls due: `date` at `time` (09:00 by default) on the family's clock. */
export const dayTaskAt = (date: string, timeZone: string, time = DAY_TASK_TIME) =>
  instantOf(date, time, timeZone);

// ---- Recurring tasks ----

/** A recurrence as the derivation reads it: its occurrences before and after an instant. */
export interface Occurrences {
  /** The last occurrence at or before `at`, or null. */
  atOrBefore(at: Date): Date | null;
  /** The first occurrence after `at`, or null (the recurrence has ended). */
  after(at: Date): Date | null;
}

/**
 * The occurrence a recurring task is on at `now`, given the last occurrence a Done answered:
 * the latest one that has come (it stays until done, or until half the way to the next one, so a
 * missed occurrence does not pile up behind the next), else the next one after both now and the
 * last answered (Done a little early answers the coming occurrence). Null: the recurrence ended.
 */
export function currentOccurrence(
  occurrences: Occurrences,
  lastAnswered: Date | null,
  now: Date,
): Date | null {
  const came = occurrences.atOrBefore(now);
  const coming = occurrences.after(now);
  const answered = (at: Date) => lastAnswered !== null && at <= lastAnswered;
  if (came && !answered(came)) {
    const stale = coming && now.getTime() - came.getTime() >= (coming.getTime() - came.getTime()) / 2;
    if (!stale) return came;
  }
  const from = lastAnswered && lastAnswered > now ? lastAnswered : now;
  return occurrences.after(from);
}

/** Every `intervalMs` from `startAt`. */
export function everyInterval(startAt: Date, intervalMs: number): Occurrences {
  const start = startAt.getTime();
  return {
    atOrBefore(at) {
      if (at.getTime() < start) return null;
      return new Date(start + Math.floor((at.getTime() - start) / intervalMs) * intervalMs);
    },
    after(at) {
      if (at.getTime() < start) return new Date(start);
      return new Date(start + (Math.floor((at.getTime() - start) / intervalMs) + 1) * intervalMs);
    },
  };
}

/**
 * Once a day at a time of day on the family's clock, less `beforeMs` (the PN bag, hours before
 * the infusion's start), from the day `fromDate` on.
 */
export function dailyAt(time: string, beforeMs: number, fromDate: string, timeZone: string): Occurrences {
  const on = (day: string) => new Date(instantOf(day, time, timeZone).getTime() - beforeMs);
  const first = on(fromDate);
  // The day whose occurrence is the last at or before `at`: a day either side of `at`'s own date.
  const around = (at: Date) => {
    const day = new Date(at.getTime() + beforeMs).toISOString().slice(0, 10);
    return [addDays(day, -2), addDays(day, -1), day, addDays(day, 1), addDays(day, 2)].map(on);
  };
  return {
    atOrBefore(at) {
      if (at < first) return null;
      return (
        around(at)
          .filter((o) => o <= at && o >= first)
          .at(-1) ?? null
      );
    },
    after(at) {
      if (at < first) return first;
      return around(at).find((o) => o > at) ?? null;
    },
  };
}

// ---- Task ids ----

/**
 * A task's id, stable while the task is the same: `line-care:<lineId>:<kind>`, `dose:<medicationId>`,
 * `fridge-out:<childId>`, `supply-reorder:<supplyId>`, `supply-expiry:<supplyId>`, `labs:<childId>`, `lab-panel:<panelId>`,
 * `weigh:<childId>`, `family:<taskId>`, `fever:<childId>`, `pn-start:<childId>`.
 */
export function parseTaskId(id: string): { kind: TaskKind; subjectId: string; part?: string } | null {
  const [kind, subjectId, part, ...rest] = id.split(":");
  if (!kind || !subjectId || rest.length > 0) return null;
  if (!(TASK_KINDS as readonly string[]).includes(kind)) return null;
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(subjectId)) return null;
  if (Boolean(taskKind(kind as TaskKind).idHasPart) !== (part !== undefined)) return null;
  return { kind: kind as TaskKind, subjectId, ...(part !== undefined ? { part } : {}) };
}

// ---- Grouping on a screen ----

export type TaskGroup = "overdue" | "due" | "today" | "later";
export const TASK_GROUP_LABELS: Record<TaskGroup, string> = {
  overdue: "Overdue",
  due: "Due now",
  today: "Due later today",
  later: "Later",
};

/** Where a task is listed: by its state, and the ones still ok by whether they fall due today. */
export function taskGroup(task: { state: TaskState; dueAt: string | null }, endOfToday: Date): TaskGroup {
  if (task.state === "overdue") return "overdue";
  if (task.state === "due") return "due";
  return task.dueAt && new Date(task.dueAt) <= endOfToday ? "today" : "later";
}

export { DAY, HOUR, MINUTE };
