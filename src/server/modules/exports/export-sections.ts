import { setImmediate } from "node:timers/promises";
import { and, asc, eq, getTableColumns, gte, lte, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { ExportScope } from "../../../domain/exports";
import type { Db } from "../../db/client";
import { childScope, type FamilyView, inView } from "../../lib/child-scope";
import type { OwnedTable } from "../../lib/owned-records";
import { RECORD_NAMES, RECORD_TYPES, type RecordName, type RecordTypeDeclaration } from "../record-types";

export type SectionName = RecordName;

/** How a column's values read, for formats that type their cells (a spreadsheet, FHIR). */
export type ColumnKind = "id" | "text" | "list" | "integer" | "decimal" | "boolean" | "date" | "timestamp";

export interface ExportColumn {
  key: string;
  label: string;
  kind: ColumnKind;
}

/**
 * How a section follows a chosen child: "self" (the children: only that one), "exact" (records
 * that always belong to a child), "withUnlinked" (also the records linked to no child); sections
 * without a child link (the care team, supplies) are always whole.
 */
export type SectionChildScope = "self" | "exact" | "withUnlinked";

export interface ExportSection {
  name: SectionName;
  /** The heading a person reads: 'TPN Entries'. */
  title: string;
  table: OwnedTable;
  columns: ExportColumn[];
  /** The column a date range applies to; undated sections are whole. */
  dateKey?: string;
  /** The date a person reads the records in order of (the date range's column, or a line's insertion). */
  orderKey?: string;
  childScope?: SectionChildScope;
}

/** Labels that say more than the field's name (units, abbreviations). */
const LABELS: Record<string, string> = {
  id: "ID",
  childId: "Child ID",
  supplyId: "Supply ID",
  piccLineId: "Line",
  calories: "Calories (kcal)",
  protein: "Protein (g)",
  carbohydrates: "Carbohydrates (g)",
  fat: "Fat (g)",
  volume: "Volume (mL)",
  duration: "Duration",
  costPerUnit: "Cost per unit ($)",
  photoUrl: "Photo",
  isActive: "Active",
  gestationalAgeWeeks: "Gestational age at birth (weeks)",
  gestationalAgeDays: "Gestational age at birth (days beyond the weeks)",
  isPrivate: "Private",
  externalLengthCm: "External length (cm)",
  dwellMinutes: "Dwell (minutes)",
  withLipids: "With lipids",
  lipidsAlone: "Lipids alone",
  alteplaseUsed: "Alteplase used",
  dressingTransparentHours: "Transparent dressing interval (hours)",
  dressingGauzeHours: "Gauze dressing interval (hours)",
  tubingWithLipidsHours: "Tubing with lipids interval (hours)",
  tubingHours: "Tubing interval (hours)",
  tubingLipidsAloneHours: "Lipids-alone tubing interval (hours)",
  connectorHours: "Connector interval (hours)",
  lockHours: "Lock interval (hours)",
  medicationId: "Medication",
  givenAt: "Given at",
  scheduleKind: "Schedule",
  scheduleTimes: "Schedule times",
  intervalHours: "Hours apart",
  pnPrescriptionId: "Prescription",
  bagVolumeMl: "Bag volume (mL)",
  infusionHours: "Infusion (hours)",
  rateMlPerHour: "Rate (mL/h)",
  taperUpMinutes: "Taper up (minutes)",
  taperDownMinutes: "Taper down (minutes)",
  taperUpSteps: "Taper up (steps at % of full rate)",
  taperDownSteps: "Taper down (steps at % of full rate)",
  lipidPercent: "Lipid emulsion (energy used)",
  dextrosePercent: "Dextrose (%)",
  aminoAcidsG: "Amino acids (g)",
  lipidG: "Lipid (g)",
};

/** "doctorName" -> "Doctor name". */
function labelOf(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return LABELS[key] ?? words.charAt(0).toUpperCase() + words.slice(1);
}

function kindOf(column: PgColumn): ColumnKind {
  switch (column.columnType) {
    case "PgUUID":
      return "id";
    case "PgArray":
      return "list";
    case "PgInteger":
    case "PgBigInt53":
      return "integer";
    case "PgNumeric":
    case "PgNumericNumber":
      return "decimal";
    case "PgBoolean":
      return "boolean";
    case "PgDateString":
    case "PgDate":
      return "date";
    case "PgTimestamp":
    case "PgTimestampString":
      return "timestamp";
    default:
      return "text";
  }
}

/**
 * Columns no export a person reads carries: the family (the export is of one family) and who added
 * and changed a record or is told first of a task (ids of accounts on this server). The backup and
 * the JSON export keep those ids, with the people they are in the file's head (`family-backup.ts`).
 * No export carries a record's version (how many times it was written on this server: a restored
 * record starts again at 1).
 */
const NOT_EXPORTED = new Set(["familyId", "createdBy", "updatedBy", "assigneeId", "version"]);
/** What the backup and the JSON export leave out: they name the people, for a restore to find again. */
const FAMILY_COLUMN = new Set(["familyId", "version"]);

/**
 * Every section of an export with its columns, read from the tables themselves (less the family and the authors),
 * so a new column appears in every format without a list to keep in step.
 */
export const EXPORT_SECTIONS: readonly ExportSection[] = RECORD_NAMES.map((name) => {
  const {
    title,
    table,
    dateKey,
    orderKey = dateKey,
    childScope: listScope,
    exportsOnlyChosenChild,
  }: RecordTypeDeclaration = RECORD_TYPES[name];
  const columns = Object.entries(getTableColumns(table))
    .filter(([key]) => !NOT_EXPORTED.has(key))
    .map(([key, column]) => ({ key, label: labelOf(key), kind: kindOf(column as PgColumn) }));
  // The children follow a chosen child by their own id; the others as their lists do.
  const sectionScope: SectionChildScope | undefined = exportsOnlyChosenChild ? "self" : listScope;
  return {
    name,
    title,
    table,
    columns,
    ...(dateKey ? { dateKey } : {}),
    ...(orderKey ? { orderKey } : {}),
    ...(sectionScope ? { childScope: sectionScope } : {}),
  };
});

/** The filters of a section for an export's scope: its chosen child and its date range. */
function scopeFilters(section: ExportSection, scope: ExportScope): SQL[] {
  const t = section.table as OwnedTable & Record<string, PgColumn>;
  const filters: SQL[] = [];
  if (scope.childId && section.childScope) {
    filters.push(
      section.childScope === "self"
        ? eq(t.id, scope.childId)
        : childScope(t.childId!, scope.childId, section.childScope),
    );
  }
  if (section.dateKey) {
    const column = t[section.dateKey]!;
    if (scope.from) filters.push(gte(column, scope.from));
    if (scope.to) filters.push(lte(column, scope.to));
  }
  return filters;
}

/**
 * The columns of a section that hold a value in at least one record of the export's scope, in
 * one aggregate query: a report leaves the others out, so a table has room for what was written.
 */
export async function filledColumns(
  db: Db,
  view: FamilyView,
  section: ExportSection,
  scope: ExportScope = {},
): Promise<Set<string>> {
  const t = section.table as OwnedTable & Record<string, PgColumn>;
  const columns = section.columns.filter(
    (c) => c.kind !== "id" || c.key === "childId" || c.key.endsWith("Id"),
  );
  const filled = (key: string, kind: ColumnKind) => {
    const column = t[key]!;
    if (kind === "list") return sql<boolean>`bool_or(cardinality(${column}) > 0)`;
    // A JSON list (a PN taper's steps): written when it holds something.
    if (column.columnType === "PgJsonb") return sql<boolean>`bool_or(${column} <> '[]'::jsonb)`;
    if (kind === "text") return sql<boolean>`bool_or(${column} <> '')`;
    return sql<boolean>`bool_or(${column} is not null)`;
  };
  const [row] = (await db
    .select(Object.fromEntries(columns.map((c) => [c.key, filled(c.key, c.kind)])))
    .from(t)
    .where(and(inView(view, t), ...scopeFilters(section, scope)))) as Record<string, boolean | null>[];
  return new Set(columns.filter((c) => row?.[c.key]).map((c) => c.key));
}

/** How long an export's work may hold the process before it lets other requests in. */
const PAUSE_AFTER_MS = 20;

/**
 * A pause that gives the event loop a turn once `ms` have passed since the last one, and
 * otherwise costs nothing: for loops of synchronous work that must not hold up other requests.
 */
export function turnEvery(ms: number) {
  let since = performance.now();
  const pause = async () => {
    if (performance.now() - since < ms) return;
    await setImmediate();
    since = performance.now();
  };
  pause.reset = () => {
    since = performance.now();
  };
  return pause;
}

/** Rows per page of an export: small enough that one page's query is a few milliseconds. */
export const EXPORT_PAGE_SIZE = 250;

/**
 * A row's place in the export's order, as the database writes it: its creation time to the
 * microsecond (PostgreSQL keeps microseconds; a JavaScript Date holds milliseconds, and a cursor
 * kept in one repeated or skipped every row sharing the last one's millisecond) and its id.
 */
const cursorOf = (t: OwnedTable) =>
  sql<string>`to_char(${t.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The order a section's rows are read in: "created" (as they were written: the backup and the
 * machine formats), or "date" (by the record's own date, then as written: what a person reads;
 * sections without a date stay as written).
 */
export type RowOrder = "created" | "date";

/**
 * One section's rows of one family (those its member sees), oldest first, read a page at a time (keyset on creation time
 * and id, compared in the database at its own precision), so a ten-year history never sits in
 * memory whole. Between pages the event loop is given back: the embedded database answers a
 * query without yielding, so a long export read page after page would hold up every other
 * request of the process. Rows leave without their owner.
 */
export async function* sectionRows(
  db: Db,
  view: FamilyView,
  section: ExportSection,
  scope: ExportScope = {},
  pageSize = EXPORT_PAGE_SIZE,
  order: RowOrder = "created",
  /** The machine formats a restore reads: who added and changed each record and who is told first. */
  withPeople = false,
): AsyncGenerator<Record<string, unknown>> {
  const t = section.table;
  // By date: a range of the (owner, date, creation time, id) index (see exportDateOrder).
  const dated =
    order === "date" && section.orderKey
      ? (t as OwnedTable & Record<string, PgColumn>)[section.orderKey]
      : undefined;
  const pause = turnEvery(PAUSE_AFTER_MS);
  let after: { cursor: string; id: string; date: string } | undefined;
  for (;;) {
    const filters: (SQL | undefined)[] = [inView(view, t), ...scopeFilters(section, scope)];
    if (after) {
      filters.push(
        dated
          ? sql`(${dated}, ${t.createdAt}, ${t.id}) > (${after.date}::date, ${after.cursor}::timestamptz, ${after.id}::uuid)`
          : sql`(${t.createdAt}, ${t.id}) > (${after.cursor}::timestamptz, ${after.id}::uuid)`,
      );
    }
    const page = (await db
      .select({ row: getTableColumns(t), cursor: cursorOf(t) })
      .from(t)
      .where(and(...filters))
      .orderBy(...(dated ? [asc(dated)] : []), asc(t.createdAt), asc(t.id))
      .limit(pageSize)) as { row: Record<string, unknown>; cursor: string }[];
    for (const { row } of page) {
      for (const key of withPeople ? FAMILY_COLUMN : NOT_EXPORTED) delete row[key];
      yield row;
      // The format's own work on each row (a PDF's lines, a sheet's cells) runs between these
      // yields: a turn of the event loop whenever it has held the process for a while.
      await pause();
    }
    if (page.length < pageSize) return;
    const last = page.at(-1)!;
    after = {
      cursor: last.cursor,
      id: last.row.id as string,
      date: dated ? String(last.row[section.orderKey!]) : "",
    };
    await setImmediate();
    pause.reset();
  }
}
