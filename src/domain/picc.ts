import { z } from "zod";
import { dayNumber, daysBetween, today as localToday } from "./dates";
import {
  acrossFields,
  type FieldIssue,
  oneOf,
  optionalDate,
  optionalId,
  optionalInt,
  optionalIsoDate,
  optionalMeasure,
  optionalText,
  pastDate,
  requiredId,
} from "./fields";
import { dateOnly, nullableDate, nullableText, recordBase, type Wire } from "./records";

export const INSERTION_SITES = ["right-arm", "left-arm", "right-leg", "left-leg", "chest", "other"] as const;
export const LINE_TYPES = ["single-lumen", "double-lumen", "triple-lumen", "power-picc"] as const;
export const INFECTION_TYPES = ["bloodstream", "exit-site", "tunnel", "catheter-related", "other"] as const;
export const INFECTION_OUTCOMES = ["resolved", "line-removed", "ongoing", "complications"] as const;
export type InsertionSite = (typeof INSERTION_SITES)[number];
export type LineType = (typeof LINE_TYPES)[number];
export type InfectionType = (typeof INFECTION_TYPES)[number];
export type InfectionOutcome = (typeof INFECTION_OUTCOMES)[number];

/** How each value reads on the forms, the cards and in the exports (one list for all). */
export const INSERTION_SITE_LABELS: Record<InsertionSite, string> = {
  "right-arm": "Right arm",
  "left-arm": "Left arm",
  "right-leg": "Right leg",
  "left-leg": "Left leg",
  chest: "Chest",
  other: "Other",
};

export const LINE_TYPE_LABELS: Record<LineType, string> = {
  "single-lumen": "Single lumen",
  "double-lumen": "Double lumen",
  "triple-lumen": "Triple lumen",
  "power-picc": "Power PICC",
};

export const INFECTION_TYPE_LABELS: Record<InfectionType, string> = {
  bloodstream: "Bloodstream",
  "exit-site": "Exit site",
  tunnel: "Tunnel",
  "catheter-related": "Catheter-related",
  other: "Other",
};

export const OUTCOME_LABELS: Record<InfectionOutcome, string> = {
  resolved: "Resolved",
  "line-removed": "Line removed",
  ongoing: "Ongoing",
  complications: "Complications",
};

const optionalChoice = <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z
    .union([z.literal(""), z.null(), oneOf(label, values)])
    .optional()
    .transform((v) => (v ? v : null));

/** A care interval of a line, in hours: 1 hour to 90 days; empty for the default (line-care.ts). */
const intervalHours = (label: string) => optionalInt(`${label} (hours)`, 1, 90 * 24);

/** A line comes out on or after the day it went in; the issue sits on the removal date. */
export function piccLineDateIssues(line: {
  insertionDate: string;
  removalDate: string | null;
}): FieldIssue[] {
  return line.removalDate && line.removalDate < line.insertionDate
    ? [{ path: "removalDate", message: "Removal date cannot be before the insertion date" }]
    : [];
}

export const piccLineInput = z
  .object({
    // Spec section 5's own messages, spelled out.
    childId: requiredId("Child", "Child is required"),
    insertionDate: pastDate("Insertion date", "Insertion date is required"),
    removalDate: optionalDate(pastDate("Removal date")),
    insertionSite: oneOf("Insertion site", INSERTION_SITES, "Insertion site is required"),
    lineType: oneOf("Line type", LINE_TYPES, "Line type is required"),
    insertedBy: optionalText(200),
    removalReason: optionalText(1000),
    complications: optionalText(),
    notes: optionalText(),
    externalLengthCm: optionalMeasure("External length at insertion", "cm", 200, 1),
    dressingTransparentHours: intervalHours("Transparent dressing interval"),
    dressingGauzeHours: intervalHours("Gauze dressing interval"),
    tubingWithLipidsHours: intervalHours("Tubing with lipids interval"),
    tubingHours: intervalHours("Tubing interval"),
    tubingLipidsAloneHours: intervalHours("Lipids-alone tubing interval"),
    connectorHours: intervalHours("Connector interval"),
    lockHours: intervalHours("Lock interval"),
  })
  .check(acrossFields(["insertionDate", "removalDate"], piccLineDateIssues));
export type PiccLineInput = z.input<typeof piccLineInput>;

export const piccLineRecord = z.object({
  ...recordBase,
  childId: z.uuid(),
  insertionDate: dateOnly,
  removalDate: nullableDate,
  insertionSite: z.enum(INSERTION_SITES).nullable(),
  lineType: z.enum(LINE_TYPES).nullable(),
  insertedBy: nullableText,
  removalReason: nullableText,
  complications: nullableText,
  notes: nullableText,
  externalLengthCm: z.number().nullable(),
  dressingTransparentHours: z.number().int().nullable(),
  dressingGauzeHours: z.number().int().nullable(),
  tubingWithLipidsHours: z.number().int().nullable(),
  tubingHours: z.number().int().nullable(),
  tubingLipidsAloneHours: z.number().int().nullable(),
  connectorHours: z.number().int().nullable(),
  lockHours: z.number().int().nullable(),
});
export type PiccLine = Wire<typeof piccLineRecord>;

/** An infection's treatment ends on or after the day it starts; the issue sits on the end date. */
export function piccInfectionDateIssues(infection: {
  treatmentStartDate: string | null;
  treatmentEndDate: string | null;
}): FieldIssue[] {
  const { treatmentStartDate: start, treatmentEndDate: end } = infection;
  return start && end && end < start
    ? [{ path: "treatmentEndDate", message: "Treatment end date cannot be before the treatment start date" }]
    : [];
}

/**
 * The rule across an infection and the line it names: the line is one of the same child's, and
 * went in on or before the infection's date (an infection of a line cannot come before the line).
 */
export function infectionLineIssues(
  infection: { childId: string; infectionDate: string },
  line: { childId: string; insertionDate: string },
): FieldIssue[] {
  if (line.childId !== infection.childId) {
    return [{ path: "piccLineId", message: "The PICC line must be one of this child's lines" }];
  }
  return infection.infectionDate < line.insertionDate
    ? [
        {
          path: "infectionDate",
          message: `Infection date cannot be before the line's insertion date (${line.insertionDate})`,
        },
      ]
    : [];
}

export const piccInfectionInput = z
  .object({
    childId: requiredId("Child", "Child is required"),
    piccLineId: optionalId(),
    infectionDate: pastDate("Infection date", "Infection date is required"),
    infectionType: oneOf("Infection type", INFECTION_TYPES, "Infection type is required"),
    organism: optionalText(200),
    symptoms: optionalText(),
    treatmentStartDate: optionalIsoDate("Treatment start date"),
    treatmentEndDate: optionalIsoDate("Treatment end date"),
    antibiotics: optionalText(1000),
    treatmentMethod: optionalText(1000),
    outcome: optionalChoice("Outcome", INFECTION_OUTCOMES),
    /** Spec: a boolean, false by default; the form's yes/no select sends "true"/"false". */
    hospitalAdmission: z
      .union([z.boolean(), z.enum(["true", "false"])])
      .optional()
      .transform((v) => v === true || v === "true"),
    admissionDuration: optionalText(200),
    notes: optionalText(),
  })
  .check(acrossFields(["treatmentStartDate", "treatmentEndDate"], piccInfectionDateIssues));
export type PiccInfectionInput = z.input<typeof piccInfectionInput>;

export const piccInfectionRecord = z.object({
  ...recordBase,
  childId: z.uuid(),
  piccLineId: z.uuid().nullable(),
  infectionDate: dateOnly,
  infectionType: z.enum(INFECTION_TYPES),
  organism: nullableText,
  symptoms: nullableText,
  treatmentStartDate: nullableDate,
  treatmentEndDate: nullableDate,
  antibiotics: nullableText,
  treatmentMethod: nullableText,
  outcome: z.enum(INFECTION_OUTCOMES).nullable(),
  hospitalAdmission: z.boolean(),
  admissionDuration: nullableText,
  notes: nullableText,
});
export type PiccInfection = Wire<typeof piccInfectionRecord>;

/** Spec section 2: the default badge for 'resolved', destructive for any other outcome, 'Unknown outcome' without one. */
export function outcomeBadge(outcome: InfectionOutcome | null): {
  variant: "default" | "destructive";
  label: string;
} {
  if (!outcome) return { variant: "destructive", label: "Unknown outcome" };
  return { variant: outcome === "resolved" ? "default" : "destructive", label: outcome };
}

type LineDates = Pick<PiccLine, "insertionDate" | "removalDate">;

/**
 * Catheter-days: the number of calendar days on which the child had at least one central line in
 * place, counting the insertion and removal days; a line still in counts up to today. Two lines
 * in at once count once a day (the patient-level count CLABSI rates use).
 */
export function catheterDays(lines: readonly LineDates[], today: string = localToday()): number {
  const end = dayNumber(today);
  const spans = lines
    .map(
      (line) => [dayNumber(line.insertionDate), Math.min(end, dayNumber(line.removalDate ?? today))] as const,
    )
    .filter(([from, to]) => from <= to)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let coveredUntil = Number.NEGATIVE_INFINITY;
  for (const [from, to] of spans) {
    const start = Math.max(from, coveredUntil + 1);
    if (to >= start) total += to - start + 1;
    coveredUntil = Math.max(coveredUntil, to);
  }
  return total;
}

/**
 * Whether a bloodstream infection on `date` is a central-line-associated bloodstream infection
 * (CLABSI) of `line`, as the CDC's National Healthcare Safety Network counts one (NHSN Patient
 * Safety Component Manual, chapter 4, Bloodstream Infection Event): a line is eligible once it has
 * been in place more than 2 consecutive calendar days (from line day 3; the day it went in is line
 * day 1) and stays eligible until the day after its removal, so a BSI on line day 1 or 2 is not
 * one, and a BSI on the day the line came out or the next day still is. Nothing after `today`.
 */
export function isClabsiOf(line: LineDates, date: string, today: string = localToday()): boolean {
  const day = dayNumber(date);
  const eligibleFrom = dayNumber(line.insertionDate) + 2;
  const lastDayIn = line.removalDate ? dayNumber(line.removalDate) : dayNumber(today);
  const eligibleUntil = line.removalDate ? lastDayIn + 1 : lastDayIn;
  return lastDayIn >= eligibleFrom && day >= eligibleFrom && day <= eligibleUntil && day <= dayNumber(today);
}

export interface LineStatistics {
  /** The line in place now (not removed; the latest inserted), if any. */
  currentLine: PiccLine | null;
  /**
   * The current line's day today: the day it went in is day 1 (NHSN's line day, as catheter-days
   * count it), so a line in since 30 days ago is on its day 31, with 31 catheter-days.
   */
  currentLineDays: number | null;
  catheterDays: number;
  /** Bloodstream infections that are CLABSIs of one of the lines, as NHSN counts them (`isClabsiOf`). */
  bloodstreamInfections: number;
  /** Per 1,000 catheter-days, one decimal; null without catheter-days. */
  infectionRate: number | null;
}

/**
 * A child's central-line figures: the current line's day, catheter-days over all lines, and the
 * central-line-associated bloodstream infection (CLABSI) rate per 1,000 catheter-days. A
 * bloodstream infection counts as NHSN counts a CLABSI (`isClabsiOf`).
 */
export function lineStatistics(
  lines: readonly PiccLine[],
  infections: readonly Pick<PiccInfection, "infectionDate" | "infectionType">[],
  today: string = localToday(),
): LineStatistics {
  const inPlace = lines
    .filter((line) => !line.removalDate && dayNumber(line.insertionDate) <= dayNumber(today))
    .sort((a, b) => dayNumber(b.insertionDate) - dayNumber(a.insertionDate));
  const currentLine = inPlace[0] ?? null;
  const days = catheterDays(lines, today);
  const bloodstream = infections.filter(
    (infection) =>
      infection.infectionType === "bloodstream" &&
      lines.some((line) => isClabsiOf(line, infection.infectionDate, today)),
  ).length;
  return {
    currentLine,
    currentLineDays: currentLine ? daysBetween(currentLine.insertionDate, today) + 1 : null,
    catheterDays: days,
    bloodstreamInfections: bloodstream,
    infectionRate: days > 0 ? Math.round((bloodstream / days) * 10_000) / 10 : null,
  };
}
