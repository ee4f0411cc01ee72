import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { HttpError } from "../lib/errors";

export interface ErrorBody {
  message: string;
  issues?: { path: string; message: string }[];
}

/** PostgreSQL error codes that bad input can still reach, mapped to client errors. */
const pgCodes: Record<string, [number, string]> = {
  "22001": [400, "A value is too long"],
  "22003": [400, "A number is out of range"],
  "22007": [400, "A date or time is not valid"],
  "22008": [400, "A date or time is out of range"],
  "22P02": [400, "A value has the wrong format"],
  "23503": [404, "A linked record was not found"],
  "23505": [409, "This record already exists"],
};

/**
 * The one error handler: every failure leaves as `{ message, issues? }` (DESIGN section 4).
 * Validation failures name their fields; server faults are logged and never described.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, "").replaceAll("/", "."),
        message: v.message ?? "Invalid value",
      }));
      const where = error.validationContext === "querystring" ? "query" : error.validationContext;
      const summary = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join("; ");
      return reply
        .status(400)
        .send({ message: `Invalid ${where ?? "input"}: ${summary}`, issues } satisfies ErrorBody);
    }
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({ message: error.message } satisfies ErrorBody);
    }
    const pg = typeof error.code === "string" ? pgCodes[error.code] : undefined;
    if (pg) {
      request.log.info({ code: error.code }, "database rejected input");
      return reply.status(pg[0]).send({ message: pg[1] } satisfies ErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const messages: Record<string, string> = {
        FST_ERR_CTP_BODY_TOO_LARGE: "The request body is too large",
        FST_ERR_CTP_INVALID_MEDIA_TYPE: "Send the request body as application/json",
        FST_ERR_CTP_INVALID_JSON_BODY: "The request body is not valid JSON",
        FST_ERR_CTP_EMPTY_JSON_BODY: "The request body is empty",
      };
      const message = messages[error.code] ?? (status === 400 ? "The request is not valid" : error.message);
      return reply.status(status).send({ message } satisfies ErrorBody);
    }
    request.log.error({ err: error }, "request failed");
    return reply
      .status(500)
      .send({ message: "Something went wrong on the server. Please try again." } satisfies ErrorBody);
  });
}
