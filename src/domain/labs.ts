import { z } from "zod";
import { isoDate, oneOf, optionalId, optionalText, requiredText } from "./fields";
import { childLinkField, dateOnly, nullableText, recordBase, type Wire } from "./records";

export const LAB_STATUSES = ["pending", "completed", "reviewed"] as const;
export type LabStatus = (typeof LAB_STATUSES)[number];

/** How each status reads on the form, the card's badge and in the exports. */
export const LAB_STATUS_LABELS: Record<LabStatus, string> = {
  pending: "Pending",
  completed: "Completed",
  reviewed: "Reviewed",
};

export const labTestInput = z.object({
  childId: optionalId(),
  testName: requiredText("Test name"),
  date: isoDate("Date"),
  orderedBy: optionalText(200),
  results: optionalText(),
  normalRange: optionalText(200),
  status: oneOf("Status", LAB_STATUSES),
  notes: optionalText(),
});

export type LabTestInput = z.input<typeof labTestInput>;

export const labTestRecord = z.object({
  ...recordBase,
  ...childLinkField,
  testName: z.string(),
  date: dateOnly,
  orderedBy: nullableText,
  results: nullableText,
  normalRange: nullableText,
  status: z.enum(LAB_STATUSES),
  notes: nullableText,
});
export type LabTest = Wire<typeof labTestRecord>;
