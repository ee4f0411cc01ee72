import { z } from "zod";
import { oneOf, optionalId, optionalIsoDate, optionalText, requiredText } from "./fields";

export const ALLERGY_SEVERITIES = ["mild", "moderate", "severe", "life-threatening"] as const;

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
