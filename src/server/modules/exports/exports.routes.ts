import type { FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  careSummaryRecord,
  EXPORT_FORMATS,
  exportEmailInput,
  exportScopeInput,
  FORMAT_LABELS,
} from "../../../domain/exports";
import type { ModuleRoutes } from "../../app-context";
import { seesChild } from "../../lib/child-scope";
import { badRequest, forbidden, notFound, tooManyRequests, unauthorized } from "../../lib/errors";
import {
  EXPORT_EMAIL_WINDOW_MS,
  exportEmailKey,
  forgetAttempt,
  MAX_EXPORT_EMAILS,
  takeAttempt,
} from "../auth/login-limit.queries";
import { getUser, isEmailConfirmed } from "../auth/users.queries";
import { careSummaries } from "./care-summary";
import { exportMailText } from "./export-mail";
import { exportContext, exportFileName } from "./export-model";
import { FORMATTERS } from "./formats/index";

const downloadQuery = z.intersection(
  z.object({
    format: z
      .enum(EXPORT_FORMATS, { error: `format must be one of: ${EXPORT_FORMATS.join(", ")}` })
      .default("json"),
    photos: z.enum(["0", "1"]).optional(),
  }),
  exportScopeInput,
);

/** Exports (spec section 7 and DESIGN section 7): every format as a download or by email. */
export const exportRoutes: ModuleRoutes = (scope, { db, storage, mailer }) => {
  const r = scope.withTypeProvider<ZodTypeProvider>();

  /** The family's records as the person asking reads them: named for them, on the family's clock. */
  const contextFor = async (
    request: FastifyRequest,
    options: z.output<typeof exportScopeInput>,
    includePhotos = false,
  ) => {
    const { familyId, actorId, childIds } = request.access();
    // A child kept from a limited membership does not exist for it: no export of theirs either.
    if (!seesChild(request.access(), options.childId)) throw notFound("Child");
    const user = await getUser(db, actorId);
    if (!user) throw unauthorized();
    return exportContext({
      db,
      storage,
      familyId,
      childIds,
      account: user,
      scope: options,
      includePhotos,
      timeZone: request.familyClock.timeZone,
      timeFormat: request.access().timeFormat,
    });
  };
  const formatter = (format: string) => {
    const found = FORMATTERS[format as keyof typeof FORMATTERS];
    if (!found) throw badRequest(`The ${format} export is not available on this server.`);
    return found;
  };

  /** The whole account (or one child, or a date range) as a file: 'tpn-tracker-export-{yyyy-MM-dd}.json' by default. */
  r.get("/api/account/export", { schema: { querystring: downloadQuery } }, async (request, reply) => {
    const { format, photos, ...options } = request.query;
    const chosen = formatter(format);
    const context = await contextFor(request, options, photos === "1");
    return reply
      .header("content-type", chosen.contentType)
      .header("content-disposition", `attachment; filename="${exportFileName(context, chosen)}"`)
      .send(chosen.render(context));
  });

  /**
   * An export by email: only to an address the account has confirmed (an account signed up with a
   * stranger's address cannot mail them), at most `MAX_EXPORT_EMAILS` an hour. A send that fails
   * does not count, and a mail server that does not take the message is a 503 (see the mailer).
   */
  r.post(
    "/api/account/export-email",
    {
      // Sending the family's records to the person's own confirmed address reads, it changes nothing.
      config: { access: "read" },
      schema: { body: exportEmailInput, response: { 200: z.object({ message: z.string() }) } },
    },
    async (request) => {
      const { format, ...options } = request.body;
      const chosen = formatter(format);
      const { familyId, actorId, childIds } = request.access();
      if (!seesChild(request.access(), options.childId)) throw notFound("Child");
      const user = await getUser(db, actorId);
      if (!user) throw unauthorized();
      if (!user.email) throw badRequest("Your account has no email address to send the export to.");
      if (!isEmailConfirmed(user)) {
        throw forbidden(
          "Confirm your email address first: exports are only sent to an address you have confirmed. You can ask for a new confirmation link in Settings.",
        );
      }
      const attempt = await takeAttempt(db, [exportEmailKey(actorId)], {
        max: MAX_EXPORT_EMAILS,
        windowMs: EXPORT_EMAIL_WINDOW_MS,
      });
      if (!attempt.allowed) {
        throw tooManyRequests(
          attempt.retryAfterSeconds,
          (wait) =>
            `You have emailed ${MAX_EXPORT_EMAILS} exports in the last hour. Please wait ${wait} and try again, or download the export instead.`,
        );
      }
      let file: ReturnType<typeof chosen.render> | undefined;
      try {
        const context = exportContext({
          db,
          storage,
          familyId,
          childIds,
          account: user,
          scope: options,
          timeZone: request.familyClock.timeZone,
          timeFormat: request.access().timeFormat,
        });
        const label = FORMAT_LABELS[format];
        file = chosen.render(context);
        const delivery = await mailer.send({
          to: user.email,
          // Our words only: no record text (a child's name) in the subject.
          subject: `Your Medical Care Tracker export (${label})`,
          text: await exportMailText(context, label),
          attachment: {
            filename: exportFileName(context, chosen),
            contentType: chosen.contentType,
            content: file,
          },
        });
        return {
          message:
            "sentTo" in delivery
              ? `Your ${label} export has been sent to ${delivery.sentTo}.`
              : `This server has no mail settings, so your ${label} export was saved in the server's mail outbox instead of being sent. The person who runs this server can pass it on to you.`,
        };
      } catch (error) {
        // A message that was not sent stops its file being written.
        file?.destroy();
        await forgetAttempt(db, attempt.ids);
        throw error;
      }
    },
  );

  r.get(
    "/api/care-summary",
    {
      schema: {
        querystring: z.object({ childId: z.uuid({ message: "childId must be a valid id" }).optional() }),
        response: { 200: z.array(careSummaryRecord) },
      },
    },
    (request) =>
      careSummaries(db, request.access(), request.query.childId, {
        now: request.familyClock.now(),
        timeZone: request.familyClock.timeZone,
        timeFormat: request.access().timeFormat,
      }),
  );
};
