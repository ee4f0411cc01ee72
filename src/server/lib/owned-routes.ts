import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../db/client";
import { notFound } from "./errors";
import type { OwnedRecords, OwnedTable, ValuesOf } from "./owned-records";
import { inTransaction, type OwnerScope } from "./transaction";

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
export const ownerScope = (request: FastifyRequest): OwnerScope => ({
  ownerId: request.ownerId(),
  actorId: request.actorId(),
});

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
    inTransaction(db, ownerScope(request), work, (error) =>
      request.log.warn({ fault: (error as Error).name }, "after-commit task failed"),
    );

  if (!customList) {
    const listQuery = childListQuery.extend(
      Object.fromEntries(
        Object.entries(records.type.listFilters ?? {}).map(([name, filter]) => [
          name,
          (filter.values
            ? z.enum(filter.values, { message: `${name} must be one of: ${filter.values.join(", ")}` })
            : z.uuid({ message: `${name} must be a valid id` })
          ).optional(),
        ]),
      ),
    );
    r.get(path, { schema: { querystring: listQuery, response: { 200: many } } }, (request) => {
      const query = request.query as Record<string, string | undefined>;
      return records.list(db, request.ownerId(), { childId: query.childId, where: query });
    });
  }

  r.get(`${path}/:id`, { schema: { params: idParams, response: { 200: one } } }, async (request) => {
    const row = await records.get(db, request.ownerId(), request.params.id);
    if (!row) throw notFound();
    return row;
  });

  r.post(path, { schema: { body, response: { 201: one } } }, async (request, reply) => {
    const row = await write(request, (ctx) => records.create(ctx, request.body as ValuesOf<T>));
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
