import { z } from "zod";
import { commaList, isoDate, oneOf, optionalId, optionalInt, optionalText, optionalTime } from "./fields";
import {
  childLinkField,
  dateOnly,
  nullableInt,
  nullableText,
  recordBase,
  textList,
  type Wire,
} from "./records";

export const SYMPTOM_SEVERITIES = ["mild", "moderate", "severe"] as const;
export type SymptomSeverity = (typeof SYMPTOM_SEVERITIES)[number];

/** The pain scale's labels (spec section 4). */
export function painLabel(level: number): string {
  if (level <= 1) return "No Pain";
  if (level <= 3) return "Mild";
  if (level <= 6) return "Moderate";
  if (level <= 8) return "Severe";
  if (level === 9) return "Very Severe";
  return "Worst Pain";
}

export const symptomEntryInput = z.object({
  childId: optionalId(),
  date: isoDate("Date"),
  time: optionalTime(),
  /** Typed comma-separated; stored as a trimmed list. */
  symptoms: commaList(),
  /** The form offers 1 to 10; 0 (no pain) is accepted as the heatmap reads 0 to 10. */
  painLevel: optionalInt("Pain level", 0, 10),
  severity: z
    .union([z.literal(""), z.null(), oneOf("Severity", SYMPTOM_SEVERITIES)])
    .optional()
    .transform((v) => (v ? v : null)),
  triggers: optionalText(),
  treatments: optionalText(),
  notes: optionalText(),
});

export type SymptomEntryInput = z.input<typeof symptomEntryInput>;

export const symptomEntryRecord = z.object({
  ...recordBase,
  ...childLinkField,
  date: dateOnly,
  time: nullableText,
  symptoms: textList,
  painLevel: nullableInt,
  severity: z.enum(SYMPTOM_SEVERITIES).nullable(),
  triggers: nullableText,
  treatments: nullableText,
  notes: nullableText,
});
export type SymptomEntry = Wire<typeof symptomEntryRecord>;
