import type { FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { messageRecord } from "../../../domain/auth";
import {
  createdInvitationRecord,
  familyChangesQuery,
  familyChangesRecord,
  familyContactInput,
  familyContactRecord,
  familySwitchInput,
  familyUpdateInput,
  invitationInput,
  invitationPreviewRecord,
  invitationRecord,
  invitationTokenInput,
  memberRecord,
  memberUpdateInput,
} from "../../../domain/family";
import { signedInUserRecord } from "../../../domain/signed-in-user";
import type { AppContext, ModuleRoutes } from "../../app-context";
import { notFound, tooManyRequests, unauthorized } from "../../lib/errors";
import { isMember, membersOf } from "../../lib/family-access";
import { familyChangesFor } from "../../lib/family-changes";
import type { Delivery } from "../../lib/mailer";
import { idParams } from "../../lib/owned-routes";
import { linkOrigin, siteOrigin } from "../../lib/site-origin";
import { forgetAccess } from "../../plugins/access";
import { deleteOwnerObjects } from "../../storage/object-storage";
import { forgetAttempt, takeAttempt } from "../auth/login-limit.queries";
import { signedInAnswer } from "../auth/signed-in";
import { getUser, isEmailConfirmed } from "../auth/users.queries";
import {
  deleteFamily,
  ERASED_WITH_FAMILY,
  familyContactOf,
  leaveFamily,
  removeMember,
  renameFamily,
  setFamilyContact,
  setFamilyTimeFormat,
  setFamilyTimeZone,
  setTemperatureSettings,
  updateMember,
} from "./family.queries";
import { invitationMail } from "./invitation-mail";
import {
  acceptInvitation,
  approveRequest,
  createInvitation,
  pendingInvitations,
  previewInvitation,
  requestToJoin,
  revokeInvitation,
} from "./invitations.queries";

/** The client's page an invitation link opens (`/join?token=...`). */
export const INVITATION_PAGE = "/join";

/** Invitations a family may send in an hour: enough for a family, too few to spam with. */
export const MAX_INVITATIONS_PER_HOUR = 20;
const invitationKey = (familyId: string) => `invite:${familyId}`;

const userIdParams = z.object({ userId: z.string() });

/** The signed-in answer after a change of family, role or membership (read afresh). */
async function answerAfterChange(context: AppContext, request: FastifyRequest, reply: FastifyReply) {
  context.accesses.forget();
  forgetAccess(request);
  const signedIn = await signedInAnswer(context.db, request, reply);
  if (!signedIn) throw unauthorized();
  return signedIn;
}

/**
 * The family in use: switching between families, its settings, its members and their roles,
 * invitations, leaving and deleting it. Member management is the owner's (`manage`); switching,
 * accepting an invitation and leaving are the person's own.
 */
export const familyRoutes: ModuleRoutes = (scope, context) => {
  const { db, storage, mailer, config, clock } = context;
  const r = scope.withTypeProvider<ZodTypeProvider>();

  r.put(
    "/api/auth/family",
    {
      config: { access: "person" },
      schema: { body: familySwitchInput, response: { 200: signedInUserRecord } },
    },
    async (request, reply) => {
      const { familyId } = request.body;
      if (!(await isMember(db, request.access().actorId, familyId))) throw notFound("Family");
      reply.useFamily(familyId);
      return answerAfterChange(context, request, reply);
    },
  );

  r.patch(
    "/api/family",
    {
      config: { access: "manage" },
      schema: { body: familyUpdateInput, response: { 200: signedInUserRecord } },
    },
    async (request, reply) => {
      const { familyId } = request.access();
      const { name, timeZone, timeFormat, temperatureUnit, feverThresholdC } = request.body;
      await db.transaction(async (tx) => {
        if (name !== undefined) await renameFamily(tx, familyId, name);
        if (timeZone !== undefined) await setFamilyTimeZone(tx, familyId, timeZone);
        if (timeFormat !== undefined) await setFamilyTimeFormat(tx, familyId, timeFormat);
        if (temperatureUnit !== undefined || feverThresholdC !== undefined)
          await setTemperatureSettings(tx, familyId, { temperatureUnit, feverThresholdC });
      });
      return answerAfterChange(context, request, reply);
    },
  );

  // The number the clinic is given: every member reads it (the care summary shows it), the owner sets it.
  r.get("/api/family/contact", { schema: { response: { 200: familyContactRecord } } }, (request) =>
    familyContactOf(db, request.access().familyId),
  );

  r.put(
    "/api/family/contact",
    {
      config: { access: "manage" },
      schema: { body: familyContactInput, response: { 200: familyContactRecord } },
    },
    async (request) => {
      const { familyId } = request.access();
      const contact = { name: request.body.name ?? null, phone: request.body.phone ?? null };
      await db.transaction(async (tx) => {
        await setFamilyContact(tx, familyId, contact);
        // Other members' open care summaries show it within seconds.
        await context.familyChanges.announce(tx, familyId);
      });
      return contact;
    },
  );

  r.delete(
    "/api/family",
    { config: { access: "manage" }, schema: { response: { 200: z.object({ message: z.string() }) } } },
    async (request) => {
      const { familyId } = request.access();
      await db.transaction(async (tx) => {
        await deleteFamily(tx, familyId);
        // Its records (by cascade) leave the files too.
        await request.server.erasure.soon(tx, ERASED_WITH_FAMILY);
      });
      context.accesses.forget();
      try {
        await deleteOwnerObjects(storage, familyId);
      } catch (error) {
        request.log.error({ fault: (error as Error).name }, "stored files were not removed");
      }
      return { message: "The family and all of its records have been deleted." };
    },
  );

  r.post(
    "/api/family/leave",
    { config: { access: "person" }, schema: { response: { 200: signedInUserRecord } } },
    async (request, reply) => {
      const { familyId, actorId } = request.access();
      await db.transaction(async (tx) => {
        await leaveFamily(tx, familyId, actorId);
        await context.familyChanges.announce(tx, familyId);
      });
      return answerAfterChange(context, request, reply);
    },
  );

  // Asked every few seconds by an open page (client/lib/family-changes.ts) about the family it
  // shows: one row by its key. A person no longer in it is told so, plainly (a 200, not an error).
  r.get(
    "/api/family/changes",
    { schema: { querystring: familyChangesQuery, response: { 200: familyChangesRecord } } },
    (request) => {
      const { actorId, familyId, token } = request.access();
      const asked = request.query.familyId ?? familyId;
      // A personal API token is for its one family: of the person's others it is told nothing.
      if (token && asked !== familyId) return { mark: 0, membership: null };
      return familyChangesFor(db, actorId, asked);
    },
  );

  r.get(
    "/api/family/members",
    { config: { access: "manage" }, schema: { response: { 200: z.array(memberRecord) } } },
    (request) => membersOf(db, request.access().familyId),
  );

  r.patch(
    "/api/family/members/:userId",
    {
      config: { access: "manage" },
      schema: { params: userIdParams, body: memberUpdateInput, response: { 200: z.array(memberRecord) } },
    },
    async (request) => {
      const { familyId, actorId } = request.access();
      await db.transaction(async (tx) => {
        await updateMember(tx, familyId, actorId, request.params.userId, request.body);
        // The member's open page learns it at its next poll (and so do the others').
        await context.familyChanges.announce(tx, familyId);
      });
      context.accesses.forget();
      return membersOf(db, familyId);
    },
  );

  r.delete(
    "/api/family/members/:userId",
    { config: { access: "manage" }, schema: { params: userIdParams } },
    async (request, reply) => {
      const { familyId, actorId } = request.access();
      await db.transaction(async (tx) => {
        await removeMember(tx, familyId, actorId, request.params.userId);
        await context.familyChanges.announce(tx, familyId);
      });
      context.accesses.forget();
      return reply.status(204).send();
    },
  );

  r.get(
    "/api/family/invitations",
    { config: { access: "manage" }, schema: { response: { 200: z.array(invitationRecord) } } },
    (request) => pendingInvitations(db, request.access().familyId, clock()),
  );

  r.post(
    "/api/family/invitations",
    {
      config: { access: "manage" },
      schema: { body: invitationInput, response: { 201: createdInvitationRecord } },
    },
    async (request, reply) => {
      const { familyId, actorId } = request.access();
      const now = clock();
      const attempt = await takeAttempt(
        db,
        [invitationKey(familyId)],
        { max: MAX_INVITATIONS_PER_HOUR, windowMs: 60 * 60 * 1000 },
        now,
      );
      if (!attempt.allowed) {
        throw tooManyRequests(
          attempt.retryAfterSeconds,
          (wait) =>
            `This family has sent ${MAX_INVITATIONS_PER_HOUR} invitations in the last hour. Please wait ${wait} and try again.`,
        );
      }
      let created: Awaited<ReturnType<typeof createInvitation>>;
      try {
        created = await db.transaction((tx) => createInvitation(tx, familyId, actorId, request.body, now));
      } catch (error) {
        await forgetAttempt(db, attempt.ids);
        throw error;
      }
      const { invitation, token } = created;
      const path = `${INVITATION_PAGE}?token=${token}`;
      const { delivery, notice } = await mailInvitation(request, created.invitation.email, path);
      return reply.status(201).send({
        ...invitation,
        url: `${siteOrigin(config, request)}${path}`,
        delivery,
        notice,
      });
    },
  );

  /**
   * The invitation is mailed only from an owner whose own address is confirmed (a throwaway
   * account cannot use the server to mail strangers), and only with a link to an address this
   * server can trust (PUBLIC_URL, or a home network's). Otherwise the link is shown for copying.
   */
  async function mailInvitation(request: FastifyRequest, to: string, path: string) {
    const inviter = await getUser(db, request.access().actorId);
    const origin = linkOrigin(config, request);
    if (!inviter || !isEmailConfirmed(inviter)) {
      return {
        delivery: "none" as const,
        notice:
          "Not emailed: confirm your own email address in Settings to send invitations by email. Copy the link and send it yourself.",
      };
    }
    if (!origin) {
      return {
        delivery: "none" as const,
        notice:
          "Not emailed: this server has no PUBLIC_URL, so it cannot be sure of its own address. Copy the link and send it yourself.",
      };
    }
    let sent: Delivery;
    try {
      sent = await mailer.send(invitationMail(to, `${origin}${path}`));
    } catch {
      return {
        delivery: "none" as const,
        notice:
          "Not emailed: the mail server did not accept the message. Copy the link and send it yourself.",
      };
    }
    return "sentTo" in sent
      ? { delivery: "sent" as const, notice: null }
      : {
          delivery: "outbox" as const,
          notice:
            "This server has no mail settings: the message was saved in its outbox. Copy the link and send it yourself.",
        };
  }

  r.delete(
    "/api/family/invitations/:id",
    { config: { access: "manage" }, schema: { params: idParams } },
    async (request, reply) => {
      await revokeInvitation(db, request.access().familyId, request.params.id, clock());
      return reply.status(204).send();
    },
  );

  // The owner lets in the account that asked with a waiting invitation (not the invited address's).
  r.post(
    "/api/family/invitations/:id/approve",
    { config: { access: "manage" }, schema: { params: idParams } },
    async (request, reply) => {
      await db.transaction((tx) => approveRequest(tx, request.access().familyId, request.params.id, clock()));
      context.accesses.forget();
      return reply.status(204).send();
    },
  );

  // An account that may not accept an invitation itself asks the family's owner to let it join.
  r.post(
    "/api/invitations/request",
    {
      config: { access: "person" },
      schema: { body: invitationTokenInput, response: { 200: messageRecord } },
    },
    async (request) => {
      const inviter = await db.transaction((tx) =>
        requestToJoin(tx, request.body.token, request.access().actorId, clock()),
      );
      return {
        message: `Your request is with ${inviter ?? "the family's owner"}, who sees it on the family's page and can let this account join. Once they do, the family is in your list of families.`,
      };
    },
  );

  r.post(
    "/api/invitations/accept",
    {
      config: { access: "person" },
      schema: { body: invitationTokenInput, response: { 200: signedInUserRecord } },
    },
    async (request, reply) => {
      const familyId = await db.transaction((tx) =>
        acceptInvitation(tx, request.body.token, request.access().actorId, clock()),
      );
      reply.useFamily(familyId);
      return answerAfterChange(context, request, reply);
    },
  );
};

/** What a signed-out visitor can ask of an invitation: which family and role it is for. */
export const invitationPublicRoutes: ModuleRoutes = (scope, { db, clock }) => {
  scope
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/api/invitations/preview",
      { schema: { body: invitationTokenInput, response: { 200: invitationPreviewRecord } } },
      (request) => previewInvitation(db, request.body.token, clock()),
    );
};
