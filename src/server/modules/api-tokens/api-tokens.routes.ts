import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiTokenInput, apiTokenRecord, createdApiTokenRecord } from "../../../domain/api-tokens";
import type { ModuleRoutes } from "../../app-context";
import { idParams } from "../../lib/owned-routes";
import { apiTokensOf, createApiToken, revokeApiToken } from "./api-tokens.queries";

/**
 * The person's API tokens (docs/api.md): listed in every family they belong to, made for the
 * family in use, revoked at once. The person's own ("person"), so no token can make, list or
 * revoke tokens (plugins/access.ts).
 */
export const apiTokenRoutes: ModuleRoutes = (scope, { db, clock }) => {
  const r = scope.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/api-tokens",
    { config: { access: "person" }, schema: { response: { 200: z.array(apiTokenRecord) } } },
    (request) => apiTokensOf(db, request.access().actorId),
  );

  r.post(
    "/api/api-tokens",
    {
      config: { access: "person" },
      schema: { body: apiTokenInput, response: { 201: createdApiTokenRecord } },
    },
    async (request, reply) => {
      const access = request.access();
      const created = await db.transaction((tx) =>
        createApiToken(tx, access, access.actorId, request.body, clock()),
      );
      return reply.status(201).send(created);
    },
  );

  r.delete(
    "/api/api-tokens/:id",
    { config: { access: "person" }, schema: { params: idParams } },
    async (request, reply) => {
      await revokeApiToken(db, request.access().actorId, request.params.id, clock());
      return reply.status(204).send();
    },
  );
};
