import { z } from "zod";
import { timestamp, type Wire } from "./records";

/** Snooze holds a task's reminders this long unless the person picks another length. */
export const DEFAULT_SNOOZE_MINUTES = 30;
export const SNOOZE_CHOICES = [15, 30, 60, 120] as const;

const snoozeMinutes = z
  .number({ error: "minutes must be a number" })
  .int("minutes must be a whole number")
  .min(5, "Snooze for 5 minutes at least")
  .max(12 * 60, "Snooze for 12 hours at most");

/** `POST /api/tasks/:id/snooze` and a Snooze link: how long, and which coming-due it answers. */
export const snoozeInput = z
  .object({
    minutes: snoozeMinutes.optional(),
    /** The due time the person saw: when the task has moved on since, nothing is snoozed (409). */
    dueAt: z.iso.datetime({ offset: true, message: "dueAt must be a date and time" }).optional(),
  })
  .default({});

/** `POST /api/tasks/:id/ack`: "I'm on it", for the coming-due the person saw. */
export const acknowledgeInput = z
  .object({ dueAt: z.iso.datetime({ offset: true, message: "dueAt must be a date and time" }).optional() })
  .default({});

/** `POST /api/reminder-actions/:token`: a Snooze may say how long. */
export const reminderActionInput = z.object({ minutes: snoozeMinutes.optional() }).default({});

/** Who did a task, as a reminder's link says it: a name, never an email (null: none given). */
const doneByName = z.object({ at: timestamp, by: z.string().nullable() });

/**
 * What a reminder's Done or Snooze link is for, before it is used (the page that asks first).
 * Anyone holding the link may open it (an ntfy topic is readable by whoever knows its name, an
 * email is forwarded), so without the family's sign-in it says only what the link does and where
 * it stands (`details` false: no task, no time, no one's name); a member of the family signed in
 * reads the task, its due time and who did it.
 */
export const reminderActionPreview = z.object({
  action: z.enum(["done", "snooze"]),
  state: z.enum(["ready", "used", "expired", "answered"]),
  details: z.boolean(),
  title: z.string().nullable(),
  /** The Done button's words ("Given" for a dose; "Done" without details). */
  doneLabel: z.string(),
  dueAt: timestamp.nullable(),
  /** Who did the task for that due time, once someone did (with details only). */
  done: doneByName.nullable(),
});
export type ReminderActionPreview = Wire<typeof reminderActionPreview>;

export const reminderActionResult = z.object({
  action: z.enum(["done", "snooze", "acknowledge"]),
  title: z.string(),
  /** Snoozed until. */
  until: timestamp.nullable(),
});
export type ReminderActionResult = Wire<typeof reminderActionResult>;

/** What a reminder's link did: as `reminderActionResult`, without the task's title unless signed in. */
export const reminderLinkResult = reminderActionResult.extend({ title: z.string().nullable() });
export type ReminderLinkResult = Wire<typeof reminderLinkResult>;

const who = z.object({ at: timestamp, by: z.string().nullable(), byId: z.uuid().nullable() });

/** One coming-due of a task and what its reminders did: who was told when, on what, who acted. */
export const taskHistoryRecord = z.object({
  dueAt: timestamp,
  done: who.nullable(),
  acknowledged: who.nullable(),
  snoozed: z.object({ until: timestamp, by: z.string().nullable(), byId: z.uuid().nullable() }).nullable(),
  told: z.array(
    z.object({
      at: timestamp,
      userId: z.uuid(),
      name: z.string().nullable(),
      round: z.number().int(),
      urgent: z.boolean(),
      readAt: timestamp.nullable(),
      /** The inbox always; then each channel's delivery. */
      channels: z.array(
        z.object({
          channel: z.enum(["push", "ntfy", "email"]),
          target: z.string(),
          status: z.enum(["sent", "failed"]),
          error: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type TaskHistoryRecord = Wire<typeof taskHistoryRecord>;

const dayKey = z
  .string()
  .regex(/^([0-6]|\d{4}-\d{2}-\d{2})$/, "A day is a weekday (0 Sunday to 6 Saturday) or a date");

/** Who is on duty per weekday or date, and the order the others are told in. */
export const reminderRotaRecord = z.object({
  onDuty: z.record(z.string(), z.uuid()),
  order: z.array(z.uuid()),
  caregivers: z.array(z.object({ userId: z.uuid(), name: z.string().nullable() })),
});
export type ReminderRotaRecord = Wire<typeof reminderRotaRecord>;

/** `PUT /api/family/reminders`: the whole rota (a day left out has nobody on duty). */
export const reminderRotaInput = z.object({
  onDuty: z.record(dayKey, z.uuid({ message: "Choose a caregiver of this family" })).default({}),
  order: z
    .array(z.uuid({ message: "Choose caregivers of this family" }))
    .max(50)
    .default([]),
});
export type ReminderRotaInput = z.input<typeof reminderRotaInput>;
