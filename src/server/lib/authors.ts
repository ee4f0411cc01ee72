import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { users } from "../db/schema/index";

/**
 * A person's name as the screens show who did something: "First Last", else the email; null when
 * the account is gone. A correlated lookup by primary key, so a page of records costs one index
 * probe per author and needs no join in the list's shape.
 */
export function personName(person: PgColumn | SQL): SQL<string | null> {
  return sql<
    string | null
  >`(select coalesce(nullif(btrim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''), ${users.email}) from ${users} where ${users.id} = ${person})`;
}

/**
 * What a record is read as: every column of its table, and for a table that keeps its authors, the
 * names of who added it and who changed it last (`createdByName`, `updatedByName`), so every answer
 * can say who did what.
 */
export function recordSelection(table: PgTable): Record<string, PgColumn | SQL> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  if (!("createdBy" in columns) || !columns.updatedBy) return columns;
  return {
    ...columns,
    createdByName: personName(columns.createdBy!),
    updatedByName: personName(columns.updatedBy),
  };
}

/** `recordSelection` of a table known to keep its authors, typed for drizzle's `select`/`returning`. */
export function authoredSelection<T extends PgTable & { createdBy: PgColumn; updatedBy: PgColumn }>(
  table: T,
) {
  return {
    ...getTableColumns(table),
    createdByName: personName(table.createdBy),
    updatedByName: personName(table.updatedBy),
  };
}
