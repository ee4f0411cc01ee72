import { z } from "zod";
import {
  acrossFields,
  commaList,
  type FieldIssue,
  oneOf,
  optionalId,
  optionalInt,
  optionalText,
  optionalTime,
  pastDate,
} from "./fields";
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

/** How each severity reads on the form, the card and in the exports. */
export const SYMPTOM_SEVERITY_LABELS: Record<SymptomSeverity, string> = {
  mild: "Mild",
  moderate: "Moderate",
  severe: "Severe",
};

/** The pain scale's labels (spec section 4). */
export function painLabel(level: number): string {
  if (level <= 1) return "No Pain";
  if (level <= 3) return "Mild";
  if (level <= 6) return "Moderate";
  if (level <= 8) return "Severe";
  if (level === 9) return "Very Severe";
  return "Worst Pain";
}

export const NO_SYMPTOM_MESSAGE = "Enter at least one symptom or a pain level";

/** An entry records at least one symptom or a pain level; the issue sits on the symptoms field. */
export function symptomEntryIssues(entry: {
  symptoms: readonly string[];
  painLevel: number | null;
}): FieldIssue[] {
  return entry.symptoms.length > 0 || entry.painLevel !== null
    ? []
    : [{ path: "symptoms", message: NO_SYMPTOM_MESSAGE }];
}

export const symptomEntryInput = z
  .object({
    childId: optionalId(),
    date: pastDate("Date"),
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
  })
  .check(acrossFields(["symptoms", "painLevel"], symptomEntryIssues));

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
