import type { FieldValues } from "react-hook-form";
import { z } from "zod";
import type { DoseBody } from "@/client/lib/doses-api";
import { familyClock, timeIn, todayIn, zonedDateTime } from "@/domain/clock";
import { doseInput } from "@/domain/dose-records";
import type { DoseStatus } from "@/domain/doses";
import { pastDate } from "@/domain/fields";

/** The inputs' strings: the medication chosen, the family's date and time, what was given or why not. */
export interface DoseFormValues {
  medicationId: string;
  date: string;
  time: string;
  amount: string;
  reason: string;
  notes: string;
}

export const DOSE_FORM_FIELDS = ["medicationId", "date", "time", "amount", "reason", "notes"] as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The form's values to a dose's body: the date and time typed, on the family's clock, become the
 * instant with its offset (a dose kept on this device while offline is sent later with the time it
 * was given, not the time it arrives); then the server's own schema checks it (not in the future,
 * the lengths). Each message lands under its field: the time's under Time.
 */
export function doseFormSchema(status: DoseStatus): z.ZodType<DoseBody, FieldValues> {
  return z
    .object({
      medicationId: z.string().min(1, "Medication: choose the one given"),
      date: pastDate("Date"),
      time: z.string().regex(TIME, "Time must be a time of day (HH:mm)"),
      amount: z.string(),
      reason: z.string(),
      notes: z.string(),
    })
    .transform((values, ctx) => {
      const givenAt = zonedDateTime(values.date, values.time, familyClock().timeZone);
      const parsed = doseInput.safeParse({ ...values, givenAt, status });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const path = issue.path[0] === "givenAt" ? ["time"] : issue.path;
          ctx.addIssue({ code: "custom", path, message: issue.message });
        }
        return z.NEVER;
      }
      const { amount, reason, notes } = parsed.data;
      return { medicationId: values.medicationId, givenAt, status, amount, reason, notes };
    }) as unknown as z.ZodType<DoseBody, FieldValues>;
}

/** A new dose: the medication's usual amount (its dosage), at `at` (now) on the family's clock. */
export function doseFormValues(
  medication: { id: string; dosage: string } | null,
  at: Date,
  timeZone: string,
): DoseFormValues {
  return {
    medicationId: medication?.id ?? "",
    date: todayIn(timeZone, at),
    time: timeIn(timeZone, at),
    amount: medication?.dosage ?? "",
    reason: "",
    notes: "",
  };
}
