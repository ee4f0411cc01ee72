import { and, desc, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { can, REFUSED } from "../../domain/roles";
import type { Tx } from "../db/client";
import { children } from "../db/schema/index";
import { redactAudit, writeAudit } from "./audit";
import { withAuthorNames } from "./authors";
import { childScope, childVisibility, type FamilyView, inView } from "./child-scope";
import { forbidden, invalidRecord, notFound } from "./errors";
import {
  type ListOptions,
  MAX_PAGE_SIZE,
  type OwnedRecordType,
  type OwnedReference,
  type OwnedTable,
  PAGE_SIZE,
  type Page,
  type RecordChange,
  type RowOf,
  type ValuesOf,
} from "./owned-record-type";
import type { WriteContext } from "./transaction";

export {
  type ListFilter,
  type ListOptions,
  MAX_PAGE_SIZE,
  type OwnedRecordType,
  type OwnedReference,
  type OwnedTable,
  PAGE_SIZE,
  type Page,
  type RecordChange,
  type RecordHooks,
  type RowOf,
  type ValuesOf,
} from "./owned-record-type";

/**
 * The default order of a list: newest first by the record's `date`, then by its `time` of day
 * (an entry of that day without a time after the timed ones: it cannot be placed among them),
 * then by when it was recorded. A table without a date goes by creation alone.
 */
function newestFirst(t: OwnedTable & Record<string, PgColumn>): SQL[] {
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
function pageKeys(t: OwnedTable & Record<string, PgColumn>, dateColumn?: PgColumn): SQL[] {
  const columns = getTableColumns(t);
  const date = dateColumn ?? ("date" in columns ? t.date : undefined);
  return [
    ...(date ? [sql`${date}`] : []),
    ...("time" in columns ? [sql`coalesce(${t.time}, '')`] : []),
    sql`${t.createdAt}`,
    sql`${t.id}`,
  ];
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const childReference: OwnedReference = { field: "childId", table: children, label: "Child" };

/**
 * The record layer's own check of the actor's role, beside the route's (`plugins/access.ts`): a
 * change that reaches it from any path (a route, a restore, a task) is refused for a viewer.
 */
function assertMayWrite(ctx: WriteContext) {
  if (!can(ctx.role, "write")) throw forbidden(REFUSED.write);
}

/** Why a member limited to some children cannot add a child (they would not see it). */
export const LIMITED_ADDS_NO_CHILD =
  "Your access to this family is limited to some children: ask the family's owner to add a child.";

/**
 * The family-scoped query functions of one record type: list, get, create, update, remove. Every
 * query is scoped by the family, and another family's id is answered as missing; every change
 * records who made it (`createdBy`, `updatedBy`; each record is read with their names), every change
 * checks its links, writes an audit row and runs the type's hooks in the caller's transaction
 * (`inTransaction`), so the change, its side effects and its audit row commit together.
 */
export function ownedRecords<T extends OwnedTable>(type: OwnedRecordType<T>) {
  const { table, entity, hooks } = type;
  // drizzle's generic table types do not survive this level of abstraction; the zod schemas are the contract.
  const t = table as unknown as OwnedTable & Record<string, PgColumn>;
  const columns = getTableColumns(table);
  const childColumn = "childId" in columns ? t.childId : undefined;
  const touchesUpdatedAt = "updatedAt" in columns;
  const hasAuthors = "createdBy" in columns;
  const isChildTable = table === (children as unknown);
  const references = [...(childColumn ? [childReference] : []), ...(type.references ?? [])];
  const keys = type.paged ? pageKeys(t, type.paged.dateColumn) : null;
  const orderBy = keys ? keys.map((key) => sql`${key} desc nulls last`) : (type.orderBy ?? newestFirst(t));
  type Row = RowOf<T>;
  /** Rows as answered: with their authors' names and the type's own figures (`extend`). */
  const named = async (tx: Tx, rows: Row[]): Promise<Row[]> => {
    const withNames = hasAuthors
      ? ((await withAuthorNames(
          tx,
          rows as unknown as { createdBy: string | null; updatedBy: string | null }[],
        )) as unknown as Row[])
      : rows;
    const family = (rows[0] as { familyId?: string } | undefined)?.familyId;
    return type.extend && family && withNames.length ? type.extend(tx, family, withNames) : withNames;
  };

  function ownedRow(view: FamilyView, id: string): SQL | undefined {
    // Not an id at all: nobody's record, answered like any missing one.
    if (!uuidPattern.test(id)) return undefined;
    return and(eq(t.id, id), inView(view, t));
  }

  /** Each linked record must be one the view sees: another family's, or a child kept from it, is a 404. */
  async function checkReferences(tx: Tx, view: FamilyView, values: Record<string, unknown>) {
    for (const ref of references) {
      const value = values[ref.field];
      if (typeof value !== "string") continue;
      const [found] = await tx
        .select({ id: ref.table.id })
        .from(ref.table)
        .where(and(eq(ref.table.id, value), inView(view, ref.table)));
      if (!found) throw notFound(ref.label);
    }
  }

  async function settle(ctx: WriteContext, change: RecordChange<Row>, id: string, row: Row) {
    // The row is written but not committed: throwing here rolls the change back.
    const issues = change.after ? (type.rule?.(change.after) ?? []) : [];
    if (issues.length > 0) throw invalidRecord(issues);
    await hooks?.inTransaction?.(ctx, change);
    if (change.action === "delete") await redactAudit(ctx.tx, ctx.familyId, [id]);
    await writeAudit(ctx.tx, {
      familyId: ctx.familyId,
      actorId: ctx.actorId,
      action: change.action,
      entity,
      entityId: id,
      childId: isChildTable ? id : ((row as { childId?: string | null }).childId ?? null),
      summary: change.action === "delete" ? null : type.summary(row),
    });
    const afterCommit = hooks?.afterCommit;
    if (afterCommit) ctx.afterCommit(() => afterCommit(change));
  }

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
      byShape.set(shape, query);
    }
    return query;
  }

  /**
   * A list's query, built once per database handle and shape (with or without a child, which
   * filters) and prepared: building a drizzle query costs more than running it for a short list.
   */
  const listQueries = new WeakMap<
    Tx,
    Map<string, { execute(values: Record<string, unknown>): Promise<unknown> }>
  >();
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
      byShape.set(shape, query);
    }
    return query;
  }

  return {
    type,

    /** The family's records the view sees, newest first. */
    async list(tx: Tx, view: FamilyView, options: ListOptions = {}): Promise<Row[]> {
      const values: Record<string, unknown> = { familyId: view.familyId };
      if (view.childIds) values.childIds = view.childIds;
      const withChild = Boolean(options.childId && childColumn && type.childScope);
      if (withChild) values.childId = options.childId;
      const filterNames: string[] = [];
      for (const name of Object.keys(type.listFilters ?? {})) {
        const value = options.where?.[name];
        if (value) {
          filterNames.push(name);
          values[`filter_${name}`] = value;
        }
      }
      return named(
        tx,
        (await listQuery(tx, withChild, Boolean(view.childIds), filterNames).execute(values)) as Row[],
      );
    },

    /**
     * One page of a paged list (`type.paged`): at most `limit` records after the record `after`
     * (an id from the page before; an unknown one gives an empty page), newest first.
     */
    async page(
      tx: Tx,
      view: FamilyView,
      options: ListOptions & { after?: string; limit?: number } = {},
    ): Promise<Page<Row>> {
      const limit = Math.min(Math.max(1, options.limit ?? PAGE_SIZE), MAX_PAGE_SIZE);
      const values: Record<string, unknown> = { familyId: view.familyId, limit: limit + 1 };
      if (view.childIds) values.childIds = view.childIds;
      const withChild = Boolean(options.childId && childColumn && type.childScope);
      if (withChild) values.childId = options.childId;
      const filterNames: string[] = [];
      for (const name of Object.keys(type.listFilters ?? {})) {
        const value = options.where?.[name];
        if (value) {
          filterNames.push(name);
          values[`filter_${name}`] = value;
        }
      }
      const after = options.after && uuidPattern.test(options.after) ? options.after : undefined;
      if (options.after && !after) return { rows: [], next: null };
      if (after) values.after = after;
      const rows = (await pageQuery(
        tx,
        withChild,
        Boolean(view.childIds),
        filterNames,
        Boolean(after),
      ).execute(values)) as Row[];
      const more = rows.length > limit;
      if (more) rows.length = limit;
      return {
        rows: await named(tx, rows),
        next: more ? String((rows.at(-1) as unknown as { id: string }).id) : null,
      };
    },

    /** One of the family's records the view sees, or undefined (also for another family's id). */
    async get(tx: Tx, view: FamilyView, id: string): Promise<Row | undefined> {
      const where = ownedRow(view, id);
      if (!where) return undefined;
      const [row] = await tx
        .select()
        .from(table as OwnedTable)
        .where(where);
      return row ? (await named(tx, [row as Row]))[0] : undefined;
    },

    async create(ctx: WriteContext, values: ValuesOf<T>): Promise<Row> {
      assertMayWrite(ctx);
      // A child is added by a member who sees every child: one limited to some would not see it.
      if (isChildTable && ctx.childIds) throw forbidden(LIMITED_ADDS_NO_CHILD);
      await checkReferences(ctx.tx, ctx, values as Record<string, unknown>);
      if (hooks?.prepare) {
        values = (await hooks.prepare(ctx, values as Record<string, unknown>, null)) as ValuesOf<T>;
      }
      const [created] = (await ctx.tx
        .insert(table)
        .values({
          ...values,
          familyId: ctx.familyId,
          ...(hasAuthors ? { createdBy: ctx.actorId, updatedBy: ctx.actorId } : {}),
        } as T["$inferInsert"])
        .returning()) as Row[];
      const row = (await named(ctx.tx, [created!]))[0]!;
      await settle(
        ctx,
        { action: "create", before: null, after: row },
        (row as unknown as { id: string }).id,
        row,
      );
      return row;
    },

    /** Changes the fields `values` holds (undefined ones stay). 404 for anybody else's id. */
    async update(ctx: WriteContext, id: string, values: ValuesOf<T>): Promise<Row> {
      assertMayWrite(ctx);
      const where = ownedRow(ctx, id);
      if (!where) throw notFound();
      let changes = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
      await checkReferences(ctx.tx, ctx, changes);
      let before: Row | null = null;
      if (hooks) {
        const [locked] = await ctx.tx
          .select()
          .from(table as OwnedTable)
          .where(where)
          .for("update");
        if (!locked) throw notFound();
        before = locked as Row;
      }
      if (hooks?.prepare) changes = await hooks.prepare(ctx, changes, before);
      const [updated] = (await ctx.tx
        .update(table)
        .set({
          ...changes,
          ...(touchesUpdatedAt ? { updatedAt: new Date() } : {}),
          ...(hasAuthors ? { updatedBy: ctx.actorId } : {}),
        } as ValuesOf<T>)
        .where(where)
        .returning()) as Row[];
      if (!updated) throw notFound();
      const [row] = await named(ctx.tx, [updated]);
      await settle(ctx, { action: "update", before, after: row! }, id, row!);
      return row!;
    },

    /** Deletes one record; its content leaves the audit log with it. 404 for anybody else's id. */
    async remove(ctx: WriteContext, id: string): Promise<Row> {
      assertMayWrite(ctx);
      const where = ownedRow(ctx, id);
      if (!where) throw notFound();
      const [deleted] = (await ctx.tx.delete(table).where(where).returning()) as Row[];
      if (!deleted) throw notFound();
      const [row] = await named(ctx.tx, [deleted]);
      await settle(ctx, { action: "delete", before: row!, after: null }, id, row!);
      return row!;
    },
  };
}

export type OwnedRecords<T extends OwnedTable> = ReturnType<typeof ownedRecords<T>>;
