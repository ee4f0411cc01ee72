import { z } from "zod";
import { DEFAULT_AVATAR_COLOR } from "./child-age";
import {
  acrossFields,
  type FieldIssue,
  notFutureDate,
  oneOf,
  optionalDate,
  optionalInt,
  optionalText,
  text,
} from "./fields";
import { nullableDate, nullableInt, nullableText, recordBase, type Wire } from "./records";

export { AVATAR_COLORS, ageFromDateOfBirth, childAgeLabel, DEFAULT_AVATAR_COLOR } from "./child-age";

export const GENDERS = ["male", "female"] as const;
export type Gender = (typeof GENDERS)[number];

/** How each value reads on the form and in the exports. */
export const GENDER_LABELS: Record<Gender, string> = { male: "Male", female: "Female" };
export const MAX_CHILD_AGE = 25;

/**
 * Gestational age at birth, as a clinic writes it (30+4: 30 weeks 4 days), for corrected age
 * (growth-age.ts): from 22 weeks, the limit of viability, to 44, beyond post-term.
 */
export const GESTATION_WEEKS = { min: 22, max: 44 } as const;

/** Days of the gestational age need its weeks. */
export const childIssues = (child: {
  gestationalAgeWeeks: number | null;
  gestationalAgeDays: number | null;
}): FieldIssue[] =>
  child.gestationalAgeDays !== null && child.gestationalAgeWeeks === null
    ? [{ path: "gestationalAgeWeeks", message: "Give the weeks of the gestational age with its days" }]
    : [];

export const childInput = z
  .object({
    // Spelled out: the spec's exact message for the child form.
    name: text({ error: "Name is required" })
      .trim()
      .min(1, "Name is required")
      .max(200, "Name must be at most 200 characters"),
    dateOfBirth: optionalDate(notFutureDate("Date of birth")),
    age: optionalInt("Age", 0, MAX_CHILD_AGE),
    gender: z
      .union([z.literal(""), z.null(), oneOf("Gender", GENDERS)])
      .optional()
      .transform((v) => (v ? v : null)),
    gestationalAgeWeeks: optionalInt("Gestational age (weeks)", GESTATION_WEEKS.min, GESTATION_WEEKS.max),
    gestationalAgeDays: optionalInt("Gestational age (days)", 0, 6),
    medicalDiagnosis: optionalText(),
    avatarColor: z
      .union([
        z.literal(""),
        z.null(),
        z.string().regex(/^#[0-9a-fA-F]{6}$/, "Colour must be a hex colour such as #3B82F6"),
      ])
      .optional()
      .transform((v) => (v ? v.toUpperCase() : DEFAULT_AVATAR_COLOR)),
    notes: optionalText(),
  })
  .check(acrossFields(["gestationalAgeWeeks", "gestationalAgeDays"], childIssues));

export type ChildInput = z.input<typeof childInput>;

/** A child profile as the API returns it. */
export const childRecord = z.object({
  ...recordBase,
  name: z.string(),
  dateOfBirth: nullableDate,
  age: nullableInt,
  gender: z.enum(GENDERS).nullable(),
  gestationalAgeWeeks: nullableInt,
  gestationalAgeDays: nullableInt,
  medicalDiagnosis: nullableText,
  avatarUrl: nullableText,
  avatarColor: z.string(),
  notes: nullableText,
  isActive: z.number().int(),
});
export type Child = Wire<typeof childRecord>;
