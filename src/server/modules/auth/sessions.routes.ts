import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { signedInDeviceRecord, signedOutDevicesRecord } from "../../../domain/signed-in-devices";
import type { ModuleRoutes } from "../../app-context";
import { notFound } from "../../lib/errors";
import { idParams } from "../../lib/owned-routes";
import { describeDevice } from "./device-name";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The person's signed-in devices (Settings): every live session with its browser, device, address
 * and times, "this device" marked; one signed out, or every one but this. The person's own
 * ("person"), so no API token can list or end sessions (plugins/access.ts). A session is named by
 * its row's id: its cookie and the key kept of it never leave the server.
 */
export const sessionRoutes: ModuleRoutes = (scope, { clock }) => {
  const r = scope.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/auth/sessions",
    { config: { access: "person" }, schema: { response: { 200: z.array(signedInDeviceRecord) } } },
    async (request) => {
      const sessions = await request.server.sessions.liveOf(
        request.access().actorId,
        request.sessionSid,
        clock(),
      );
      return sessions.map(({ userAgent, ...session }) => {
        const { browser, device } = describeDevice(userAgent);
        return { ...session, browser: browser ?? null, device: device ?? null };
      });
    },
  );

  // Sends that device to the sign-in page at its next request. This device's own id signs it out.
  r.delete(
    "/api/auth/sessions/:id",
    { config: { access: "person" }, schema: { params: idParams } },
    async (request, reply) => {
      const { id } = request.params;
      // Not an id at all, or another person's session: answered alike, as missing.
      if (!uuidPattern.test(id)) throw notFound("Session");
      const ended = await request.server.sessions.endOne(request.access().actorId, id);
      if (!ended) throw notFound("Session");
      if (ended.sid === request.sessionSid) await reply.signOut();
      return reply.status(204).send();
    },
  );

  r.post(
    "/api/auth/sessions/sign-out-others",
    { config: { access: "person" }, schema: { response: { 200: signedOutDevicesRecord } } },
    async (request, reply) => ({
      signedOut: await reply.endSessions(request.access().actorId, { keepThis: true }),
    }),
  );
};
