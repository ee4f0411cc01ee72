/*
 * The kinds of care task, one entry each: everything the app says or decides about a kind that is
 * not the rule deriving its due time (that is its source's, in src/server/modules/tasks/sources/).
 * No imports: the header's bell, the notification settings and the service worker read this
 * without loading the tasks' rules (src/domain/tasks.ts), zod or rrule.
 */

/**
 * Who is told, when, about a task that came due (the escalation engine reads it): the first
 * caregiver at the due time, again every `repeatMinutes` until it is done, the next caregiver too
 * after `nextAfterMinutes`, everyone after `everyoneAfterMinutes`. The defaults follow Medisafe's
 * Medfriend (a second person told an hour after a missed dose) and Nightscout's repeating alarms,
 * each changeable per family task.
 */
export interface EscalationPolicy {
  repeatMinutes: number;
  nextAfterMinutes: number;
  everyoneAfterMinutes: number;
}

export const DEFAULT_ESCALATION: EscalationPolicy = {
  repeatMinutes: 15,
  nextAfterMinutes: 30,
  everyoneAfterMinutes: 60,
};

/**
 * What is done on a day (labs, a weight, an order, an expiry) is not chased every 15 minutes: it is
 * reminded once a day (at its 09:00), the next caregiver is told after a day and everyone after
 * three. Not a clinical figure; the family changes it per kind.
 */
export const DAY_ESCALATION: EscalationPolicy = {
  repeatMinutes: 24 * 60,
  nextAfterMinutes: 24 * 60,
  everyoneAfterMinutes: 3 * 24 * 60,
};

/** One kind of care task. */
export interface TaskKindEntry {
  /** Its name in Settings (the reminders' ladder) and in an event's summary. */
  label: string;
  /** Its row in the notification settings (a person's channels per kind). */
  channelsLabel: string;
  /**
   * The file under src/server/modules/tasks/sources/ that derives it (its name there); the
   * server's list of sources is typed by these names, so a new one without its file fails tsc.
   */
  source: string;
  /** Whether its id carries a part after the subject (`line-care:<lineId>:<care>`). */
  idHasPart?: boolean;
  /**
   * How long after its due time a task is still "due" before it is "overdue". An hour for what is
   * done at a time of day (a dose, a dressing, the family's own tasks); half an hour for the PN
   * bag, which must warm before the infusion starts; a day for what is done on a day (labs,
   * weighing, an order, an expiry).
   */
  graceMinutes: number;
  /** Its reminders' ladder until the family changes it. */
  ladder: EscalationPolicy;
  /**
   * Told to every caregiver at once, marked urgent, whatever the ladder says: a fever with a
   * central line in place (a line infection until proven otherwise: the fever card) and the PN
   * infusion not started by its latest start time (the child's glucose and fluids depend on it).
   */
  urgent: boolean;
  /** What Done is: one tap that logs it, or a form (a weight needs its value). */
  doneBy: "tap" | "form";
  /** The words of its Done button. */
  doneLabel: string;
  /**
   * How Done is kept: a record of its own (a line-care event, a dose, a lab test, a weight), or a
   * task event (care_task_events) answering the due time, for what nothing else records; `subject`
   * is the event's column naming what it is about.
   */
  recordedAs: { event: "childId" | "supplyId" | "careTaskId" } | "record";
  /** What the app says once Done is saved. */
  doneSays: string;
  /** The lists a Done changes besides the tasks' and the dashboard's (the client's query keys). */
  doneChanges: readonly (readonly string[])[];
  /** The task's title, from its source's words. */
  title: (words: never) => string;
  /** The line under the title, from its source's words. */
  detail: (words: never) => string | null;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A yyyy-MM-dd date as a task says it: "Mon Jan 5". */
export const shortDate = (date: string) => {
  const day = new Date(`${date}T12:00:00Z`);
  return `${WEEKDAYS[day.getUTCDay()]} ${MONTHS[day.getUTCMonth()]} ${day.getUTCDate()}`;
};

export const capitalized = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/** "every day", "every 3 days", "every 8 hours". */
export const everyWords = (hours: number) =>
  hours % 24 === 0
    ? `every ${hours / 24 === 1 ? "day" : `${hours / 24} days`}`
    : `every ${hours === 1 ? "hour" : `${hours} hours`}`;

const plural = (n: number, one: string, many: string) => (n === 1 ? one : `${n} ${many}`);

/**
 * Every kind, in the order Settings lists them. Adding a kind: an entry here and its source file
 * (src/server/modules/tasks/sources/, named by `source`); a new source also takes its line in
 * that folder's index.ts (tsc asks for it).
 */
export const TASK_KIND_TABLE = {
  "line-care": {
    label: "Line care",
    channelsLabel: "Line care",
    source: "line-care",
    idHasPart: true,
    graceMinutes: 60,
    ladder: DEFAULT_ESCALATION,
    urgent: false,
    doneBy: "tap",
    doneLabel: "Done",
    recordedAs: "record",
    doneSays: "Logged on the line's care.",
    doneChanges: [["picc-lines"], ["line-care"]],
    title: (w: { care: string }) => w.care,
    detail: (w: { dressing: string | null; intervalHours: number; lineOf: string | null; logged: boolean }) =>
      `${capitalized(`${w.dressing ? `${w.dressing}, ` : ""}${everyWords(w.intervalHours)}`)}${w.lineOf ? ` · line of ${shortDate(w.lineOf)}` : ""}${w.logged ? "" : " · never logged"}`,
  },
  dose: {
    label: "Dose",
    channelsLabel: "Doses",
    source: "doses",
    graceMinutes: 60,
    ladder: DEFAULT_ESCALATION,
    urgent: false,
    doneBy: "tap",
    doneLabel: "Given",
    recordedAs: "record",
    doneSays: "The dose is logged on Medications.",
    doneChanges: [["medications"], ["medication-doses"]],
    title: (w: { name: string; dosage: string }) => `${w.name} ${w.dosage}`.trim(),
    detail: (w: { route: string | null; schedule: string | null }) =>
      [w.route, w.schedule].filter(Boolean).join(" · ") || null,
  },
  "fridge-out": {
    label: "PN bag out of the fridge",
    channelsLabel: "PN bag out of the fridge",
    source: "fridge",
    graceMinutes: 30,
    ladder: DEFAULT_ESCALATION,
    urgent: false,
    doneBy: "tap",
    doneLabel: "Taken out",
    recordedAs: { event: "childId" },
    doneSays: "Logged.",
    doneChanges: [],
    title: () => "PN bag out of the fridge",
    detail: (w: { hours: number; start: string }) =>
      `${w.hours} hour${w.hours === 1 ? "" : "s"} before the ${w.start} start`,
  },
  "supply-reorder": {
    label: "Reorder",
    channelsLabel: "Reorders",
    source: "supplies",
    graceMinutes: 24 * 60,
    ladder: DAY_ESCALATION,
    urgent: false,
    doneBy: "tap",
    doneLabel: "Ordered",
    recordedAs: { event: "supplyId" },
    doneSays: "Marked as ordered until the delivery arrives.",
    doneChanges: [],
    title: (w: { name: string }) => `Reorder ${w.name}`,
    detail: (w: { stock: number; unit: string; runOut: string | null; delivery: string | null }) =>
      [
        `${w.stock} ${w.unit} left`,
        w.runOut ? `runs out around ${shortDate(w.runOut)}` : null,
        w.delivery ? `next delivery ${shortDate(w.delivery)}` : null,
      ]
        .filter(Boolean)
        .join(" · "),
  },
  "supply-expiry": {
    label: "Expiry",
    channelsLabel: "Expiries",
    source: "supplies",
    graceMinutes: 24 * 60,
    ladder: DAY_ESCALATION,
    urgent: false,
    doneBy: "tap",
    doneLabel: "Checked",
    recordedAs: { event: "supplyId" },
    doneSays: "Marked as checked.",
    doneChanges: [],
    title: (w: { name: string; expiry: string; expired: boolean }) =>
      `${w.name} ${w.expired ? "expired" : "expires"} ${shortDate(w.expiry)}`,
    detail: (w: { stock: number; unit: string }) =>
      `${w.stock} ${w.unit} in stock: use these first, or set them aside`,
  },
  labs: {
    label: "Labs",
    channelsLabel: "Labs",
    source: "labs",
    graceMinutes: 24 * 60,
    ladder: DAY_ESCALATION,
    urgent: false,
    doneBy: "form",
    doneLabel: "Log labs",
    recordedAs: "record",
    doneSays: "A pending lab test is logged: add the results on Lab Tests.",
    doneChanges: [["lab-tests"]],
    title: () => "Labs",
    detail: (w: { everyWeeks: number; last: { testName: string; date: string } | null }) =>
      `Every ${plural(w.everyWeeks, "week", "weeks")}${w.last ? ` · last ${w.last.testName}, ${shortDate(w.last.date)}` : " · none logged yet"}`,
  },
  "lab-panel": {
    label: "Lab panel",
    channelsLabel: "Lab panels",
    source: "lab-panels",
    graceMinutes: 24 * 60,
    ladder: DAY_ESCALATION,
    urgent: false,
    doneBy: "form",
    doneLabel: "Enter results",
    recordedAs: "record",
    doneSays: "Saved in Lab Results: the panel's next date follows.",
    doneChanges: [["lab-results"], ["lab-panels"]],
    title: (w: { name: string }) => w.name,
    /** The last draw is the row's "Done" (its `lastDone`), not repeated here. */
    detail: (w: { every: string; analytes: string; instructions: string | null }) =>
      [capitalized(w.every), w.analytes, w.instructions].filter(Boolean).join(" · "),
  },
  weigh: {
    label: "Weighing",
    channelsLabel: "Weighing",
    source: "weighing",
    graceMinutes: 24 * 60,
    ladder: DAY_ESCALATION,
    urgent: false,
    doneBy: "form",
    doneLabel: "Log weight",
    recordedAs: "record",
    doneSays: "Saved in Vitals.",
    doneChanges: [["vitals"]],
    title: () => "Weigh",
    detail: (w: { everyDays: number; last: { value: number; date: string } | null }) =>
      `Every ${plural(w.everyDays, "day", "days")}${w.last ? ` · last ${w.last.value} kg, ${shortDate(w.last.date)}` : " · none logged yet"}`,
  },
  "fluid-limits": {
    label: "Output past the team's limits",
    channelsLabel: "Output limits",
    source: "fluid-limits",
    graceMinutes: 24 * 60,
    ladder: DAY_ESCALATION,
    urgent: false,
    doneBy: "tap",
    doneLabel: "Team told",
    recordedAs: { event: "childId" },
    doneSays: "Logged.",
    doneChanges: [],
    title: (w: { date: string }) => `Output past the team's limits on ${shortDate(w.date)}`,
    detail: (w: { crossed: readonly string[] }) => `${w.crossed.join(" · ")}. Tell the team as they asked.`,
  },
  family: {
    label: "Family task",
    channelsLabel: "Family tasks",
    source: "family",
    graceMinutes: 60,
    ladder: DEFAULT_ESCALATION,
    urgent: false,
    doneBy: "tap",
    doneLabel: "Done",
    recordedAs: { event: "careTaskId" },
    doneSays: "Logged.",
    doneChanges: [],
    title: (w: { title: string }) => w.title,
    /** `rule`: the RRULE in words (src/domain/recurrence.ts), else every `intervalHours`. */
    detail: (w: { rule: string | null; intervalHours: number; notes: string | null }) =>
      [w.rule ?? capitalized(everyWords(w.intervalHours)), w.notes].filter(Boolean).join(" · "),
  },
  fever: {
    label: "Fever with a central line",
    channelsLabel: "Fever with a central line",
    source: "fever",
    graceMinutes: 15,
    ladder: DEFAULT_ESCALATION,
    urgent: true,
    doneBy: "tap",
    doneLabel: "Team called",
    recordedAs: { event: "childId" },
    doneSays: "Logged: the fever card stays on Vitals.",
    doneChanges: [],
    title: () => "Fever with a central line: call the team now",
    detail: (w: { temperature: string; time: string | null; by: string | null }) =>
      `${w.temperature}${w.time ? ` at ${w.time}` : ""}, taken by ${w.by ?? "a caregiver"}. Follow the fever card.`,
  },
  "pn-start": {
    label: "PN not started",
    channelsLabel: "PN not started",
    source: "pn-start",
    graceMinutes: 30,
    ladder: DEFAULT_ESCALATION,
    urgent: true,
    doneBy: "tap",
    doneLabel: "Started",
    recordedAs: { event: "childId" },
    doneSays: "Logged.",
    doneChanges: [],
    title: () => "Start the PN infusion",
    detail: (w: { latest: string }) => `Latest start ${w.latest}: not started is urgent`,
  },
} as const satisfies Record<string, TaskKindEntry>;

export type TaskKind = keyof typeof TASK_KIND_TABLE;
/** The sources the kinds name. */
export type TaskSourceName = (typeof TASK_KIND_TABLE)[TaskKind]["source"];
export const TASK_KINDS = Object.keys(TASK_KIND_TABLE) as [TaskKind, ...TaskKind[]];

/** A kind's entry, for what every kind has (its sentence builders are read by their kind's name). */
export const taskKind = (kind: TaskKind): TaskKindEntry & { source: TaskSourceName } => TASK_KIND_TABLE[kind];

/** The kinds whose Done is recorded as a task event: nothing else records them. */
export type EventKind = {
  [K in TaskKind]: (typeof TASK_KIND_TABLE)[K]["recordedAs"] extends "record" ? never : K;
}[TaskKind];
export const EVENT_KINDS = TASK_KINDS.filter((kind) => taskKind(kind).recordedAs !== "record") as [
  EventKind,
  ...EventKind[],
];

/** Each kind's value of one facet: `byKind((k) => k.label)`. */
export const byKind = <T>(facet: (entry: TaskKindEntry) => T): Record<TaskKind, T> =>
  Object.fromEntries(TASK_KINDS.map((kind) => [kind, facet(taskKind(kind))])) as Record<TaskKind, T>;
