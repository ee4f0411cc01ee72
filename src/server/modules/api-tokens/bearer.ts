import type { Db } from "../../db/client";
import type { BearerCheck } from "../../lib/bearer";
import { HttpError, tooManyRequests } from "../../lib/errors";
import type { Clock } from "../../lib/session-store";
import { attemptWait, ipKey, SIGN_IN_LIMIT, takeAttempt } from "../auth/login-limit.queries";
import { checkApiToken, type TokenRefusal } from "./api-tokens.queries";

/** RFC 6750: a refused bearer token says so in `WWW-Authenticate`. */
const CHALLENGE = { "www-authenticate": 'Bearer error="invalid_token"' };

const REFUSALS: Record<TokenRefusal, string> = {
  invalid: "This API token is not valid.",
  expired: "This API token has expired. Make a new one in Settings.",
  revoked: "This API token was revoked.",
};

const tooManyWrongTokens = (seconds: number) =>
  tooManyRequests(
    seconds,
    (wait) => `Too many failed sign-in attempts from this address. Please wait ${wait} and try again.`,
  );

/**
 * Checks personal API tokens for the sessions (plugins/session.ts). A wrong token (not one of ours,
 * unknown, or with a wrong secret) is a failed sign-in of the client's address, counted with the
 * wrong passwords (modules/auth/login-limit.queries.ts): once the address has spent its attempts,
 * every token it sends is answered 429 before it is even looked at, as a right password would be.
 * A token that is right but expired or revoked is not counted (its holder guesses nothing, and a
 * forgotten script must not lock its household out of signing in). A right token costs one read
 * of the limits and one of the token: no write but its last use, once a minute.
 */
export function createBearerCheck(db: Db, clock: Clock): BearerCheck {
  return async (credential, request) => {
    const now = clock();
    const keys = [ipKey(request.ip)];
    const wait = await attemptWait(db, keys, SIGN_IN_LIMIT, now);
    if (wait > 0) throw tooManyWrongTokens(wait);
    const checked = await checkApiToken(db, credential, now);
    if ("grant" in checked) return checked.grant;
    if (checked.refused === "invalid") {
      const attempt = await takeAttempt(db, keys, SIGN_IN_LIMIT, now);
      if (!attempt.allowed) throw tooManyWrongTokens(attempt.retryAfterSeconds);
    }
    throw new HttpError(401, REFUSALS[checked.refused], CHALLENGE);
  };
}
