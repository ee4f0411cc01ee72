import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { dbErrorFacts } from "../lib/db-errors";
import { HttpError } from "../lib/errors";

export interface ErrorBody {
  message: string;
  issues?: { path: string; message: string }[];
}

/** PostgreSQL error codes that bad input or a race with another request can reach, as client errors. */
const pgCodes: Record<string, [number, string]> = {
  "22001": [400, "A value is too long"],
  "22003": [400, "A number is out of range"],
  "22007": [400, "A date or time is not valid"],
  "22008": [400, "A date or time is out of range"],
  "22021": [400, "A value holds a character that cannot be stored"],
  "22P02": [400, "A value has the wrong format"],
  "22P05": [400, "A value holds a character that cannot be stored"],
  // A linked record deleted by another request between our check and our write.
  "23503": [404, "A linked record was not found"],
  "23505": [409, "This record already exists"],
  // Two transactions changed the same rows; the client may simply try again.
  "40001": [409, "The record was changed at the same time by another request. Please try again."],
  "40P01": [409, "The record was changed at the same time by another request. Please try again."],
};

const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: "The request body is too large",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Send the request body as application/json",
  FST_ERR_CTP_INVALID_JSON_BODY: "The request body is not valid JSON",
  FST_ERR_CTP_EMPTY_JSON_BODY: "The request body is empty",
};

/**
 * What a server fault may put in the log: its kind, and for a database failure the SQLSTATE code
 * and constraint names. Never a message of the database (drizzle's holds the query and its
 * parameters: password hashes, record text), nor a body.
 */
function safeFault(error: Error) {
  const db = dbErrorFacts(error);
  if (db) return { type: "DatabaseError", ...db };
  return { type: error.name, message: error.message, stack: error.stack };
}

/**
 * The one error handler: every failure leaves as `{ message, issues? }` (DESIGN section 4).
 * Validation failures name their fields; server faults are logged without data and never described.
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
        .send({
          ...error.details,
          message: error.message,
          ...(error.issues ? { issues: [...error.issues] } : {}),
        } satisfies ErrorBody);
    }
    const db = dbErrorFacts(error);
    const mapped = db ? pgCodes[db.code] : undefined;
    if (db && mapped) {
      request.log.info({ db }, "database refused the change");
      return reply.status(mapped[0]).send({ message: mapped[1] } satisfies ErrorBody);
    }
    const status = db ? 500 : (error.statusCode ?? 500);
    if (status >= 400 && status < 500) {
      const message =
        frameworkMessages[error.code] ?? (status === 400 ? "The request is not valid" : error.message);
      return reply.status(status).send({ message } satisfies ErrorBody);
    }
    request.log.error({ fault: safeFault(error) }, "request failed");
    return reply
      .status(500)
      .send({ message: "Something went wrong on the server. Please try again." } satisfies ErrorBody);
  });
}

/**
 * Failures of the router itself, before any route runs: a malformed URL, or a path parameter
 * longer than any id (Fastify would answer 414 and echo the path outside the envelope).
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  reply.header("cache-control", "no-store");
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH") {
    return reply.status(404).send({ message: "Record not found" } satisfies ErrorBody);
  }
  return reply.status(400).send({ message: "The address is not valid" } satisfies ErrorBody);
}
