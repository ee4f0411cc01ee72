import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { can, type Permission, REFUSED } from "../../domain/roles";
import { forbidden, unauthorized } from "../lib/errors";
import type { Access, AccessResolver } from "../lib/family-access";

export type { Access };

/**
 * What a route needs of the person: a permission of their role in the family in use, or only to
 * be signed in ("person": their own profile, passkeys, password, which family they use). A route
 * that says nothing needs "read" for a GET and "write" for anything else.
 */
export type RouteAccess = Permission | "person";

declare module "fastify" {
  interface FastifyReply {
    /** Remembers on this device which family the person uses (`PUT /api/auth/family`). */
    useFamily(familyId: string): void;
  }
  interface FastifyRequest {
    /** The request's access once `loadAccess` has run. Throws 401 when signed out. */
    access(): Access;
    /** Loads the session, then the access (once per request); null when signed out. */
    loadAccess(reply: FastifyReply): Promise<Access | null>;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * A route of the person's own ("person") that a personal API token may call too: only what
     * reads who the token acts as (`GET /api/auth/user`). See `assertAllowed`.
     */
    openToTokens?: true;
  }
}

const resolved = Symbol("access");
type WithAccess = FastifyRequest & { [resolved]?: Access | null };

/** What a route needs, from its `config.access` or its method. */
export function routeAccess(request: FastifyRequest): RouteAccess {
  const declared = request.routeOptions.config?.access;
  if (declared) return declared;
  return request.method === "GET" || request.method === "HEAD" ? "read" : "write";
}

/**
 * Whether a personal API token is refused a route that needs `needed` (the API description says
 * the same: such a route takes a session only).
 */
export function tokensRefused(needed: RouteAccess | undefined, openToTokens = false): boolean {
  return !openToTokens && (needed === "person" || needed === "manage" || needed === "share");
}

/** Why a personal API token was refused a route no token may call (403). */
export const REFUSED_TO_TOKENS =
  "An API token cannot do this: sign in to the app to manage the family, its links and tokens, or your account.";
/** Why a read-only token was refused a change (a read-and-write one of a viewer hears the role's reason). */
export const READ_ONLY_TOKEN = "This API token can read records but not change them.";

/**
 * 403 when the request may not do what the route needs; nothing has been read or changed yet.
 *
 * The one rule for personal API tokens (docs/api.md): a token reads and, when it is read-and-write
 * and the person's role writes, changes the family's records, and nothing else. Every route that
 * needs "manage" (members, invitations, the family's settings, restores, deletions), "share" (the
 * clinic's links) or "person" (the account, its sign-in, passkeys, password, email, tokens,
 * notifications, which family is used) is refused to a token, whatever its mode and the person's
 * role, except the few "person" routes marked `openToTokens` (reading who the token acts as).
 */
export function assertAllowed(access: Access, needed: RouteAccess, openToTokens = false): void {
  if (access.token && tokensRefused(needed, openToTokens)) throw forbidden(REFUSED_TO_TOKENS);
  if (needed === "person" || needed === "read") return;
  if (!can(access.role, needed)) {
    throw forbidden(access.token?.mode === "read" ? READ_ONLY_TOKEN : REFUSED[needed]);
  }
}

/**
 * The device's choice of family: an id only, checked against the person's memberships at every
 * request (a family they left is no longer used). Kept a year.
 */
export const FAMILY_COOKIE = "family";
const FAMILY_KEPT_S = 365 * 24 * 60 * 60;

/**
 * Resolves who acts for which family (`request.loadAccess`), and keeps the family's time zone on the
 * request's clock. Registered on the root instance after the sessions, so public routes that serve a
 * signed-in person (photos, the page) use the same seam as the signed-in scope.
 */
export function registerAccess(
  app: FastifyInstance,
  resolver: AccessResolver,
  cookieOptions: { path: string; httpOnly: boolean; sameSite: "lax"; secure: boolean },
): void {
  app.decorateRequest("access", function (this: WithAccess) {
    const access = this[resolved];
    if (!access) throw unauthorized();
    return access;
  });
  app.decorateRequest("loadAccess", async function (this: WithAccess, reply: FastifyReply) {
    if (this[resolved] !== undefined) return this[resolved];
    const userId = await this.loadSession(reply);
    // A token's request is its family's, whatever cookie came with it (none is read).
    const grant = this.apiToken;
    const access = !userId
      ? null
      : grant
        ? await resolver.resolveToken(grant)
        : await resolver.resolve(userId, this.cookies[FAMILY_COOKIE]);
    if (access) {
      this.familyClock.timeZone = access.timeZone;
      this.familyClock.timeFormat = access.timeFormat;
    }
    this[resolved] = access;
    return access;
  });
  app.decorateReply("useFamily", function (this: FastifyReply, familyId: string) {
    this.setCookie(FAMILY_COOKIE, familyId, { ...cookieOptions, maxAge: FAMILY_KEPT_S });
    forgetAccess(this.request);
    (this.request.cookies as Record<string, string>)[FAMILY_COOKIE] = familyId;
  });
}

/** Forgets a request's resolved access (after a sign-in, a sign-out or a switch changes it). */
export function forgetAccess(request: FastifyRequest): void {
  delete (request as WithAccess)[resolved];
}
