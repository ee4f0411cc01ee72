import {
  and,
  eq,
  getTableColumns,
  getTableName,
  isNull,
  or,
  type Placeholder,
  type SQL,
  sql,
} from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

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

/**
 * What a request may see of a family (DESIGN section 3): the family, and for a membership limited
 * to some children, those children (`childIds`; null: every child). The other children, and their
 * records, do not exist for it: they are answered as missing, in lists, counts and exports alike.
 * Records linked to no child (the care team, the supplies, an unlinked note) are the family's and
 * are seen by every member.
 */
export interface FamilyView {
  familyId: string;
  childIds: readonly string[] | null;
}

/**
 * A list of ids as one parameter, a uuid[] (drizzle would spread a bare array into one parameter
 * per item): `column = any(${uuidArray(ids)})`.
 */
export const uuidArray = (ids: readonly string[]): SQL => sql`${sql.param([...ids])}::uuid[]`;

/** The whole family: for work that is not a member's (sweeps, a restore's journal, tests). */
export const wholeFamily = (familyId: string): FamilyView => ({ familyId, childIds: null });

/**
 * The rows of `table` a view may see: the family's, and when the view is limited to some children,
 * those of its children and those linked to no child (for the children's own table, the children
 * themselves). `childIds` may be a placeholder of a prepared query.
 */
export function childVisibility(
  table: PgTable & { id: PgColumn },
  childIds: readonly string[] | Placeholder,
): SQL {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const ids = Array.isArray(childIds) ? uuidArray(childIds) : sql`${childIds}::uuid[]`;
  if (getTableName(table) === "children") return sql`${table.id} = any(${ids})`;
  const child = columns.childId;
  if (!child) return sql`true`;
  return sql`(${child} is null or ${child} = any(${ids}))`;
}

/** The family's rows of `table` that `view` may see (see `FamilyView`). */
export function inView(view: FamilyView, table: PgTable & { id: PgColumn; familyId: PgColumn }): SQL {
  const family = eq(table.familyId, view.familyId);
  return view.childIds ? (and(family, childVisibility(table, view.childIds)) as SQL) : family;
}

/**
 * Whether `view` (a request's, a member's) may see the child `childId`: a child of its family it is
 * not limited away from; a record of no child, every member sees. The only rule of it.
 */
export const seesChild = (view: Pick<FamilyView, "childIds">, childId: string | null | undefined): boolean =>
  !childId || !view.childIds || view.childIds.includes(childId);
