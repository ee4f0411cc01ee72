import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../db/client";
import { notFound } from "./errors";
import { claimIdempotencyKey, idempotencyKeyOf, recordKeyResult } from "./idempotency";
import { MAX_PAGE_SIZE, type OwnedRecords, type OwnedTable, type ValuesOf } from "./owned-records";
import { type FamilyScope, inTransaction } from "./transaction";

export interface OwnedRoutesOptions<T extends OwnedTable, I extends z.ZodObject, R extends z.ZodObject> {
  /** The collection path, e.g. "/api/care-team". Items live at `${path}/:id`. */
  path: string;
  records: OwnedRecords<T>;
  /** The create body (a domain schema). Unknown keys (userId, id, timestamps) are dropped. */
  input: I;
  /** The response shape (a domain schema): nothing it does not list leaves the server. */
  record: R;
  /** The update verbs the spec's client uses: PATCH takes a partial body, PUT the whole one. */
  updateMethods: readonly ("PATCH" | "PUT")[];
  /** Leave the list route to the module (one that adds figures to each record, say). */
  customList?: boolean;
}

export const idParams = z.object({ id: z.string() });
export const childListQuery = z.object({
  childId: z.uuid({ message: "childId must be a valid id" }).optional(),
});

/** Whose records a request changes and who acts, from its session. */
export const familyScope = (request: FastifyRequest): FamilyScope => {
  const { familyId, actorId, childIds, role } = request.access();
  return {
    familyId,
    actorId,
    childIds,
    role,
    changed: (tx) => request.server.familyChanges.announce(tx, familyId),
  };
};

/**
 * The HTTP face of an owned record type: list (`?childId=`), read one, create (201), update
 * (PATCH partial / PUT whole) and delete (204), each validated by the domain schemas and sent
 * through the response schema. Register inside the signed-in scope.
 */
export function registerOwnedRoutes<T extends OwnedTable, I extends z.ZodObject, R extends z.ZodObject>(
  scope: FastifyInstance,
  db: Db,
  { path, records, input, record, updateMethods, customList = false }: OwnedRoutesOptions<T, I, R>,
) {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  // The route layer is generic over the record type; the schemas do the checking at run time.
  const body: z.ZodType = input;
  // A PATCH checks each field it sends. A rule across fields (`acrossFields` on the input) needs
  // the whole record, which only the stored row completes: the record type checks it there (a
  // refined object cannot be made partial, so the partial body is built from the bare shape).
  const patchBody: z.ZodType = z.object(input.shape).partial();
  const one: z.ZodType = record;
  const many: z.ZodType = z.array(record);
  const write = <V>(request: FastifyRequest, work: Parameters<typeof inTransaction<V>>[2]) =>
    inTransaction(db, familyScope(request), work, (error) =>
      request.log.warn({ fault: (error as Error).name }, "after-commit task failed"),
    );

  if (!customList) {
    const paged = Boolean(records.type.paged);
    const listQuery = childListQuery
      .extend(
        Object.fromEntries(
          Object.entries(records.type.listFilters ?? {}).map(([name, filter]) => [
            name,
            (filter.values
              ? z.enum(filter.values, { message: `${name} must be one of: ${filter.values.join(", ")}` })
              : z.uuid({ message: `${name} must be a valid id` })
            ).optional(),
          ]),
        ),
      )
      .extend(paged ? pageQuery.shape : {});
    r.get(path, { schema: { querystring: listQuery, response: { 200: many } } }, async (request, reply) => {
      const query = request.query as Record<string, string | undefined> & { limit?: number };
      const options = { childId: query.childId, where: query };
      if (!paged) return records.list(db, request.access(), options);
      const page = await records.page(db, request.access(), {
        ...options,
        after: query.after,
        limit: query.limit,
      });
      if (page.next) reply.header("link", `<${nextPageUrl(request.url, page.next)}>; rel="next"`);
      return page.rows;
    });
  }

  r.get(`${path}/:id`, { schema: { params: idParams, response: { 200: one } } }, async (request) => {
    const row = await records.get(db, request.access(), request.params.id);
    if (!row) throw notFound();
    return row;
  });

  r.post(path, { schema: { body, response: { 201: one } } }, async (request, reply) => {
    // With an Idempotency-Key, a create sent again (its answer was lost) answers the first record.
    const key = idempotencyKeyOf(request);
    const row = await write(request, async (ctx) => {
      const earlier = key ? await claimIdempotencyKey(ctx, key, path) : null;
      if (earlier) {
        const first = earlier.earlierRecordId
          ? await records.get(ctx.tx, ctx, earlier.earlierRecordId)
          : null;
        if (!first) throw notFound();
        return first;
      }
      const created = await records.create(ctx, request.body as ValuesOf<T>);
      if (key) await recordKeyResult(ctx, key, (created as unknown as { id: string }).id);
      return created;
    });
    return reply.status(201).send(row);
  });

  for (const method of updateMethods) {
    r.route({
      method,
      url: `${path}/:id`,
      schema: { params: idParams, body: method === "PATCH" ? patchBody : body, response: { 200: one } },
      handler: (request) =>
        write(request, (ctx) => records.update(ctx, request.params.id, request.body as ValuesOf<T>)),
    });
  }

  r.delete(`${path}/:id`, { schema: { params: idParams } }, async (request, reply) => {
    await write(request, (ctx) => records.remove(ctx, request.params.id));
    return reply.status(204).send();
  });
}

/** A paged list's own parameters: how many records (1 to 500) and after which one. */
const pageQuery = z.object({
  limit: z.coerce
    .number({ message: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`)
    .optional(),
  after: z.uuid({ message: "after must be a valid id" }).optional(),
});

/** The request's own address with `after` moved on to the page's last record. */
function nextPageUrl(url: string, after: string): string {
  const [path, search = ""] = url.split("?", 2) as [string, string?];
  const params = new URLSearchParams(search);
  params.set("after", after);
  return `${path}?${params.toString()}`;
}
