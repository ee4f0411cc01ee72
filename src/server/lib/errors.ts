import type { FieldIssue } from "../../domain/fields";

/** An error with an HTTP status and a message safe to show to the client (and the fields at fault). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly issues?: readonly FieldIssue[],
    /** Facts the client acts on, beside the message (a 409's `lastDose`): merged into the body. */
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const notFound = (what = "Record") => new HttpError(404, `${what} not found`);
export const unauthorized = () => new HttpError(401, "Not signed in");
export const forbidden = (message: string) => new HttpError(403, message);
export const conflict = (message: string, details?: Readonly<Record<string, unknown>>) =>
  new HttpError(409, message, {}, undefined, details);
export const badRequest = (message: string) => new HttpError(400, message);

/**
 * A record that breaks a rule across its fields, found on the stored record a partial update
 * completes: 400 naming the fields, as a body that fails its schema is answered.
 */
export const invalidRecord = (issues: readonly FieldIssue[]) =>
  new HttpError(400, `Invalid body: ${issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`, {}, issues);

/**
 * 429 with Retry-After: `message` is given the wait in words ("1 minute", "60 minutes"), rounded
 * up to whole minutes.
 */
export function tooManyRequests(retryAfterSeconds: number, message: (wait: string) => string) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new HttpError(429, message(`${minutes} minute${minutes === 1 ? "" : "s"}`), {
    "retry-after": String(retryAfterSeconds),
  });
}
