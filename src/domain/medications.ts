import { z } from "zod";
import { commaList, optionalId, optionalIsoDate, optionalText, requiredText } from "./fields";
import { childLinkField, nullableDate, nullableText, recordBase, textList, type Wire } from "./records";

export const medicationInput = z.object({
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
});

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
