import { formatClockTime, formatDateTime } from "@/client/lib/format";
import type { OutboxEntry } from "@/client/lib/outbox/entry";
import { familyClock, todayIn } from "@/domain/clock";

/** One field an edit changed that someone else changed too: what this phone holds, what the server has. */
export interface ConflictRow {
  field: string;
  label: string;
  mine: string;
  theirs: string;
}

/** Fields a person does not type: never compared. */
const NOT_COMPARED = new Set([
  "id",
  "version",
  "familyId",
  "createdAt",
  "updatedAt",
  "createdBy",
  "updatedBy",
  "createdByName",
  "updatedByName",
  "confirm",
]);

/** "medicationId" → "Medication", "dateOfBirth" → "Date of birth": the field's name in words. */
export function fieldLabel(field: string): string {
  const words = field
    .replace(/Id$/, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A value as a person reads it: empty as "(empty)", lists joined, yes/no for a switch. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  if (Array.isArray(value)) return value.length ? value.map(valueText).join(", ") : "(empty)";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

const same = (a: unknown, b: unknown) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null) ||
  (a !== null && b !== null && a !== undefined && b !== undefined && String(a) === String(b));

/**
 * The two versions side by side: each field the waiting edit sends whose value differs from the
 * record as the server now holds it. Fields only the other person changed are not listed: keeping
 * this phone's edit sends only what it changed, so theirs stay.
 */
export function conflictRows(
  entry: Pick<OutboxEntry, "body">,
  current: Record<string, unknown>,
): ConflictRow[] {
  return Object.entries(entry.body ?? {})
    .filter(([field, mine]) => !NOT_COMPARED.has(field) && !same(mine, current[field]))
    .map(([field, mine]) => ({
      field,
      label: fieldLabel(field),
      mine: valueText(mine),
      theirs: valueText(current[field]),
    }));
}

/**
 * Who changed the record meanwhile, and when, on the family's clock: "Changed by Maria Lopez at
 * 03:12" today, with its date on another day; "Changed by someone" when the server names nobody.
 */
export function changedByText(current: Record<string, unknown>, now: Date = new Date()): string {
  const name =
    typeof current.updatedByName === "string" && current.updatedByName ? current.updatedByName : null;
  const who = name ? `Changed by ${name}` : "Changed by someone else";
  const at = typeof current.updatedAt === "string" ? new Date(current.updatedAt) : null;
  if (!at || Number.isNaN(at.getTime())) return who;
  const { timeZone } = familyClock();
  return todayIn(timeZone, at) === todayIn(timeZone, now)
    ? `${who} at ${formatClockTime(at, timeZone)}`
    : `${who} on ${formatDateTime(at, timeZone)}`;
}
