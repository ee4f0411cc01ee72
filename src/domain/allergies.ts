import { z } from "zod";
import { oneOf, optionalId, optionalIsoDate, optionalText, requiredText } from "./fields";
import { childLinkField, nullableDate, nullableText, recordBase, type Wire } from "./records";

export const ALLERGY_SEVERITIES = ["mild", "moderate", "severe", "life-threatening"] as const;
export type AllergySeverity = (typeof ALLERGY_SEVERITIES)[number];

/** How each severity reads on the form, the card and in the exports. */
export const ALLERGY_SEVERITY_LABELS: Record<AllergySeverity, string> = {
  mild: "Mild",
  moderate: "Moderate",
  severe: "Severe",
  "life-threatening": "Life-threatening",
};

export const medicalAllergyInput = z.object({
  childId: optionalId(),
  allergen: requiredText("Allergen"),
  reaction: requiredText("Reaction", 1000),
  severity: oneOf("Severity", ALLERGY_SEVERITIES),
  dateDiscovered: optionalIsoDate("Date discovered"),
  treatment: optionalText(),
  notes: optionalText(),
});

export type MedicalAllergyInput = z.input<typeof medicalAllergyInput>;

export const medicalAllergyRecord = z.object({
  ...recordBase,
  ...childLinkField,
  allergen: z.string(),
  reaction: z.string(),
  severity: z.enum(ALLERGY_SEVERITIES),
  dateDiscovered: nullableDate,
  treatment: nullableText,
  notes: nullableText,
});
export type MedicalAllergy = Wire<typeof medicalAllergyRecord>;
