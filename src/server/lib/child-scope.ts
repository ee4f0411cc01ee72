import { eq, isNull, or, type Placeholder, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/**
 * How a list follows the family's chosen child (`?childId=`):
 * - "exact": that child's records only (records that always belong to a child: TPN entries, lines);
 * - "withUnlinked": that child's records and the ones linked to no child (the header's filter).
 */
export type ChildScope = "exact" | "withUnlinked";

/** The one rule of the child filter, for record lists and the dashboard's counts alike. */
export function childScope(column: PgColumn, childId: string | Placeholder, scope: ChildScope): SQL {
  return scope === "exact" ? eq(column, childId) : (or(eq(column, childId), isNull(column)) as SQL);
}
