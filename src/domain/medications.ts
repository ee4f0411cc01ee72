import { z } from "zod";
import { DOSE_STATUSES, SCHEDULE_KINDS, type ScheduleKind } from "./doses";
import {
  acrossFields,
  commaList,
  type FieldIssue,
  MAX_LIST_ITEMS,
  optionalId,
  optionalIsoDate,
  optionalMeasure,
  optionalText,
  requiredText,
} from "./fields";
import {
  childLinkField,
  nullableDate,
  nullableText,
  recordBase,
  textList,
  timestamp,
  type Wire,
} from "./records";

export const END_BEFORE_START_MESSAGE = "End date cannot be before the start date";

/** A medication ends on or after the day it starts (either may be unknown); the issue sits on the end date. */
export function medicationDateIssues(dates: {
  startDate: string | null;
  endDate: string | null;
}): FieldIssue[] {
  const { startDate, endDate } = dates;
  return startDate && endDate && endDate < startDate
    ? [{ path: "endDate", message: END_BEFORE_START_MESSAGE }]
    : [];
}

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Times of day as a list or as text ("08:00, 20:00"): sorted, each once; none is null. */
const scheduleTimes = z
  .union([z.literal(""), z.null(), z.string(), z.array(z.string()).max(MAX_LIST_ITEMS)])
  .optional()
  .transform((v, ctx) => {
    const items = (Array.isArray(v) ? v : (v ?? "").split(",")).map((t) => t.trim()).filter(Boolean);
    const bad = items.find((t) => !TIME_PATTERN.test(t));
    if (bad !== undefined) {
      ctx.addIssue({ code: "custom", message: "Times must be times of day (HH:mm), separated by commas" });
      return z.NEVER;
    }
    return items.length ? [...new Set(items)].sort() : null;
  });

export interface ScheduleFields {
  scheduleKind: ScheduleKind | null;
  scheduleTimes: readonly string[] | null;
  intervalHours: number | null;
}

/** A schedule says what it needs: set times need a time, every N hours needs N; times belong to set times only. */
export function medicationScheduleIssues(m: ScheduleFields): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (m.scheduleKind === "times" && !m.scheduleTimes?.length)
    issues.push({ path: "scheduleTimes", message: "Enter the times of day, e.g. 08:00, 20:00" });
  if (m.scheduleKind === "interval" && !m.intervalHours)
    issues.push({ path: "intervalHours", message: "Enter how many hours apart the doses are" });
  if (m.scheduleKind !== "times" && m.scheduleTimes?.length)
    issues.push({ path: "scheduleTimes", message: "Times of day belong to a schedule at set times" });
  if (m.scheduleKind === "times" && m.intervalHours)
    issues.push({ path: "intervalHours", message: "Hours apart belong to a schedule every few hours" });
  return issues;
}

/** Every rule of a medication across its fields (its dates, its schedule). */
export const medicationIssues = (
  m: ScheduleFields & { startDate: string | null; endDate: string | null },
) => [...medicationDateIssues(m), ...medicationScheduleIssues(m)];

export const medicationInput = z
  .object({
    childId: optionalId(),
    name: requiredText("Name"),
    dosage: requiredText("Dosage"),
    frequency: requiredText("Frequency"),
    prescribedBy: optionalText(200),
    startDate: optionalIsoDate("Start date"),
    endDate: optionalIsoDate("End date"),
    purpose: optionalText(),
    sideEffects: commaList(),
    instructions: optionalText(),
    /** The text 'true' (Active) or 'false' (Discontinued); missing: 'true'. */
    isActive: z.enum(["true", "false"], { error: "Status must be 'true' or 'false'" }).optional(),
    notes: optionalText(),
    route: optionalText(100),
    scheduleKind: z
      .union([
        z.literal(""),
        z.null(),
        z.enum(SCHEDULE_KINDS, { error: `Schedule must be one of: ${SCHEDULE_KINDS.join(", ")}` }),
      ])
      .optional()
      .transform((v) => (v ? v : null)),
    scheduleTimes,
    intervalHours: optionalMeasure("Hours apart", "hours", 168, 2),
  })
  .check(
    acrossFields(
      ["startDate", "endDate", "scheduleKind", "scheduleTimes", "intervalHours"],
      medicationIssues,
    ),
  );

export type MedicationInput = z.input<typeof medicationInput>;

export const medicationRecord = z.object({
  ...recordBase,
  ...childLinkField,
  name: z.string(),
  dosage: z.string(),
  frequency: z.string(),
  prescribedBy: nullableText,
  startDate: nullableDate,
  endDate: nullableDate,
  purpose: nullableText,
  sideEffects: textList,
  instructions: nullableText,
  isActive: z.enum(["true", "false"]),
  notes: nullableText,
  route: nullableText,
  scheduleKind: z.enum(SCHEDULE_KINDS).nullable(),
  scheduleTimes: z.array(z.string()).nullable(),
  intervalHours: z.number().nullable(),
  /** The latest dose recorded, given or skipped, with who recorded it. */
  lastDose: z
    .object({
      id: z.uuid(),
      givenAt: timestamp,
      status: z.enum(DOSE_STATUSES),
      amount: nullableText,
      givenBy: nullableText,
    })
    .nullable(),
  /** When the next scheduled dose is due (none for as needed or without a schedule). */
  nextDueAt: timestamp.nullable(),
  /** Scheduled doses that passed with nothing recorded, newest first (at most 10, last 7 days). */
  missedDoses: z.array(timestamp),
});
export type Medication = Wire<typeof medicationRecord>;

export { isMedicationActive } from "./medication-status";
