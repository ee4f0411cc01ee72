import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { newRecordId } from "../../domain/fields";
import type { Db } from "../db/client";
import { notFound } from "./errors";
import { claimIdempotencyKey, idempotencyKeyOf, recordKeyResult } from "./idempotency";
import { MAX_PAGE_SIZE, type OwnedRecords, type OwnedTable, type ValuesOf } from "./owned-records";
import { claimOf } from "./record-ids";
import { etagOf, ifMatchOf, StaleVersion } from "./record-versions";
import { type FamilyScope, inTransaction } from "./transaction";

export interface OwnedRoutesOptions<T extends OwnedTable, I extends z.ZodObject, R extends z.ZodObject> {
  /** The collection path, e.g. "/api/care-team". Items live at `${path}/:id`. */
  path: string;
  records: OwnedRecords<T>;
  /**
   * The create body (a domain schema). Unknown keys (userId, timestamps) are dropped; an `id` (a
   * UUID the device made) is the new record's, and makes the create safe to send again.
   */
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
  const { familyId, actorId, childIds, role, token } = request.access();
  return {
    familyId,
    actorId,
    childIds,
    role,
    viaToken: token?.name ?? null,
    changed: (tx) => request.server.familyChanges.announce(tx, familyId),
    erase: (tx, tables) => request.server.erasure.soon(tx, tables),
  };
};

/** The answer of a change refused because the record changed since the version it names (412). */
export const staleVersionBody = (record: z.ZodType) => z.object({ message: z.string(), current: record });

/**
 * The answer to a change based on a version that is no longer the record's: 412 with the record as
 * a GET answers it now (and its ETag). Any other failure is thrown on.
 */
export function answerStale(reply: FastifyReply, error: unknown) {
  if (!(error instanceof StaleVersion)) throw error;
  return reply
    .status(412)
    .header("etag", etagOf(error.current.version))
    .send({ message: error.message, current: error.current });
}

/**
 * The HTTP face of an owned record type: list (`?childId=`), read one, create (201; the same
 * create sent again with its `id`: 200), update (PATCH partial / PUT whole) and delete (204), each
 * validated by the domain schemas and sent through the response schema. A single record is
 * answered with its version as `ETag`; a change or a delete with `If-Match` is made only on that
 * version (else 412). Register inside the signed-in scope.
 */
export function registerOwnedRoutes<T extends OwnedTable, I extends z.ZodObject, R extends z.ZodObject>(
  scope: FastifyInstance,
  db: Db,
  { path, records, input, record, updateMethods, customList = false }: OwnedRoutesOptions<T, I, R>,
) {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  // The route layer is generic over the record type; the schemas do the checking at run time.
  const body: z.ZodType = input;
  // A create may carry the id its device made (kept with the input's own rules across fields).
  const createBody: z.ZodType = input.safeExtend({ id: newRecordId() });
  // A PATCH checks each field it sends. A rule across fields (`acrossFields` on the input) needs
  // the whole record, which only the stored row completes: the record type checks it there (a
  // refined object cannot be made partial, so the partial body is built from the bare shape).
  const patchBody: z.ZodType = z.object(input.shape).partial();
  const one: z.ZodType = record;
  const many: z.ZodType = z.array(record);
  const stale = staleVersionBody(record);
  const write = <V>(request: FastifyRequest, work: Parameters<typeof inTransaction<V>>[2]) =>
    inTransaction(db, familyScope(request), work, (error) =>
      request.log.warn({ fault: (error as Error).name }, "after-commit task failed"),
    );
  const versionOf = (row: unknown) => etagOf((row as { version: number }).version);

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

  r.get(`${path}/:id`, { schema: { params: idParams, response: { 200: one } } }, async (request, reply) => {
    const row = await records.get(db, request.access(), request.params.id);
    if (!row) throw notFound();
    return reply.header("etag", versionOf(row)).send(row);
  });

  r.post(path, { schema: { body: createBody, response: { 200: one, 201: one } } }, async (request, reply) => {
    // With an Idempotency-Key, a create sent again (its answer was lost) answers the first record.
    const key = idempotencyKeyOf(request);
    // With an id, the same: and the device may edit or delete the record by it before it is sent.
    const { id: _id, ...values } = request.body as Record<string, unknown>;
    const claim = claimOf(path, request.body as Record<string, unknown>);
    const { row, created } = await write(request, async (ctx) => {
      const earlier = key ? await claimIdempotencyKey(ctx, key, path) : null;
      if (earlier) {
        const first = earlier.earlierRecordId
          ? await records.get(ctx.tx, ctx, earlier.earlierRecordId)
          : null;
        if (!first) throw notFound();
        return { row: first, created: true };
      }
      const made = await records.createOnce(ctx, values as ValuesOf<T>, claim);
      if (key) await recordKeyResult(ctx, key, (made.row as unknown as { id: string }).id);
      return made;
    });
    return reply
      .status(created ? 201 : 200)
      .header("etag", versionOf(row))
      .send(row);
  });

  for (const method of updateMethods) {
    r.route({
      method,
      url: `${path}/:id`,
      schema: {
        params: idParams,
        body: method === "PATCH" ? patchBody : body,
        response: { 200: one, 412: stale },
      },
      handler: async (request, reply) => {
        const expected = ifMatchOf(request);
        try {
          const row = await write(request, (ctx) =>
            records.update(ctx, request.params.id, request.body as ValuesOf<T>, expected),
          );
          return reply.header("etag", versionOf(row)).send(row);
        } catch (error) {
          return answerStale(reply, error);
        }
      },
    });
  }

  r.delete(
    `${path}/:id`,
    { schema: { params: idParams, response: { 412: stale } } },
    async (request, reply) => {
      const expected = ifMatchOf(request);
      try {
        await write(request, (ctx) => records.remove(ctx, request.params.id, expected));
      } catch (error) {
        return answerStale(reply, error);
      }
      // The 412's schema types the reply; a delete's own answer has no body.
      return (reply as FastifyReply).status(204).send();
    },
  );
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
