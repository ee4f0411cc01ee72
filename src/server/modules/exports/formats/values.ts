import { format } from "date-fns";
import type { ExportColumn } from "../export-sections";

/** Columns a person reading a report does not need: ids, and the bookkeeping timestamps. */
export const isReadable = (column: ExportColumn) =>
  column.kind !== "id" && column.key !== "updatedAt" && column.key !== "createdAt";

const longDate = (value: string) => {
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  return format(new Date(y, m - 1, d), "MMM d, yyyy");
};

/**
 * A value as a person reads it in a report: dates 'MMM d, yyyy', lists joined, yes/no for
 * booleans, the child's name for a child id; empty for nothing.
 */
export function readableValue(
  column: ExportColumn,
  value: unknown,
  childNames?: Map<string, string>,
): string {
  if (value === null || value === undefined || value === "") return "";
  if (column.key === "childId") return childNames?.get(String(value)) ?? "";
  switch (column.kind) {
    case "date":
      return longDate(String(value));
    case "timestamp":
      return value instanceof Date ? format(value, "MMM d, yyyy HH:mm") : String(value);
    case "list":
      return Array.isArray(value) ? value.join(", ") : String(value);
    case "boolean":
      return value ? "Yes" : "No";
    default:
      if (column.key === "isPrivate") return value === 1 ? "Yes" : "No";
      return String(value);
  }
}

/** A section's readable columns, with the child's name in place of its id ('Child'). */
export function reportColumns(columns: readonly ExportColumn[]): ExportColumn[] {
  return columns
    .filter((c) => isReadable(c) || c.key === "childId")
    .map((c) => (c.key === "childId" ? { ...c, label: "Child" } : c));
}
