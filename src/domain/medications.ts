import { z } from "zod";
import {
  acrossFields,
  commaList,
  type FieldIssue,
  optionalId,
  optionalIsoDate,
  optionalText,
  requiredText,
} from "./fields";
import { childLinkField, nullableDate, nullableText, recordBase, textList, type Wire } from "./records";

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
  })
  .check(acrossFields(["startDate", "endDate"], medicationDateIssues));

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
});
export type Medication = Wire<typeof medicationRecord>;

export { isMedicationActive } from "./medication-status";
