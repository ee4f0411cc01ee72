import { differenceInYears } from "date-fns";
import { familyToday } from "./clock";

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

/** The family's today (`familyToday()`) as a Date at its local midnight, for calendar arithmetic. */
const familyTodayDate = () => {
  const [y, m, d] = familyToday().split("-").map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};

/** Whole years from a yyyy-MM-dd birth date to `today` (local calendar dates; the family's by default). */
export function ageFromDateOfBirth(dateOfBirth: string, today: Date = familyTodayDate()): number | null {
  const [y, m, d] = dateOfBirth.split("-").map(Number);
  if (!y || !m || !d) return null;
  const years = differenceInYears(today, new Date(y, m - 1, d));
  return years >= 0 ? years : null;
}

/**
 * The card's age line: the stored age when present, else whole years from the date of birth,
 * else 'Age not specified'; 'year' when the age is 1.
 */
export function childAgeLabel(
  child: { age: number | null; dateOfBirth: string | null },
  today: Date = familyTodayDate(),
): string {
  const age = child.age ?? (child.dateOfBirth ? ageFromDateOfBirth(child.dateOfBirth, today) : null);
  if (age === null || age === undefined) return "Age not specified";
  return `${age} ${age === 1 ? "year" : "years"} old`;
}
