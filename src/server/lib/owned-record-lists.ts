import { and, Column, desc, eq, getTableColumns, is, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Tx } from "../db/client";
import { childScope, childVisibility } from "./child-scope";
import type { OwnedRecordType, OwnedTable } from "./owned-record-type";

/**
 * The default order of a list: newest first by the record's `date`, then by its `time` of day
 * (an entry of that day without a time after the timed ones: it cannot be placed among them),
 * then by when it was recorded. A table without a date goes by creation alone.
 */
export function newestFirst(t: OwnedTable & Record<string, PgColumn>): SQL[] {
  const columns = getTableColumns(t);
  if (!("date" in columns)) return [desc(t.createdAt)];
  // Times are stored as zero-padded 'HH:mm', so text order is time order.
  const byTime = "time" in columns ? [sql`${t.time} desc nulls last`] : [];
  return [desc(t.date!), ...byTime, desc(t.createdAt)];
}

/**
 * A paged list's sort key, every part descending: the date, the time of day ('' without one, so
 * those come after the timed entries of their day), the creation time, and the id to break ties.
 */
export function pageKeys(t: OwnedTable & Record<string, PgColumn>, dateColumn?: PgColumn): SQL[] {
  const columns = getTableColumns(t);
  const date = dateColumn ?? ("date" in columns ? t.date : undefined);
  return [
    ...(date ? [sql`${date}`] : []),
    ...("time" in columns ? [sql`coalesce(${t.time}, '')`] : []),
    sql`${t.createdAt}`,
    sql`${t.id}`,
  ];
}

/**
 * The list and page queries of a record type, built once per database handle and shape (with or
 * without a child, limited to some children, with which filters) and prepared: building a drizzle
 * query costs more than running it for a short list.
 */
export function preparedLists<T extends OwnedTable>(
  type: OwnedRecordType<T>,
  t: OwnedTable & Record<string, PgColumn>,
  childColumn: PgColumn | undefined,
) {
  const { table, entity } = type;
  const keys = type.paged ? pageKeys(t, type.paged.dateColumn) : null;
  const orderBy = keys ? keys.map((key) => sql`${key} desc nulls last`) : (type.orderBy ?? newestFirst(t));
  const listQueries = new WeakMap<
    Tx,
    Map<string, { execute(values: Record<string, unknown>): Promise<unknown> }>
  >();

  /** A page's query: the list's, after a record (compared in the database, at its full precision). */
  function pageQuery(
    tx: Tx,
    withChild: boolean,
    limited: boolean,
    filterNames: readonly string[],
    after: boolean,
  ) {
    let byShape = listQueries.get(tx);
    if (!byShape) {
      byShape = new Map();
      listQueries.set(tx, byShape);
    }
    const shape = `page_${after ? "after" : "first"}_${withChild ? "child" : "all"}${limited ? "_limited" : ""}${filterNames.map((name) => `_${name}`).join("")}`;
    let query = byShape.get(shape);
    if (!query) {
      const filters: SQL[] = [eq(t.familyId, sql.placeholder("familyId"))];
      if (limited) filters.push(childVisibility(t, sql.placeholder("childIds")));
      if (withChild && childColumn && type.childScope) {
        filters.push(childScope(childColumn, sql.placeholder("childId"), type.childScope));
      }
      for (const name of filterNames) {
        filters.push(eq(type.listFilters![name]!.column, sql.placeholder(`filter_${name}`)));
      }
      if (after && keys) {
        const tuple = sql.join(keys, sql`, `);
        filters.push(
          sql`(${tuple}) < (select ${tuple} from ${table} where ${t.id} = ${sql.placeholder("after")} and ${t.familyId} = ${sql.placeholder("familyId")})`,
        );
      }
      query = tx
        .select()
        .from(table as OwnedTable)
        .where(and(...filters))
        .orderBy(...orderBy)
        .limit(sql.placeholder("limit"))
        .prepare(`${entity}_${shape}`.replace(/[^a-zA-Z0-9_]/g, "_"));
      readsRowsDirectly(query);
      byShape.set(shape, query);
    }
    return query;
  }

  /** A list's query: every record the filters keep. */
  function listQuery(tx: Tx, withChild: boolean, limited: boolean, filterNames: readonly string[]) {
    let byShape = listQueries.get(tx);
    if (!byShape) {
      byShape = new Map();
      listQueries.set(tx, byShape);
    }
    const shape = `${withChild ? "child" : "all"}${limited ? "_limited" : ""}${filterNames.map((name) => `_${name}`).join("")}`;
    let query = byShape.get(shape);
    if (!query) {
      const filters: SQL[] = [eq(t.familyId, sql.placeholder("familyId"))];
      if (limited) filters.push(childVisibility(t, sql.placeholder("childIds")));
      if (withChild && childColumn && type.childScope) {
        filters.push(childScope(childColumn, sql.placeholder("childId"), type.childScope));
      }
      for (const name of filterNames) {
        filters.push(eq(type.listFilters![name]!.column, sql.placeholder(`filter_${name}`)));
      }
      query = tx
        .select()
        .from(table as OwnedTable)
        .where(and(...filters))
        .orderBy(...orderBy)
        .prepare(`list_${entity}_${shape}`.replace(/[^a-zA-Z0-9_]/g, "_"));
      readsRowsDirectly(query);
      byShape.set(shape, query);
    }
    return query;
  }

  return { listQuery, pageQuery };
}

/**
 * What a prepared select of one table's columns holds, as both drivers' prepared queries keep it:
 * drizzle's internals, not its API, which is why package.json pins drizzle-orm at 0.45.4 exactly.
 */
interface PreparedSelect {
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/**
 * Makes a prepared select of a table's own columns turn each row into a record by a plain loop:
 * each column's value as drizzle reads it (a timestamp as a Date), under the column's name, as
 * drizzle's generic mapping does, but without asking each value's column what kind it is. That
 * asking cost about a twentieth of a short list's time. A query of another shape (a join, a
 * computed field: a path of more than one name), or a driver that keeps its queries otherwise, keeps drizzle's mapping.
 */
export function readsRowsDirectly(query: object): void {
  const prepared = query as PreparedSelect;
  const fields = prepared.fields;
  if (
    !("customResultMapper" in prepared) ||
    prepared.customResultMapper !== undefined ||
    !fields?.length ||
    !fields.every(({ path, field }) => path.length === 1 && is(field, Column))
  ) {
    return;
  }
  const keys = fields.map(({ path }) => path[0]!);
  const columns = fields.map(({ field }) => field as Column);
  const width = keys.length;
  prepared.customResultMapper = (rows) =>
    rows.map((row) => {
      const record: Record<string, unknown> = {};
      for (let i = 0; i < width; i++) {
        const value = row[i];
        record[keys[i]!] = value === null ? null : columns[i]!.mapFromDriverValue(value);
      }
      return record;
    });
}
