import { and, desc, eq, getTableColumns, isNull, or, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db, Tx } from "../db/client";
import { children } from "../db/schema/index";
import { writeAudit } from "./audit";
import { notFound } from "./errors";

/** The columns every owned table has. */
type OwnedTable = PgTable & { id: PgColumn; userId: PgColumn; createdAt: PgColumn };

/** A field of the body that points at another owned record: it must belong to the same owner. */
export interface OwnedReference {
  field: string;
  table: PgTable & { id: PgColumn; userId: PgColumn };
  label: string;
}

export interface OwnedCrudOptions<S extends z.ZodObject> {
  /** The collection path, e.g. "/api/care-team". Items live at `${path}/:id`. */
  path: string;
  /** The audit log's name of the record type, e.g. "care_team_member". */
  entity: string;
  table: OwnedTable;
  /** The create body. Unknown keys (userId, id, timestamps) are dropped, so a body never sets them. */
  schema: S;
  /** The update verbs the spec's client uses: PATCH takes a partial body, PUT the whole one. */
  updateMethods: ("PATCH" | "PUT")[];
  /** Newest first by default: the record's own date column, then creation time. */
  orderBy?: SQL[];
  /**
   * `?childId=` on the list: "exact" lists that child's records only; "withUnlinked" also lists
   * the records linked to no child (the global child filter).
   */
  childFilter?: "exact" | "withUnlinked";
  /** Linked records checked for ownership; `childId` (when the table has it) is always checked. */
  references?: OwnedReference[];
  /** A short label of a record for the activity feed (its name or title). */
  summary: (row: Record<string, unknown>) => string | null | undefined;
}

const idParams = z.object({ id: z.string() });
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function withoutOwner(row: Record<string, unknown>) {
  const { userId: _owner, ...rest } = row;
  return rest;
}

/**
 * Registers list, read, create, update and delete for a record type owned by the signed-in user.
 * Every query is scoped by the owner; another owner's id is answered as missing (404); each
 * change writes an audit row in the same transaction.
 */
export function registerOwnedCrud<S extends z.ZodObject>(
  app: FastifyInstance,
  db: Db,
  options: OwnedCrudOptions<S>,
) {
  const { table, entity, path } = options;
  // drizzle's generic table types do not survive this level of abstraction; the zod schema is the contract.
  const t = table as OwnedTable & Record<string, PgColumn>;
  const columns = getTableColumns(table);
  const hasChild = "childId" in columns;
  const references: OwnedReference[] = [
    ...(hasChild ? [{ field: "childId", table: children, label: "Child" }] : []),
    ...(options.references ?? []),
  ];
  const orderBy =
    options.orderBy ?? ("date" in columns ? [desc(t.date!), desc(t.createdAt)] : [desc(t.createdAt)]);

  async function checkReferences(tx: Tx, ownerId: string, body: Record<string, unknown>) {
    for (const ref of references) {
      const value = body[ref.field];
      if (typeof value !== "string") continue;
      const [found] = await tx
        .select({ id: ref.table.id })
        .from(ref.table)
        .where(and(eq(ref.table.id, value), eq(ref.table.userId, ownerId)));
      if (!found) throw notFound(ref.label);
    }
  }

  function ownedRow(id: string, ownerId: string): SQL {
    if (!uuidPattern.test(id)) throw notFound();
    return and(eq(t.id, id), eq(t.userId, ownerId))!;
  }

  const r = app.withTypeProvider<ZodTypeProvider>();
  const listQuery = z.object({ childId: z.uuid({ message: "childId must be a valid id" }).optional() });

  r.get(path, { schema: { querystring: listQuery } }, async (request) => {
    const ownerId = request.ownerId();
    const filters: (SQL | undefined)[] = [eq(t.userId, ownerId)];
    const childId = request.query.childId;
    if (childId && hasChild && options.childFilter) {
      filters.push(
        options.childFilter === "exact"
          ? eq(t.childId!, childId)
          : or(eq(t.childId!, childId), isNull(t.childId!)),
      );
    }
    const rows = await db
      .select()
      .from(table)
      .where(and(...filters))
      .orderBy(...orderBy);
    return rows.map(withoutOwner);
  });

  r.get(`${path}/:id`, { schema: { params: idParams } }, async (request) => {
    const [row] = await db.select().from(table).where(ownedRow(request.params.id, request.ownerId()));
    if (!row) throw notFound();
    return withoutOwner(row as Record<string, unknown>);
  });

  r.post(path, { schema: { body: options.schema } }, async (request, reply) => {
    const ownerId = request.ownerId();
    const body = request.body as Record<string, unknown>;
    const row = await db.transaction(async (tx) => {
      await checkReferences(tx, ownerId, body);
      const [created] = (await tx
        .insert(table)
        .values({ ...body, userId: ownerId })
        .returning()) as Record<string, unknown>[];
      await writeAudit(tx, {
        userId: ownerId,
        action: "create",
        entity,
        entityId: created!.id as string,
        summary: options.summary(created!),
      });
      return created!;
    });
    return reply.status(201).send(withoutOwner(row));
  });

  for (const method of options.updateMethods) {
    const schema = method === "PATCH" ? options.schema.partial() : options.schema;
    r.route({
      method,
      url: `${path}/:id`,
      schema: { params: idParams, body: schema },
      handler: async (request) => {
        const ownerId = request.ownerId();
        const where = ownedRow(request.params.id, ownerId);
        const body = Object.fromEntries(
          Object.entries(request.body as Record<string, unknown>).filter(([, v]) => v !== undefined),
        );
        const row = await db.transaction(async (tx) => {
          await checkReferences(tx, ownerId, body);
          const [updated] = (await tx
            .update(table)
            .set({ ...body, ...("updatedAt" in columns ? { updatedAt: new Date() } : {}) })
            .where(where)
            .returning()) as Record<string, unknown>[];
          if (!updated) throw notFound();
          await writeAudit(tx, {
            userId: ownerId,
            action: "update",
            entity,
            entityId: updated.id as string,
            summary: options.summary(updated),
          });
          return updated;
        });
        return withoutOwner(row);
      },
    });
  }

  r.delete(`${path}/:id`, { schema: { params: idParams } }, async (request, reply) => {
    const ownerId = request.ownerId();
    const where = ownedRow(request.params.id, ownerId);
    await db.transaction(async (tx) => {
      const [deleted] = (await tx.delete(table).where(where).returning()) as Record<string, unknown>[];
      if (!deleted) throw notFound();
      await writeAudit(tx, {
        userId: ownerId,
        action: "delete",
        entity,
        entityId: deleted.id as string,
        summary: options.summary(deleted),
      });
    });
    return reply.status(204).send();
  });
}
