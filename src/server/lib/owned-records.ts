import { and, desc, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { AuditAction } from "../../domain/dashboard";
import type { FieldIssue } from "../../domain/fields";
import { can, REFUSED } from "../../domain/roles";
import type { Tx } from "../db/client";
import { children } from "../db/schema/index";
import { redactAudit, writeAudit } from "./audit";
import { withAuthorNames } from "./authors";
import { type ChildScope, childScope, childVisibility, type FamilyView, inView } from "./child-scope";
import { forbidden, invalidRecord, notFound } from "./errors";
import type { WriteContext } from "./transaction";

/** The columns every owned table has. */
export type OwnedTable = PgTable & { id: PgColumn; familyId: PgColumn; createdAt: PgColumn };
/** A stored record of `T`, read with the names of who added it and changed it last (`withAuthorNames`). */
export type RowOf<T extends OwnedTable> = T["$inferSelect"] &
  (T["$inferSelect"] extends { createdBy: unknown }
    ? { createdByName: string | null; updatedByName: string | null }
    : unknown);
/** What a request may set on a record of `T` (never its family, id, authors or timestamps: the input schemas drop them). */
export type ValuesOf<T extends OwnedTable> = Partial<T["$inferInsert"]>;

/** A field that points at another record of the family: it must belong to the same family. */
export interface OwnedReference {
  field: string;
  table: PgTable & { id: PgColumn; familyId: PgColumn };
  /** Names the record in the 404: 'Child not found'. */
  label: string;
}

/** One change of a record, as hooks see it: `before` is null for a create, `after` for a delete. */
export interface RecordChange<R> {
  action: AuditAction;
  before: R | null;
  after: R | null;
}

export interface RecordHooks<R> {
  /**
   * Runs inside the change's transaction before the row is written (a create, or an update with
   * `before` the stored record, locked): completes or checks the values a request sent (a dose's
   * date on the family's clock, its medication's child) and may refuse the change by throwing.
   * Answers the values to write.
   */
  prepare?(
    ctx: WriteContext,
    values: Record<string, unknown>,
    before: R | null,
  ): Promise<Record<string, unknown>>;
  /**
   * Runs inside the change's transaction, after the row is written: keep other records in step
   * (a supply's stock) or check a rule across records (an infection's line is the same child's).
   * Throwing rolls the whole change back.
   */
  inTransaction?(ctx: WriteContext, change: RecordChange<R>): Promise<void>;
  /** Runs once the change has committed (e.g. remove a stored file). */
  afterCommit?(change: RecordChange<R>): Promise<void>;
}

/** A record type owned by a user: its table and the rules every query of it follows. */
export interface OwnedRecordType<T extends OwnedTable> {
  /** The audit log's name of the record type, e.g. "care_team_member". */
  entity: string;
  table: T;
  /** How `childId` filters a list; lists ignore it when left out. */
  childScope?: ChildScope;
  /**
   * Other fields a list can be narrowed by (`?supplyId=`, `?category=`): the query parameter, its
   * column, and its allowed values (an id when left out).
   */
  listFilters?: Readonly<Record<string, ListFilter>>;
  /** Linked records checked for ownership; `childId` (when the table has it) always is. */
  references?: readonly OwnedReference[];
  /** Newest first by default (`newestFirst`): the record's date, its time of day, then creation time. */
  orderBy?: SQL[];
  /**
   * Lists that grow without bound (a daily log over years) come in pages, newest first, each
   * after the last record of the one before (a keyset: the date, the time of day, the creation
   * time and the id, so no record is skipped or repeated). `dateColumn`: the record's date when it
   * is not `date` (a usage's `usageDate`); none for undated records (notes).
   */
  paged?: { dateColumn?: PgColumn };
  /** A short label of a record for the activity feed (its name or title). */
  summary(row: RowOf<T>): string | null;
  /**
   * The type's rule across fields (the one its input schema checks with `acrossFields`), checked
   * again on every stored result: a PATCH that sends one field cannot break it. Issues are a 400.
   */
  rule?(row: RowOf<T>): readonly FieldIssue[];
  hooks?: RecordHooks<RowOf<T>>;
  /**
   * Figures a record is read with beyond its columns (a temperature's `feverWithLine`), for a
   * page of rows at once; every answer of the type (lists, one record, a change) carries them. The
   * declaration names them in `computed`, so the response-schema test expects them.
   */
  extend?(tx: Tx, familyId: string, rows: readonly RowOf<T>[]): Promise<RowOf<T>[]>;
}

export interface ListFilter {
  column: PgColumn;
  values?: readonly [string, ...string[]];
}

/** Records per page of a paged list, unless the request asks for fewer (at most `MAX_PAGE_SIZE`). */
export const PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 500;

export interface Page<Row> {
  rows: Row[];
  /** The id of the last record, to ask for the next page with; null on the last page. */
  next: string | null;
}

export interface ListOptions {
  /** Only this child's records (and, with the "withUnlinked" scope, those linked to no child). */
  childId?: string | null;
  /** Values of the type's `listFilters`, e.g. `{ supplyId }`. */
  where?: Readonly<Record<string, string | undefined>>;
}

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
