import { toFormValues } from "@/client/components/record-screen/form-values";
import { type ChildInput, childInput, DEFAULT_AVATAR_COLOR } from "@/domain/children";
import type { Child } from "./api";

const FORM_KEYS = [
  "name",
  "dateOfBirth",
  "age",
  "gender",
  "gestationalAgeWeeks",
  "gestationalAgeDays",
  "medicalDiagnosis",
  "avatarColor",
  "notes",
] as const;

/** What the child dialog's inputs hold: strings only; `childInput` turns them into the body. */
export type ChildFormValues = Record<(typeof FORM_KEYS)[number], string>;

/** The server's schema: name required, age 0..25, gender male/female/empty, "" -> null. */
export const childFormSchema = childInput;

/** Names for the ten palette colours, so each swatch can be told apart without seeing it. */
export const AVATAR_COLOR_NAMES: Record<string, string> = {
  "#3B82F6": "Blue",
  "#EF4444": "Red",
  "#10B981": "Green",
  "#F59E0B": "Amber",
  "#8B5CF6": "Purple",
  "#F97316": "Orange",
  "#EC4899": "Pink",
  "#6B7280": "Gray",
  "#14B8A6": "Teal",
  "#84CC16": "Lime",
};

/** Empty fields (and the default colour) when adding; the child's values when editing. */
export function childFormValues(child: Child | null): ChildFormValues {
  const values = toFormValues(FORM_KEYS, child);
  values.avatarColor = values.avatarColor.toUpperCase() || DEFAULT_AVATAR_COLOR;
  // Gender is male, female or not given; anything else the database may hold shows as not given.
  if (values.gender !== "male" && values.gender !== "female") values.gender = "";
  return values;
}

/**
 * The request body: the validated values plus `userId: ""`, as the spec's client sends it (the
 * server takes the owner from the session and ignores the field).
 */
export function childRequestBody(values: ChildInput): ChildInput {
  const body: ChildInput & { userId: string } = { ...values, userId: "" };
  return body;
}

/** Case-insensitive substring search over name, diagnosis and notes (spec: done on the client). */
export function filterChildren<T extends Pick<Child, "name" | "medicalDiagnosis" | "notes">>(
  children: readonly T[],
  search: string,
): T[] {
  const term = search.trim().toLowerCase();
  if (!term) return [...children];
  return children.filter((child) =>
    [child.name, child.medicalDiagnosis, child.notes].some((text) => text?.toLowerCase().includes(term)),
  );
}
