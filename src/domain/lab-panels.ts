import { z } from "zod";
import { instantOf } from "./clock";
import { addDays, dayNumber } from "./dates";
import { hasNul, isoDate, NUL_MESSAGE, oneOf, optionalText, requiredId, requiredText } from "./fields";
import { ANALYTE_KEYS, type AnalyteKey, analyteOf } from "./lab-analytes";
import type { AnalyteResult } from "./lab-results";
import { dateOnly, nullableText, recordBase, type Wire } from "./records";

/**
 * A child's lab schedule: the panels the team draws (a name, its analytes, every N weeks or
 * months, how to draw it), each due on the family's clock from its first due date, and answered
 * by a lab result that holds every one of its analytes (research/hpn-and-peers.md §1.6).
 */

export const PANEL_UNITS = ["weeks", "months"] as const;
export type PanelUnit = (typeof PANEL_UNITS)[number];
export const PANEL_UNIT_LABELS: Record<PanelUnit, string> = { weeks: "Weeks", months: "Months" };

/** A panel's interval is at most this many weeks or months (a yearly panel is 12 months). */
export const MAX_EVERY = 52;
/** At most this many analytes in a panel (as in one result). */
export const MAX_PANEL_ANALYTES = 60;

/** One analyte of a panel: the catalogue's key (lab-analytes.ts), or a name the catalogue lacks. */
export const panelAnalyte = z.object({
  analyte: z.enum(ANALYTE_KEYS).nullable(),
  name: z.string().nullable(),
});
export type PanelAnalyte = z.output<typeof panelAnalyte>;

const panelAnalyteInput = z
  .object({
    analyte: z
      .preprocess((v) => (v === "" ? null : v), oneOf("Analyte", ANALYTE_KEYS).nullable())
      .optional()
      .transform((v) => v ?? null),
    name: z
      .union([z.string(), z.null()])
      .optional()
      .transform((v, ctx) => {
        const text = v?.trim() ?? "";
        if (hasNul(text)) {
          ctx.addIssue({ code: "custom", message: NUL_MESSAGE });
          return z.NEVER;
        }
        if (text.length > 100) {
          ctx.addIssue({ code: "custom", message: "Must be at most 100 characters" });
          return z.NEVER;
        }
        return text || null;
      }),
  })
  .transform((a, ctx): PanelAnalyte => {
    if (!a.analyte && !a.name) {
      ctx.addIssue({
        code: "custom",
        path: ["name"],
        message: "Choose an analyte from the list or type its name",
      });
    }
    return a.analyte ? { analyte: a.analyte as AnalyteKey, name: null } : { analyte: null, name: a.name };
  });

/** A whole number from 1 to `MAX_EVERY`, sent as a number or digits. */
const every = z
  .union([z.number(), z.string().trim(), z.null()], { error: "Every is required" })
  .transform((v, ctx) => {
    if (v === null || v === "") {
      ctx.addIssue({ code: "custom", message: "Every is required" });
      return z.NEVER;
    }
    const n = typeof v === "number" ? v : /^\d{1,4}$/.test(v) ? Number(v) : Number.NaN;
    if (!Number.isInteger(n) || n < 1 || n > MAX_EVERY) {
      ctx.addIssue({ code: "custom", message: `Every must be a whole number from 1 to ${MAX_EVERY}` });
      return z.NEVER;
    }
    return n;
  });

export const labPanelInput = z.object({
  childId: requiredId("Child", "Child is required"),
  name: requiredText("Name", 200),
  analytes: z
    .array(panelAnalyteInput, { error: "Analytes must be a list" })
    .min(1, "Add at least one analyte")
    .max(MAX_PANEL_ANALYTES, `At most ${MAX_PANEL_ANALYTES} analytes in one panel`),
  every,
  unit: oneOf("Unit", PANEL_UNITS),
  firstDue: isoDate("First due"),
  /** How to draw it: "before the PN starts, from a peripheral vein, fasting". */
  instructions: optionalText(1000),
  /** Where a suggested panel's interval comes from (its named source); null for the team's own. */
  source: optionalText(300),
  active: z.boolean({ error: "Active must be true or false" }).optional().default(true),
});
export type LabPanelInput = z.input<typeof labPanelInput>;

export const labPanelRecord = z.object({
  ...recordBase,
  childId: z.uuid(),
  name: z.string(),
  analytes: z.array(panelAnalyte),
  every: z.number().int(),
  unit: z.enum(PANEL_UNITS),
  firstDue: dateOnly,
  instructions: nullableText,
  source: nullableText,
  active: z.boolean(),
  /** The date of the latest result that covered it (every analyte), or null: never drawn. */
  lastDrawn: z.string().nullable(),
  /** Its next due date (`nextDueDate`), on the family's calendar. */
  nextDue: dateOnly,
});
export type LabPanel = Wire<typeof labPanelRecord>;

// ---- Words ----

/** "Sodium", "TSH": a panel analyte as a person reads it. */
export const panelAnalyteLabel = (a: PanelAnalyte) => analyteOf(a.analyte)?.label ?? a.name ?? "";

/** "every month", "every 2 weeks". */
export function everyText(panel: { every: number; unit: PanelUnit }): string {
  const one = panel.unit === "weeks" ? "week" : "month";
  return panel.every === 1 ? `every ${one}` : `every ${panel.every} ${panel.unit}`;
}

// ---- Which results cover a panel ----

const normal = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * Whether a result's analyte is the panel's: the same catalogue key, or the same name (case and
 * spaces aside), a typed name also matching a catalogued analyte's label ("sodium" is Sodium).
 */
export function sameAnalyte(panel: PanelAnalyte, result: Pick<AnalyteResult, "analyte" | "name">): boolean {
  if (panel.analyte && result.analyte) return panel.analyte === result.analyte;
  const a = panel.analyte ? analyteOf(panel.analyte)?.label : panel.name;
  const b = result.analyte ? analyteOf(result.analyte)?.label : result.name;
  return Boolean(a && b && normal(a) === normal(b));
}

/**
 * Whether a result covers a panel: it holds every one of the panel's analytes. "All", not "any":
 * a result with only a potassium repeated after a high one is not the month's electrolytes, and
 * leaving the panel due until its whole draw is in is the safer mistake.
 */
export const coversPanel = (
  panel: { analytes: readonly PanelAnalyte[] },
  result: { analytes: readonly Pick<AnalyteResult, "analyte" | "name">[] },
) => panel.analytes.every((p) => result.analytes.some((r) => sameAnalyte(p, r)));

// ---- Due dates ----

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/**
 * The date `months` calendar months after `date`, on its day of the month, or on the month's
 * last day when the month is shorter (Jan 31 + 1 month is Feb 28, or 29 in a leap year).
 */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12;
  const day = Math.min(d, daysInMonth(year, month));
  return `${String(year).padStart(4, "0")}-${String(month + 1).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * The panel's k-th due date (k = 0 is its first, negative ones come before it): always counted
 * from the first due date, so a month's clamping does not drift the schedule (Jan 31, Feb 28,
 * Mar 31, Apr 30).
 */
export function dueDateAt(panel: { firstDue: string; every: number; unit: PanelUnit }, k: number): string {
  return panel.unit === "weeks"
    ? addDays(panel.firstDue, k * panel.every * 7)
    : addMonths(panel.firstDue, k * panel.every);
}

/** The index of the last due date on or before `date` (may be negative). */
function lastIndexOnOrBefore(
  panel: { firstDue: string; every: number; unit: PanelUnit },
  date: string,
): number {
  const days = dayNumber(date) - dayNumber(panel.firstDue);
  const span = panel.unit === "weeks" ? panel.every * 7 : panel.every * 30.44;
  let k = Math.floor(days / span);
  // A month's estimate is within one either side: step to the exact one.
  while (dueDateAt(panel, k) > date) k -= 1;
  while (dueDateAt(panel, k + 1) <= date) k += 1;
  return k;
}

/**
 * The due date a draw on `drawn` answered: the nearer of the due date on or before it and the
 * next one (a draw a few days early answers the coming date; one late, the date it was late for;
 * exactly half way, the coming one). Counting which date a draw answered, not the draw's date
 * plus the interval, keeps the schedule on its days.
 */
export function answeredIndex(
  panel: { firstDue: string; every: number; unit: PanelUnit },
  drawn: string,
): number {
  const k = lastIndexOnOrBefore(panel, drawn);
  const before = dayNumber(drawn) - dayNumber(dueDateAt(panel, k));
  const after = dayNumber(dueDateAt(panel, k + 1)) - dayNumber(drawn);
  return before < after ? k : k + 1;
}

/**
 * A panel's next due date, given the date of the latest result that covered it (null: none yet):
 * the first due date without a draw, or the one after the date the latest draw answered. Never
 * before the first due date (a draw from before the schedule was set answers none of it); a date
 * missed stays due (overdue) until a draw comes, rather than silently moving on.
 */
export function nextDueDate(
  panel: { firstDue: string; every: number; unit: PanelUnit },
  lastDrawn: string | null,
): string {
  if (!lastDrawn) return panel.firstDue;
  return dueDateAt(panel, Math.max(0, answeredIndex(panel, lastDrawn) + 1));
}

/** The time of day a panel falls due on its date, on the family's clock (as labs and a weight). */
export const PANEL_DUE_TIME = "09:00";

/** The instant a panel falls due: its next due date at 09:00 on the family's clock. */
export const panelDueAt = (date: string, timeZone: string) => instantOf(date, PANEL_DUE_TIME, timeZone);

/** The latest of the results that covers the panel (their dates as the family wrote them). */
export function lastCoveringDraw(
  panel: { analytes: readonly PanelAnalyte[] },
  results: readonly { date: string; analytes: readonly Pick<AnalyteResult, "analyte" | "name">[] }[],
): string | null {
  let last: string | null = null;
  for (const r of results) if (coversPanel(panel, r) && (last === null || r.date > last)) last = r.date;
  return last;
}

// ---- Suggested panels ----

export interface SuggestedPanel {
  name: string;
  analytes: PanelAnalyte[];
  every: number;
  unit: PanelUnit;
  instructions: string | null;
  /** The named source of its interval, saved with the panel and shown beside it. */
  source: string;
}

/** The source the suggestions follow, with its address, as the screen shows it. */
export const PANEL_SOURCE = {
  name: "UpToDate, monitoring of children on home parenteral nutrition (table)",
  url: "https://mail.medilib.ir/uptodate/show/90423",
  context: {
    name: "Harvard home PN programme: lab monitoring and visits every 1–3 months",
    url: "https://hpn.hms.harvard.edu/quality-improvement",
  },
} as const;

const key = (analyte: AnalyteKey): PanelAnalyte => ({ analyte, name: null });
const named = (name: string): PanelAnalyte => ({ analyte: null, name });
const UPTODATE = "UpToDate paediatric home PN monitoring table";
/** Drawn during the infusion, glucose and triglycerides read high (Oley, research §1.6). */
const BEFORE_PN = "Before the PN starts, or with the infusion paused as the team says";

/**
 * The panels offered to a child on home PN, none saved until the family picks them. They follow
 * the UpToDate table for children at home (research/hpn-and-peers.md §1.6): electrolytes,
 * calcium, phosphate, magnesium, glucose, triglycerides, liver tests and the blood count weekly
 * at the start and monthly once stable; urea nitrogen and creatinine monthly; TSH every 6 months;
 * iron, trace elements and fat-soluble vitamins every 6 to 12 months. It is the one source in the
 * research written for children at home; Harvard's programme (every 1 to 3 months) agrees with its
 * monthly step, and the adult BSG schedule (3 to 4-monthly) is not for children. Where it gives a
 * range, the default is the stable child's end (monthly, not weekly: a child sent home is past
 * the first weeks) and the shorter of 6 to 12 months (a low zinc or vitamin D found sooner). The
 * family's team sets the child's own: each is edited or deleted like any panel.
 */
export const SUGGESTED_PANELS: readonly SuggestedPanel[] = [
  {
    name: "Electrolytes, kidney tests and glucose",
    analytes: [
      key("sodium"),
      key("potassium"),
      key("chloride"),
      key("bicarbonate"),
      key("bun"),
      key("creatinine"),
      key("glucose"),
    ],
    every: 1,
    unit: "months",
    instructions: BEFORE_PN,
    source: `${UPTODATE}: electrolytes and glucose weekly to monthly, urea nitrogen and creatinine monthly`,
  },
  {
    name: "Calcium, phosphate and magnesium",
    analytes: [key("calcium"), key("phosphate"), key("magnesium")],
    every: 1,
    unit: "months",
    instructions: null,
    source: `${UPTODATE}: weekly to monthly`,
  },
  {
    name: "Liver tests and triglycerides",
    analytes: [
      key("alt"),
      key("ast"),
      key("ggt"),
      key("alp"),
      key("total-bilirubin"),
      key("conjugated-bilirubin"),
      key("albumin"),
      key("triglycerides"),
    ],
    every: 1,
    unit: "months",
    instructions: BEFORE_PN,
    source: `${UPTODATE}: weekly to monthly`,
  },
  {
    name: "Blood count",
    analytes: [key("haemoglobin"), named("White cell count"), key("platelets")],
    every: 1,
    unit: "months",
    instructions: null,
    source: `${UPTODATE}: weekly to monthly`,
  },
  {
    name: "Thyroid (TSH)",
    analytes: [named("TSH")],
    every: 6,
    unit: "months",
    instructions: null,
    source: `${UPTODATE}: every 6 months`,
  },
  {
    name: "Iron, trace elements and vitamins",
    analytes: [
      named("Ferritin"),
      key("zinc"),
      key("copper"),
      key("selenium"),
      named("Vitamin A"),
      key("vitamin-d"),
      named("Vitamin E"),
    ],
    every: 6,
    unit: "months",
    instructions: null,
    source: `${UPTODATE}: every 6 to 12 months (the shorter here)`,
  },
];

/** Where a panel stands at `now`: its last covering draw, next due date and instant, and whether it is due. */
export function panelSchedule(
  panel: { firstDue: string; every: number; unit: PanelUnit; analytes: readonly PanelAnalyte[] },
  results: readonly { date: string; analytes: readonly Pick<AnalyteResult, "analyte" | "name">[] }[],
  now: Date,
  timeZone: string,
): { lastDrawn: string | null; nextDue: string; dueAt: Date; due: boolean } {
  const lastDrawn = lastCoveringDraw(panel, results);
  const nextDue = nextDueDate(panel, lastDrawn);
  const dueAt = panelDueAt(nextDue, timeZone);
  return { lastDrawn, nextDue, dueAt, due: now >= dueAt };
}
