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
import { badRequest, unauthorized } from "../../lib/errors";
import { getUser } from "../auth/users.queries";
import { careSummaries } from "./care-summary";
import { type ExportContext, exportContext, exportFileName } from "./export-model";
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

  const contextFor = async (
    ownerId: string,
    options: z.output<typeof exportScopeInput>,
    includePhotos = false,
  ) => {
    const user = await getUser(db, ownerId);
    if (!user) throw unauthorized();
    return exportContext({ db, storage, ownerId, account: user, scope: options, includePhotos });
  };
  const formatter = (format: string) => {
    const found = FORMATTERS[format as keyof typeof FORMATTERS];
    if (!found) throw badRequest(`The ${format} export is not available on this server.`);
    return found;
  };
  const scopeText = async (context: ExportContext) => {
    const child = context.scope.childId ? (await context.childNames()).get(context.scope.childId) : undefined;
    const dates = [
      context.scope.from && `from ${context.scope.from}`,
      context.scope.to && `to ${context.scope.to}`,
    ].filter(Boolean);
    return [child ? `for ${child}` : "for the whole family", ...dates].join(" ");
  };

  /** The whole account (or one child, or a date range) as a file: 'tpn-tracker-export-{yyyy-MM-dd}.json' by default. */
  r.get("/api/account/export", { schema: { querystring: downloadQuery } }, async (request, reply) => {
    const { format, photos, ...options } = request.query;
    const chosen = formatter(format);
    const context = await contextFor(request.ownerId(), options, photos === "1");
    return reply
      .header("content-type", chosen.contentType)
      .header("content-disposition", `attachment; filename="${exportFileName(context, chosen)}"`)
      .send(chosen.render(context));
  });

  r.post(
    "/api/account/export-email",
    { schema: { body: exportEmailInput, response: { 200: z.object({ message: z.string() }) } } },
    async (request) => {
      const { format, ...options } = request.body;
      const chosen = formatter(format);
      const context = await contextFor(request.ownerId(), options);
      if (!context.account.email)
        throw badRequest("Your account has no email address to send the export to.");
      const label = FORMAT_LABELS[format];
      const delivery = await mailer.send({
        to: context.account.email,
        subject: `Your Medical Care Tracker export (${label})`,
        text: `Your records ${await scopeText(context)}, exported on ${context.exportedAt.toISOString().slice(0, 10)}, are attached as ${label}.\n\nThis message holds private medical information: forward it only to people who care for your child.`,
        attachment: {
          filename: exportFileName(context, chosen),
          contentType: chosen.contentType,
          content: chosen.render(context),
        },
      });
      return {
        message:
          "sentTo" in delivery
            ? `Your ${label} export has been sent to ${delivery.sentTo}.`
            : `This server has no mail settings, so your ${label} export was saved on the server as ${delivery.savedTo}.`,
      };
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
    (request) => careSummaries(db, request.ownerId(), request.query.childId),
  );
};
