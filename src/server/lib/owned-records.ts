import { and, eq, getTableColumns, getTableName, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { can, REFUSED } from "../../domain/roles";
import type { Tx } from "../db/client";
import { auditLog, children, recordIds } from "../db/schema/index";
import { redactAudit, writeAudit } from "./audit";
import { withAuthorNames } from "./authors";
import { type FamilyView, inView } from "./child-scope";
import { conflict, forbidden, invalidRecord, notFound } from "./errors";
import { preparedLists } from "./owned-record-lists";
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
import {
  claimRecordId,
  forgetCreates,
  noteRecordIds,
  RECORD_ID_TAKEN,
  type RecordClaim,
  recordGone,
} from "./record-ids";
import { StaleVersion, type VersionCondition, versionMatches } from "./record-versions";
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
  const erasedWithRecord = [table, auditLog, recordIds].map((t) => getTableName(t as OwnedTable));
  const references = [...(childColumn ? [childReference] : []), ...(type.references ?? [])];
  const { listQuery, pageQuery } = preparedLists(type, t, childColumn);
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
    if (change.action === "delete") {
      await redactAudit(ctx.tx, ctx.familyId, [id]);
      await forgetCreates(ctx.tx, ctx.familyId, [id]);
      // The record, what the log said of it and its create's hash leave the files too.
      await ctx.erase?.(ctx.tx, erasedWithRecord);
    }
    await writeAudit(ctx.tx, {
      familyId: ctx.familyId,
      actorId: ctx.actorId,
      viaToken: ctx.viaToken,
      action: change.action,
      entity,
      entityId: id,
      childId: isChildTable ? id : ((row as { childId?: string | null }).childId ?? null),
      summary: change.action === "delete" ? null : type.summary(row),
    });
    const afterCommit = hooks?.afterCommit;
    if (afterCommit) ctx.afterCommit(() => afterCommit(change));
  }

  /** Whether the family holds a record of this type under `id` (whoever may see it). */
  async function held(tx: Tx, familyId: string | null, id: string): Promise<boolean> {
    const [found] = await tx
      .select({ id: t.id })
      .from(table as OwnedTable)
      .where(familyId ? and(eq(t.id, id), eq(t.familyId, familyId)) : eq(t.id, id));
    return Boolean(found);
  }

  /**
   * Adds a record. With `claim` (an id a device made, and the hash of the create that carries it),
   * the record is kept under that id, and the same create sent again answers the record the first
   * one made (`created: false`; 410 once it was deleted); the id of any other record, or the same id
   * with another body, is a 409 that says nothing of that record (`lib/record-ids.ts`).
   */
  async function createOnce(
    ctx: WriteContext,
    values: ValuesOf<T>,
    claim?: RecordClaim,
  ): Promise<{ row: Row; created: boolean }> {
    assertMayWrite(ctx);
    if (claim && !(await claimRecordId(ctx.tx, ctx.familyId, entity, claim))) {
      const [earlier] = await ctx.tx
        .select()
        .from(table as OwnedTable)
        .where(ownedRow(ctx, claim.id)!);
      if (earlier) return { row: (await named(ctx.tx, [earlier as Row]))[0]!, created: false };
      throw (await held(ctx.tx, ctx.familyId, claim.id)) ? notFound() : recordGone();
    }
    // A record kept before ids were claimed may hold it (the claims cover every record since).
    if (claim && (await held(ctx.tx, null, claim.id))) throw conflict(RECORD_ID_TAKEN);
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
        ...(claim ? { id: claim.id } : {}),
        familyId: ctx.familyId,
        ...(hasAuthors ? { createdBy: ctx.actorId, updatedBy: ctx.actorId } : {}),
      } as T["$inferInsert"])
      .returning()) as Row[];
    const id = (created as unknown as { id: string }).id;
    if (!claim) await noteRecordIds(ctx.tx, ctx.familyId, entity, [id]);
    const row = (await named(ctx.tx, [created!]))[0]!;
    await settle(ctx, { action: "create", before: null, after: row }, id, row);
    // The type's own figures are read again once its hooks ran: they may be what a hook wrote (a
    // bag's kit drawn from the supplies). From the row as the hooks left it, which they may have
    // changed too (a prescription version's end date).
    if (type.extend) return { row: (await type.extend(ctx.tx, ctx.familyId, [row]))[0]!, created: true };
    return { row, created: true };
  }

  /**
   * The stored record under `where`, locked for the change: 404 when it is not one the view sees,
   * 412 (with the record as it is now) when it is not at a version `expected` names.
   */
  async function lockedRow(ctx: WriteContext, where: SQL, expected: VersionCondition | null) {
    const [locked] = await ctx.tx
      .select()
      .from(table as OwnedTable)
      .where(where)
      .for("update");
    if (!locked) throw notFound();
    const version = (locked as { version: number }).version;
    if (expected && !versionMatches(expected, version)) {
      const [current] = await named(ctx.tx, [locked as Row]);
      throw new StaleVersion(current as unknown as { version: number });
    }
    return locked as Row;
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

    /** Adds a record (under the id of `claim`, when a device made one: see `createOnce`). */
    async create(ctx: WriteContext, values: ValuesOf<T>, claim?: RecordClaim): Promise<Row> {
      return (await createOnce(ctx, values, claim)).row;
    },

    createOnce,

    /**
     * Changes the fields `values` holds (undefined ones stay), and counts a version more. 404 for
     * anybody else's id; 412 when `expected` (an `If-Match`) does not name the stored version,
     * checked under the row's lock, so of two changes based on one version only the first is made.
     */
    async update(
      ctx: WriteContext,
      id: string,
      values: ValuesOf<T>,
      expected: VersionCondition | null = null,
    ): Promise<Row> {
      assertMayWrite(ctx);
      const where = ownedRow(ctx, id);
      if (!where) throw notFound();
      let changes = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
      await checkReferences(ctx.tx, ctx, changes);
      const before = hooks || expected ? await lockedRow(ctx, where, expected) : null;
      if (hooks?.prepare) changes = await hooks.prepare(ctx, changes, before);
      const [updated] = (await ctx.tx
        .update(table)
        .set({
          ...changes,
          version: sql`${t.version} + 1`,
          ...(touchesUpdatedAt ? { updatedAt: new Date() } : {}),
          ...(hasAuthors ? { updatedBy: ctx.actorId } : {}),
        } as ValuesOf<T>)
        .where(where)
        .returning()) as Row[];
      if (!updated) throw notFound();
      const [row] = await named(ctx.tx, [updated]);
      await settle(ctx, { action: "update", before, after: row! }, id, row!);
      // As a create's: the type's own figures once its hooks ran (a dressing change made another
      // kind gives its kit back).
      if (type.extend) return (await type.extend(ctx.tx, ctx.familyId, [row!]))[0]!;
      return row!;
    },

    /**
     * Deletes one record; its content leaves the audit log with it. 404 for anybody else's id; 412
     * when `expected` does not name the stored version (nothing is deleted).
     */
    async remove(ctx: WriteContext, id: string, expected: VersionCondition | null = null): Promise<Row> {
      assertMayWrite(ctx);
      const where = ownedRow(ctx, id);
      if (!where) throw notFound();
      if (expected) await lockedRow(ctx, where, expected);
      await hooks?.beforeDelete?.(ctx, id);
      const [deleted] = (await ctx.tx.delete(table).where(where).returning()) as Row[];
      if (!deleted) throw notFound();
      const [row] = await named(ctx.tx, [deleted]);
      await settle(ctx, { action: "delete", before: row!, after: null }, id, row!);
      return row!;
    },
  };
}

export type OwnedRecords<T extends OwnedTable> = ReturnType<typeof ownedRecords<T>>;
