import type { FastifyRequest } from "fastify";
import type { ApiTokenMode } from "../../domain/api-tokens";

/**
 * A request sent with a personal API token (`Authorization: Bearer <token>`, docs/api.md) rather
 * than from the app in a browser. On such a request no cookie is read at all (neither the session
 * nor the device's family): the token alone says who acts and for which family. Other schemes
 * (`Basic`, which a browser repeats by itself behind a password-protected proxy) are left alone,
 * so the app keeps working there.
 */
const BEARER = /^bearer(?:\s+(.*))?$/i;

/**
 * The credential a request presents as a bearer token ("" when the header names the scheme and no
 * token), or undefined when it presents none and is an ordinary browser request.
 */
export function bearerCredential(request: Pick<FastifyRequest, "headers">): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== "string") return undefined;
  const match = BEARER.exec(header.trim());
  return match ? (match[1] ?? "").trim() : undefined;
}

/** What a valid, live token grants: who acts, in which family, how, and for which children at most. */
export interface TokenGrant {
  tokenId: string;
  name: string;
  userId: string;
  familyId: string;
  mode: ApiTokenMode;
  /** The children the token is limited to; null: every child the person sees. */
  childIds: readonly string[] | null;
}

/**
 * Checks a bearer credential: the grant of a token that works, or throws the answer (401 for a
 * malformed, unknown, wrong, expired or revoked token; 429 while the client's address has spent
 * its sign-in attempts). Given to the sessions by the app (modules/api-tokens/bearer.ts).
 */
export type BearerCheck = (credential: string, request: FastifyRequest) => Promise<TokenGrant>;
