import { tzOffset } from "@date-fns/tz";
import { formatTimeOfDay, type TimeFormat } from "../../../../domain/time-format";
import { RECORD_TYPES, type RecordTypeDeclaration } from "../../record-types";
import type { ExportColumn, ExportSection } from "../export-sections";
import type { LinkNames } from "../link-names";
import { longDate, MONTHS } from "./dates";

/**
 * The readable formats (a spreadsheet, a CSV, a report) show a record as a person reads it: names
 * where the database keeps ids, the forms' labels where it keeps codes, Yes/No for flags, numbers
 * as written, and every instant in the family's time zone, named. The backup and FHIR keep the
 * stored values.
 */

/** How a readable value is typed: a spreadsheet keeps numbers and dates as such. */
export type ReadableKind = "text" | "number" | "money" | "date" | "instant";

/** text: a string; number and money: a number; date: 'yyyy-MM-dd'; instant: a Date. */
export type ReadableValue = string | number | Date | null;

type Row = Record<string, unknown>;

export interface ReadableColumn {
  key: string;
  label: string;
  kind: ReadableKind;
  value(row: Row, names: LinkNames): ReadableValue;
  /**
   * A measurement whose unit depends on the record (a vital's value): its number and unit, for a
   * spreadsheet to keep the number a number and show the unit in the cell's format.
   */
  measure?(row: Row): { amount: number; unit: string } | null;
  /** A figure worked out from the record (not a column): the columns it is worked out from. */
  from?: readonly string[];
}

/** Links shown by the name of what they link to. */
const LINKS: Record<string, { label: string; names: keyof LinkNames }> = {
  childId: { label: "Child", names: "children" },
  supplyId: { label: "Supply", names: "supplies" },
  // A PICC or a tunnelled line, named as the forms name it.
  piccLineId: { label: "Line", names: "lines" },
  medicationId: { label: "Medication", names: "medications" },
  // The version a bag followed, by the day it started.
  pnPrescriptionId: { label: "Prescription", names: "prescriptions" },
  // A lab result's lab test (of the Lab Tests screen), by its name.
  labTestId: { label: "Lab test", names: "labTests" },
};

/** Flags the database keeps as 1/0 (children, photos) or 'true'/'false' (medications). */
const STORED_FLAGS = new Set(["isActive", "isPrivate"]);

/** Columns that mean nothing outside the app: a screen colour, a picture's storage path. */
const HIDDEN = new Set(["id", "avatarColor", "avatarUrl", "photoUrl"]);

const INSTANT_LABELS: Record<string, string> = {
  createdAt: "Recorded",
  updatedAt: "Last changed",
  givenAt: "Given at",
};

const yesNo = (value: boolean) => (value ? "Yes" : "No");

/** 'double-lumen' -> 'Double lumen': a code no list knows, still in words. */
export function readableSlug(value: string): string {
  if (!/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/.test(value)) return value;
  const words = value.replace(/[-_]/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A column holding a time of day ("HH:mm"): a record's time, a bag's start and stop. */
const isTimeOfDay = (key: string) => key === "time" || /^[a-z]+Time$/.test(key);

function readableColumn(
  section: ExportSection,
  column: ExportColumn,
  timeZone: string,
  timeFormat: TimeFormat,
): ReadableColumn {
  const { key } = column;
  const declared: RecordTypeDeclaration = RECORD_TYPES[section.name];
  const { readable = {} } = declared;
  const label = readable.labels?.[key] ?? column.label;
  const link = LINKS[key];
  if (link) {
    return {
      key,
      label: link.label,
      kind: "text",
      value: (row, names) => (row[key] ? (names[link.names].get(String(row[key])) ?? null) : null),
    };
  }
  const unitOf = readable.units?.[key];
  if (unitOf) {
    // "38.3 °C", "21.4 kg": text, since a column of them holds several units; a spreadsheet
    // takes the number and the unit apart (`measure`).
    return {
      key,
      label,
      kind: "text",
      value: (row) =>
        row[key] === null || row[key] === undefined
          ? null
          : [numberText(Number(row[key])), unitOf(row)].filter(Boolean).join(" "),
      measure: (row) =>
        row[key] === null || row[key] === undefined
          ? null
          : { amount: Number(row[key]), unit: unitOf(row) ?? "" },
    };
  }
  const listCodes = readable.listCodes?.[key];
  if (listCodes) {
    return {
      key,
      label,
      kind: "text",
      value: (row) =>
        Array.isArray(row[key]) && row[key].length > 0
          ? (row[key] as string[]).map((code) => listCodes[code] ?? readableSlug(code)).join(", ")
          : null,
    };
  }
  const codes = readable.codes?.[key];
  if (codes) {
    return {
      key,
      label,
      kind: "text",
      value: (row) => (row[key] ? (codes[String(row[key])] ?? readableSlug(String(row[key]))) : null),
    };
  }
  const text = readable.texts?.[key];
  if (text) return { key, label, kind: "text", value: (row) => text(row) };
  if (STORED_FLAGS.has(key) || column.kind === "boolean") {
    return {
      key,
      label,
      kind: "text",
      value: (row) =>
        row[key] === null || row[key] === undefined ? null : yesNo(row[key] === true || row[key] === 1),
    };
  }
  switch (column.kind) {
    case "integer":
    case "decimal":
      return {
        key,
        label,
        kind: key === "costPerUnit" ? "money" : "number",
        value: (row) => (row[key] === null || row[key] === undefined ? null : Number(row[key])),
      };
    case "date":
      return { key, label, kind: "date", value: (row) => (row[key] ? String(row[key]) : null) };
    case "timestamp":
      return {
        key,
        label: `${INSTANT_LABELS[key] ?? label} (${timeZone})`,
        kind: "instant",
        value: (row) =>
          row[key] instanceof Date ? (row[key] as Date) : row[key] ? new Date(String(row[key])) : null,
      };
    case "list":
      return {
        key,
        label,
        kind: "text",
        value: (row) =>
          Array.isArray(row[key]) && row[key].length > 0 ? (row[key] as unknown[]).join(", ") : null,
      };
    default:
      return {
        key,
        label,
        kind: "text",
        value: (row) =>
          row[key] === null || row[key] === undefined || row[key] === ""
            ? null
            : isTimeOfDay(key)
              ? formatTimeOfDay(String(row[key]), timeFormat)
              : String(row[key]),
      };
  }
}

/**
 * A section's columns as a person reads them, in the table's order: ids left out, links named.
 * A report (`withTimes` false) also leaves out when each record was typed in, and the instant a
 * dose was given (its date and time of day on the family's clock are beside it).
 */
export function readableColumns(
  section: ExportSection,
  timeZone: string,
  { withTimes = true, timeFormat = "24h" }: { withTimes?: boolean; timeFormat?: TimeFormat } = {},
): ReadableColumn[] {
  const { readable } = RECORD_TYPES[section.name] as RecordTypeDeclaration;
  return section.columns
    .filter((c) => !HIDDEN.has(c.key) && (withTimes || c.kind !== "timestamp"))
    .filter((c) => !readable?.saidElsewhere?.includes(c.key))
    .filter((c) => c.kind !== "id" || c.key in LINKS)
    .flatMap((c) => [
      readableColumn(section, c, timeZone, timeFormat),
      // The figures worked out from the record (a feed's total), after the column they follow.
      ...(readable?.figures ?? [])
        .filter((figure) => figure.after === c.key)
        .map(
          (figure): ReadableColumn => ({
            key: figure.key,
            label: figure.label,
            kind: "number",
            from: figure.from,
            value: (row) => figure.value(row),
          }),
        ),
    ]);
}

/** An instant's wall-clock time in a zone, as a Date whose UTC fields read it (a spreadsheet has no zones). */
export function wallClock(instant: Date, timeZone: string): Date {
  return new Date(instant.getTime() + offsetMinutes(instant, timeZone) * 60_000);
}

/** Offsets change at most twice a year: kept by hour, so a long export asks Intl once an hour of records. */
const offsets = new Map<string, number>();
function offsetMinutes(instant: Date, timeZone: string): number {
  if (timeZone === "UTC") return 0;
  const key = `${timeZone}|${Math.floor(instant.getTime() / 3_600_000)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    if (offsets.size > 10_000) offsets.clear();
    offset = tzOffset(timeZone, instant);
    offsets.set(key, offset);
  }
  return offset;
}

const pad = (n: number) => String(n).padStart(2, "0");

export { longDate };

/** An instant in the zone: 'Nov 24, 2026 21:33' or '9:33 PM' (the column's label names the zone). */
export function instantText(instant: Date, timeZone: string, timeFormat: TimeFormat = "24h"): string {
  const local = wallClock(instant, timeZone);
  const time = formatTimeOfDay(`${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`, timeFormat);
  return `${MONTHS[local.getUTCMonth()]} ${local.getUTCDate()}, ${local.getUTCFullYear()} ${time}`;
}

/** A number as written: 1150, 850.5 (never 1150.00); money with its cents. */
export const numberText = (value: number, kind: ReadableKind = "number") =>
  kind === "money" ? value.toFixed(2) : String(value);

/** A readable value as text, for a report: 'Nov 20, 2026', '1150', 'Yes'. Empty for nothing. */
export function readableText(
  column: ReadableColumn,
  value: ReadableValue,
  timeZone: string,
  timeFormat: TimeFormat = "24h",
): string {
  if (value === null || value === "") return "";
  switch (column.kind) {
    case "number":
    case "money":
      return numberText(value as number, column.kind);
    case "date":
      return longDate(String(value));
    case "instant":
      return instantText(value as Date, timeZone, timeFormat);
    default:
      return String(value);
  }
}
