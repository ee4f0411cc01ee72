import { z } from "zod";
import { familyClock } from "./clock";
import { ladderIssues, ORDER_MESSAGE } from "./escalation";
import {
  acrossFields,
  type FieldIssue,
  isoDate,
  newRecordId,
  oneOf,
  optionalId,
  optionalIsoDate,
  optionalMeasure,
  optionalText,
  optionalTime,
  requiredText,
} from "./fields";
import { childLinkField, nullableText, recordBase, timestamp, type Wire } from "./records";
import { normalizeRule, ruleProblem } from "./recurrence";
import {
  DEFAULT_ESCALATION,
  EVENT_KINDS,
  TASK_KINDS,
  TASK_STATES,
  type TaskKind,
  URGENT_KINDS,
} from "./tasks";

/** The contracts of `/api/tasks`: the family's own tasks, Done, the derived list and the settings. */

/** An instant as ISO 8601 with its offset; left out, now on the family's clock. */
const instantOrNow = (label: string) =>
  z
    .union([
      z.literal(""),
      z.null(),
      z.iso.datetime({ offset: true, message: `${label} must be a date and time` }),
    ])
    .optional()
    .transform((v) => (v ? new Date(v) : familyClock().now()));

/** Minutes of an escalation step: a whole number in a range, its default when left out. */
const minutes = (label: string, min: number, max: number, fallback: number) =>
  z
    .union([z.literal(""), z.null(), z.number(), z.string().trim()])
    .optional()
    .transform((v, ctx) => {
      if (v === "" || v === null || v === undefined) return fallback;
      const n = typeof v === "number" ? v : /^\d{1,6}$/.test(v) ? Number(v) : Number.NaN;
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({
          code: "custom",
          message: `${label} must be a whole number of minutes from ${min} to ${max}`,
        });
        return z.NEVER;
      }
      return n;
    });

export interface CareTaskFields {
  intervalHours: number | null;
  rrule: string | null;
  urgent: boolean;
  repeatMinutes: number;
  nextAfterMinutes: number;
  everyoneAfterMinutes: number;
}

/**
 * A family task recurs by an interval or by a rule, one of the two; its steps come in order, each
 * at a round of its reminders (`ladderIssues`).
 */
export function careTaskIssues(task: CareTaskFields, options: { rounds?: boolean } = {}): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (task.intervalHours === null && !task.rrule)
    issues.push({
      path: "intervalHours",
      message: "Choose how often: every few hours, or a recurrence rule",
    });
  if (task.intervalHours !== null && task.rrule)
    issues.push({ path: "rrule", message: "Choose one: an interval or a recurrence rule" });
  if (task.intervalHours !== null && task.intervalHours < 0.25)
    issues.push({ path: "intervalHours", message: "A task recurs every 15 minutes at most" });
  if (task.rrule) {
    const problem = ruleProblem(task.rrule);
    if (problem) issues.push({ path: "rrule", message: problem });
  }
  if (options.rounds !== false) issues.push(...ladderIssues(task, task.urgent));
  else if (task.everyoneAfterMinutes < task.nextAfterMinutes)
    issues.push({ path: "everyoneAfterMinutes", message: ORDER_MESSAGE });
  return issues;
}

const careTaskFields = {
  title: requiredText("Task", 200),
  notes: optionalText(1000),
  childId: optionalId(),
  intervalHours: optionalMeasure("Interval", "hours", 8760, 2),
  rrule: optionalText(500).transform((v) => (v ? normalizeRule(v) : null)),
  /** The first occurrence (and, for a rule, each occurrence's time of day). */
  startAt: instantOrNow("Start"),
  /** The caregiver told first; none: the family's order decides. */
  assigneeId: optionalId(),
  urgent: z.boolean({ error: "Urgent must be true or false" }).optional().default(false),
  repeatMinutes: minutes("Repeat", 5, 240, DEFAULT_ESCALATION.repeatMinutes),
  nextAfterMinutes: minutes("Next caregiver after", 0, 1440, DEFAULT_ESCALATION.nextAfterMinutes),
  everyoneAfterMinutes: minutes("Everyone after", 0, 2880, DEFAULT_ESCALATION.everyoneAfterMinutes),
};
const careTaskRule = acrossFields<CareTaskFields>(
  ["intervalHours", "rrule", "urgent", "repeatMinutes", "nextAfterMinutes", "everyoneAfterMinutes"],
  careTaskIssues,
);

export const careTaskInput = z.object(careTaskFields).check(careTaskRule);
export type CareTaskInput = z.input<typeof careTaskInput>;

/**
 * A family task as a backup holds it: no assignee (an account of this server only). Its steps only
 * in order: a backup made before steps had to fall on a round is restored as it was (the reminders
 * tell an off-round step at the next round; the form asks for a round at the next edit).
 */
const { assigneeId: _assignee, ...restoredFields } = careTaskFields;
export const careTaskRestoreInput = z
  .object(restoredFields)
  .check(
    acrossFields<CareTaskFields>(
      ["intervalHours", "rrule", "urgent", "repeatMinutes", "nextAfterMinutes", "everyoneAfterMinutes"],
      (task) => careTaskIssues(task, { rounds: false }),
    ),
  );

export const careTaskRecord = z.object({
  ...recordBase,
  ...childLinkField,
  title: z.string(),
  notes: nullableText,
  intervalHours: z.number().nullable(),
  rrule: nullableText,
  startAt: timestamp,
  assigneeId: z.uuid().nullable(),
  urgent: z.boolean(),
  repeatMinutes: z.number().int(),
  nextAfterMinutes: z.number().int(),
  everyoneAfterMinutes: z.number().int(),
});
export type CareTask = Wire<typeof careTaskRecord>;

/**
 * A Done of a task nothing else records (the PN bag taken out, an order placed, an expiry checked,
 * a family task): when, by whom, and which due time it answered. Written by `POST
 * /api/tasks/:id/done`; this is what a restore checks.
 */
export const careTaskEventInput = z.object({
  kind: oneOf("Kind", EVENT_KINDS),
  childId: optionalId(),
  careTaskId: optionalId(),
  supplyId: optionalId(),
  forDueAt: z.iso
    .datetime({ offset: true, message: "Due time must be a date and time" })
    .transform((v) => new Date(v)),
  doneAt: z.iso
    .datetime({ offset: true, message: "Done must be a date and time" })
    .transform((v) => new Date(v)),
  date: isoDate("Date"),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Time must be a time (HH:mm)"),
  notes: optionalText(1000),
});

export const careTaskEventRecord = z.object({
  ...recordBase,
  ...childLinkField,
  kind: z.enum(EVENT_KINDS),
  careTaskId: z.uuid().nullable(),
  supplyId: z.uuid().nullable(),
  forDueAt: timestamp,
  doneAt: timestamp,
  date: z.string(),
  time: z.string(),
  notes: nullableText,
});
export type CareTaskEvent = Wire<typeof careTaskEventRecord>;

/**
 * `POST /api/tasks/:id/done`: give a dose anyway after the 409 (see dose-records.ts), a note, and
 * the id of the record Done makes (a dose, a line's care, a lab test, a task event), when the
 * device made one: the same Done sent again then does nothing more.
 */
export const taskDoneInput = z
  .object({
    id: newRecordId(),
    confirm: z.boolean({ error: "confirm must be true or false" }).optional(),
    notes: optionalText(1000),
    /** The due time the person saw: when the task has moved on since (done by someone), a 409. */
    dueAt: z.iso.datetime({ offset: true, message: "dueAt must be a date and time" }).optional(),
  })
  .default({ notes: null });

const escalationRecord = z.object({
  repeatMinutes: z.number().int(),
  nextAfterMinutes: z.number().int(),
  everyoneAfterMinutes: z.number().int(),
});

/** One task of `GET /api/tasks` (see tasks.ts and the server's `tasksOf`). */
export const taskRecord = z.object({
  id: z.string(),
  kind: z.enum(TASK_KINDS),
  /** The child it is for; null: the family's (a supply, a task for nobody in particular). */
  childId: z.uuid().nullable(),
  /** What the task is about: the line, the medication, the supply, the child, the family task. */
  subjectId: z.uuid(),
  title: z.string(),
  detail: nullableText,
  /** Null only for a family task whose recurrence has ended. */
  dueAt: timestamp.nullable(),
  state: z.enum(TASK_STATES),
  graceMinutes: z.number().int(),
  /** When it was last done, and by whom (their name and account; null for an account gone). */
  lastDone: z.object({ at: timestamp, by: z.string().nullable(), byId: z.uuid().nullable() }).nullable(),
  urgent: z.boolean(),
  escalation: escalationRecord,
  assigneeId: z.uuid().nullable(),
  doneBy: z.enum(["tap", "form"]),
  /** The family task itself, for its edit form. */
  careTask: careTaskRecord.nullable(),
});
export type Task = Wire<typeof taskRecord>;

export const taskDoneRecord = z.object({ task: taskRecord.nullable() });

/** A whole number in a range that may be cleared (null) or left out (unchanged). */
const settingInt = (label: string, min: number, max: number, nullable: boolean) =>
  z.union([z.literal(""), z.null(), z.number(), z.string().trim()]).transform((v, ctx) => {
    if (v === "" || v === null) {
      if (nullable) return null;
      ctx.addIssue({ code: "custom", message: `${label} is required` });
      return z.NEVER;
    }
    const n = typeof v === "number" ? v : /^\d{1,4}$/.test(v) ? Number(v) : Number.NaN;
    if (!Number.isInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: "custom", message: `${label} must be a whole number from ${min} to ${max}` });
      return z.NEVER;
    }
    return n;
  });

/** A setting that cannot be cleared: a whole number in a range, or left out (unchanged). */
const requiredSettingInt = (label: string, min: number, max: number) =>
  settingInt(label, min, max, false)
    .transform((v) => v ?? min)
    .optional();

/** `PATCH /api/family/task-settings`: the owner's; what is left out stays. */
export const taskSettingsInput = z.object({
  deliveryWeekday: settingInt("Delivery day", 0, 6, true).optional(),
  nextDeliveryDate: optionalIsoDate("Next delivery").optional(),
  stockDaysToKeep: requiredSettingInt("Days of stock to keep", 0, 14),
  expiryWarningDays: requiredSettingInt("Expiry warning", 1, 365),
  labsEveryWeeks: settingInt("Labs every", 1, 52, true).optional(),
  weighEveryDays: settingInt("Weigh every", 1, 90, true).optional(),
  fridgeOutHours: requiredSettingInt("Out of the fridge", 1, 12),
  pnStartTime: optionalTime().optional(),
  pnLatestStartTime: optionalTime().optional(),
  /** A kind's ladder (the whole of it), or null to go back to the default. */
  escalation: z
    .partialRecord(
      z.enum(TASK_KINDS, { message: "Unknown kind of task" }),
      z
        .object({
          repeatMinutes: minutes("Repeat every", 5, 24 * 60, DEFAULT_ESCALATION.repeatMinutes),
          nextAfterMinutes: minutes(
            "Next caregiver after",
            0,
            7 * 24 * 60,
            DEFAULT_ESCALATION.nextAfterMinutes,
          ),
          everyoneAfterMinutes: minutes(
            "Everyone after",
            0,
            7 * 24 * 60,
            DEFAULT_ESCALATION.everyoneAfterMinutes,
          ),
        })
        .nullable(),
    )
    // Each kind's steps at its rounds; the urgent kinds tell everyone at once (their repeat only).
    .check((ctx) => {
      for (const [kind, ladder] of Object.entries(ctx.value)) {
        if (!ladder) continue;
        for (const issue of ladderIssues(ladder, URGENT_KINDS.includes(kind as TaskKind)))
          ctx.issues.push({
            code: "custom",
            input: ladder,
            path: [kind, issue.path],
            message: issue.message,
          });
      }
    })
    .optional(),
});
export type TaskSettingsInput = z.input<typeof taskSettingsInput>;

export const taskSettingsRecord = z.object({
  deliveryWeekday: z.number().int().nullable(),
  nextDeliveryDate: z.string().nullable(),
  stockDaysToKeep: z.number().int(),
  expiryWarningDays: z.number().int(),
  labsEveryWeeks: z.number().int().nullable(),
  weighEveryDays: z.number().int().nullable(),
  fridgeOutHours: z.number().int(),
  pnStartTime: z.string().nullable(),
  pnLatestStartTime: z.string().nullable(),
  escalation: z.partialRecord(z.enum(TASK_KINDS), escalationRecord),
});
export type TaskSettingsRecord = Wire<typeof taskSettingsRecord>;
