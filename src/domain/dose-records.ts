import { z } from "zod";
import { familyClock } from "./clock";
import { DOSE_STATUSES } from "./doses";
import { isoDate, oneOf, optionalText, requiredId } from "./fields";
import { childLinkField, dateOnly, nullableText, recordBase, timestamp, type Wire } from "./records";

/** The contract of `/api/medication-doses`: a dose of a medication, given or skipped (see doses.ts). */

/** A dose recorded a little ahead of the family's clock (a phone's clock runs fast) is still taken. */
const FUTURE_SLACK_MS = 5 * 60_000;

export const DOSE_IN_FUTURE_MESSAGE = "Time given cannot be in the future";

/** When the dose was given: an ISO 8601 date-time with its offset; left out, now on the family's clock. */
const givenAt = z
  .union([
    z.literal(""),
    z.null(),
    z.iso.datetime({ offset: true, message: "Time given must be a date and time" }),
  ])
  .optional()
  .transform((v, ctx) => {
    const now = familyClock().now();
    if (!v) return now;
    const at = new Date(v);
    if (at.getTime() > now.getTime() + FUTURE_SLACK_MS) {
      ctx.addIssue({ code: "custom", message: DOSE_IN_FUTURE_MESSAGE });
      return z.NEVER;
    }
    if (at.getFullYear() < 1900) {
      ctx.addIssue({ code: "custom", message: "Time given cannot be before 1900" });
      return z.NEVER;
    }
    return at;
  });

export const doseInput = z.object({
  medicationId: requiredId("Medication", "Medication is required"),
  givenAt,
  status: oneOf("Status", DOSE_STATUSES).optional().default("given"),
  amount: optionalText(100),
  /** Why a dose was skipped (or given off schedule). */
  reason: optionalText(500),
  notes: optionalText(1000),
  /**
   * Give it anyway: a dose inside the interval after another is a 409 naming the last one, unless
   * the person has seen that and confirmed. Not stored.
   */
  confirm: z.boolean({ error: "confirm must be true or false" }).optional(),
});
export type DoseInput = z.input<typeof doseInput>;

/**
 * A dose as a backup holds it: the API's body without the question it answers (`confirm`), with
 * the date and time of day it was on the family's clock when given, kept as they were then. Its
 * child is not read: a dose's child is its medication's (the restore takes it from there).
 */
export const doseRestoreInput = doseInput.omit({ confirm: true }).extend({
  date: isoDate("Date"),
  time: z
    .string({ error: "Time is required" })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Time must be a time (HH:mm)"),
});

export const doseRecord = z.object({
  ...recordBase,
  ...childLinkField,
  medicationId: z.uuid(),
  givenAt: timestamp,
  /** The date and time of day it was on the family's clock when given. */
  date: dateOnly,
  time: z.string(),
  status: z.enum(DOSE_STATUSES),
  amount: nullableText,
  reason: nullableText,
  notes: nullableText,
});
export type Dose = Wire<typeof doseRecord>;

/** The 409's body when a dose comes inside the interval after the last one. */
export const tooSoonBody = z.object({
  message: z.string(),
  lastDose: z.object({ givenAt: z.string(), givenBy: z.string().nullable() }),
});
export type TooSoon = z.infer<typeof tooSoonBody>;
