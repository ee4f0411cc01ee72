import { differenceInYears } from "date-fns";
import { z } from "zod";
import { notFutureDate, oneOf, optionalDate, optionalInt, optionalText, text } from "./fields";
import { nullableDate, nullableInt, nullableText, recordBase, type Wire } from "./records";

export const DEFAULT_AVATAR_COLOR = "#3B82F6";
/** The colour picker's ten colours (spec section 9). */
export const AVATAR_COLORS = [
  "#3B82F6",
  "#EF4444",
  "#10B981",
  "#F59E0B",
  "#8B5CF6",
  "#F97316",
  "#EC4899",
  "#6B7280",
  "#14B8A6",
  "#84CC16",
] as const;
export const GENDERS = ["male", "female"] as const;
export type Gender = (typeof GENDERS)[number];
export const MAX_CHILD_AGE = 25;

export const childInput = z.object({
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
});

export type ChildInput = z.input<typeof childInput>;

/** Whole years from a yyyy-MM-dd birth date to `today` (local calendar dates). */
export function ageFromDateOfBirth(dateOfBirth: string, today: Date = new Date()): number | null {
  const [y, m, d] = dateOfBirth.split("-").map(Number);
  if (!y || !m || !d) return null;
  const years = differenceInYears(today, new Date(y, m - 1, d));
  return years >= 0 ? years : null;
}

/**
 * The card's age line: the stored age when present, else whole years from the date of birth,
 * else 'Age not specified'; 'year' when the age is 1.
 */
export function childAgeLabel(child: Pick<Child, "age" | "dateOfBirth">, today: Date = new Date()): string {
  const age = child.age ?? (child.dateOfBirth ? ageFromDateOfBirth(child.dateOfBirth, today) : null);
  if (age === null || age === undefined) return "Age not specified";
  return `${age} ${age === 1 ? "year" : "years"} old`;
}

/** A child profile as the API returns it. */
export const childRecord = z.object({
  ...recordBase,
  name: z.string(),
  dateOfBirth: nullableDate,
  age: nullableInt,
  gender: z.enum(GENDERS).nullable(),
  medicalDiagnosis: nullableText,
  avatarUrl: nullableText,
  avatarColor: z.string(),
  notes: nullableText,
  isActive: z.number().int(),
});
export type Child = Wire<typeof childRecord>;
