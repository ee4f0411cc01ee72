import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { notificationRecord, unreadCountRecord } from "../../../domain/notifications";
import type { ModuleRoutes } from "../../app-context";
import { acknowledgeAll, listInbox, MAX_INBOX_PAGE, unreadCount } from "./notifications.queries";

const inboxQuery = z.object({
  limit: z.coerce
    .number({ message: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(MAX_INBOX_PAGE, `limit must be at most ${MAX_INBOX_PAGE}`)
    .optional(),
  after: z.uuid({ message: "after must be a valid id" }).optional(),
});

/**
 * The person's inbox: their notifications in every family they belong to, newest first (a page at
 * a time, the next page's address in the Link header), the unread count for the bell, and marking
 * them all seen. A person's own: any role. Marking one read is the reminders' (a reminder read is a
 * reminder answered: modules/tasks/reminders/reminders.routes.ts).
 */
export const notificationRoutes: ModuleRoutes = (scope, { db, clock }) => {
  const r = scope.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/notifications",
    {
      config: { access: "person" },
      schema: { querystring: inboxQuery, response: { 200: z.array(notificationRecord) } },
    },
    async (request, reply) => {
      const page = await listInbox(db, request.access().actorId, request.query);
      if (page.next) {
        const params = new URLSearchParams();
        if (request.query.limit) params.set("limit", String(request.query.limit));
        params.set("after", page.next);
        reply.header("link", `</api/notifications?${params.toString()}>; rel="next"`);
      }
      return page.rows;
    },
  );

  r.get(
    "/api/notifications/unread-count",
    { config: { access: "person" }, schema: { response: { 200: unreadCountRecord } } },
    async (request) => ({ count: await unreadCount(db, request.access().actorId) }),
  );

  r.post(
    "/api/notifications/ack-all",
    { config: { access: "person" }, schema: { response: { 200: unreadCountRecord } } },
    async (request) => ({ count: await acknowledgeAll(db, request.access().actorId, clock()) }),
  );
};
