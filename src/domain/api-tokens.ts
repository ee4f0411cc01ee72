import { z } from "zod";
import { childLimit } from "./family";
import { oneOf, requiredText } from "./fields";
import { timestamp, type Wire } from "./records";

/**
 * Personal API tokens: what lets another program (a home-automation button, a script) read and
 * log a family's records as the person who made the token, without their password. A token is for
 * one family, reads only or reads and writes, may be limited to some of the children, and expires.
 * What it may do on the server is decided in one place (src/server/plugins/access.ts); how to use
 * one is docs/api.md.
 */

/**
 * What a token may do: read the family's records, or read and change them. Either way no more
 * than the person's own role allows (a viewer's token never writes), and never the family's
 * members, links, tokens or the person's account.
 */
export const API_TOKEN_MODES = ["read", "write"] as const;
export type ApiTokenMode = (typeof API_TOKEN_MODES)[number];

export const API_TOKEN_MODE_LABELS: Record<ApiTokenMode, string> = {
  read: "Read only",
  write: "Read and write",
};

/** Every token starts with this, so a leaked one is recognised (by a person, or a secret scanner). */
export const API_TOKEN_PREFIX = "mct_";
export const API_TOKEN_NAME_MAX = 60;
export const API_TOKEN_DEFAULT_DAYS = 90;
/** A token lasts at most a year: one forgotten in a script stops working by itself. */
export const API_TOKEN_MAX_DAYS = 365;

/** `POST /api/api-tokens`: a token for the family in use. */
export const apiTokenInput = z.object({
  name: requiredText("Name", API_TOKEN_NAME_MAX),
  mode: oneOf("Access", API_TOKEN_MODES),
  /** The children it is limited to (among those the person sees), or null: every child they see. */
  childIds: childLimit,
  expiresInDays: z
    .number({ message: "Days must be a number" })
    .int("Days must be a whole number")
    .min(1, "A token lasts at least 1 day")
    .max(API_TOKEN_MAX_DAYS, `A token lasts at most ${API_TOKEN_MAX_DAYS} days (one year)`)
    .optional()
    .transform((days) => days ?? API_TOKEN_DEFAULT_DAYS),
});
export type ApiTokenInput = z.input<typeof apiTokenInput>;

/**
 * A token as its list shows it (never its secret): its family with the family's clock (its times
 * are read on it), what it may do, the children it is limited to (null: every child the person
 * sees) and when it was last used (to the minute).
 */
export const apiTokenRecord = z.object({
  id: z.uuid(),
  name: z.string(),
  familyId: z.uuid(),
  familyName: z.string(),
  timeZone: z.string(),
  mode: z.enum(API_TOKEN_MODES),
  children: z.array(z.object({ id: z.uuid(), name: z.string() })).nullable(),
  createdAt: timestamp,
  expiresAt: timestamp,
  lastUsedAt: timestamp.nullable(),
  revokedAt: timestamp.nullable(),
});
export type ApiToken = Wire<typeof apiTokenRecord>;

/** A new token: the secret to send as `Authorization: Bearer <token>`, answered this once only. */
export const createdApiTokenRecord = apiTokenRecord.extend({ token: z.string() });
export type CreatedApiToken = Wire<typeof createdApiTokenRecord>;

export type ApiTokenState = "active" | "expired" | "revoked";

/** Whether a token still works at `now`. */
export function apiTokenState(
  token: { expiresAt: string | Date; revokedAt: string | Date | null },
  now: Date,
): ApiTokenState {
  if (token.revokedAt) return "revoked";
  return new Date(token.expiresAt).getTime() <= now.getTime() ? "expired" : "active";
}
