import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createdShareLinkRecord,
  sharedSummaryRecord,
  shareLinkInput,
  shareLinkRecord,
} from "../../../domain/family";
import type { ModuleRoutes } from "../../app-context";
import { HttpError } from "../../lib/errors";
import { idParams } from "../../lib/owned-routes";
import { siteOrigin } from "../../lib/site-origin";
import { createShareLink, openShareLink, revokeShareLink, shareLinksOf } from "./share-links.queries";

/** The client's page a clinic link opens (`/shared/<token>`). */
export const SHARED_PAGE = "/shared";

/** Read-only links to one child's care summary, for the clinic: an owner's or a caregiver's to make. */
export const shareLinkRoutes: ModuleRoutes = (scope, { db, config, clock }) => {
  const r = scope.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/share-links",
    { config: { access: "share" }, schema: { response: { 200: z.array(shareLinkRecord) } } },
    (request) => shareLinksOf(db, request.access()),
  );

  r.post(
    "/api/share-links",
    {
      config: { access: "share" },
      schema: { body: shareLinkInput, response: { 201: createdShareLinkRecord } },
    },
    async (request, reply) => {
      const access = request.access();
      const { link, token } = await db.transaction((tx) =>
        createShareLink(tx, access, access.actorId, request.body, clock()),
      );
      return reply
        .status(201)
        .send({ ...link, url: `${siteOrigin(config, request)}${SHARED_PAGE}/${token}` });
    },
  );

  r.delete(
    "/api/share-links/:id",
    { config: { access: "share" }, schema: { params: idParams } },
    async (request, reply) => {
      await revokeShareLink(db, request.access(), request.params.id, clock());
      return reply.status(204).send();
    },
  );
};

/**
 * What a clinic link opens, signed out: the child's care summary and nothing else. A link that is
 * unknown, revoked or expired is a 404 that says no more than that.
 */
export const sharedSummaryRoutes: ModuleRoutes = (scope, { db, clock }) => {
  scope
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/api/shared/:token",
      { schema: { params: z.object({ token: z.string() }), response: { 200: sharedSummaryRecord } } },
      async (request) => {
        const shared = await openShareLink(db, request.params.token, request.ip, clock());
        if (!shared) throw new HttpError(404, "Not found");
        return shared;
      },
    );
};
