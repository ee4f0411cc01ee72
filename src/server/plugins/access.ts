import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isValidTimeZone } from "../../domain/clock";
import { can, type Permission, REFUSED, type Role } from "../../domain/family";
import type { Db } from "../db/client";
import { users } from "../db/schema/index";
import { forbidden, unauthorized } from "../lib/errors";

/**
 * Who acts, for which family, with which role and which children: resolved once per request
 * (DESIGN section 3). Every query is scoped by `familyId` and `childIds`; every write checks `role`.
 */
export interface Access {
  /** The person signed in: who is acting (the audit's actor, the profile, the passkeys). */
  actorId: string;
  /** Whose records the request reads and changes. */
  familyId: string;
  role: Role;
  /** The children the membership is limited to; null: every child of the family. */
  childIds: readonly string[] | null;
}

/**
 * What a route needs of the person: a permission of their role in the family in use, or only to
 * be signed in ("person": their own profile, passkeys, password, which family they use). A route
 * that says nothing needs "read" for a GET and "write" for anything else.
 */
export type RouteAccess = Permission | "person";

declare module "fastify" {
  interface FastifyRequest {
    /** The request's access once `loadAccess` has run. Throws 401 when signed out. */
    access(): Access;
    /** Loads the session, then the access (once per request); null when signed out. */
    loadAccess(reply: FastifyReply): Promise<Access | null>;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
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

/** 403 when the request's role does not allow what the route needs; nothing has been read or changed yet. */
export function assertAllowed(access: Access, needed: RouteAccess): void {
  if (needed === "person" || needed === "read") return;
  if (!can(access.role, needed)) throw forbidden(REFUSED[needed]);
}

/**
 * Resolves who acts for which family (`request.loadAccess`), and keeps the family's time zone on the
 * request's clock. Registered on the root instance after the sessions, so public routes that serve a
 * signed-in person (photos, the page) use the same seam as the signed-in scope.
 */
export function registerAccess(app: FastifyInstance, db: Db): void {
  app.decorateRequest("access", function (this: WithAccess) {
    const access = this[resolved];
    if (!access) throw unauthorized();
    return access;
  });
  app.decorateRequest("loadAccess", async function (this: WithAccess, reply: FastifyReply) {
    if (this[resolved] !== undefined) return this[resolved];
    const userId = await this.loadSession(reply);
    const access = userId ? await resolveAccess(db, userId) : null;
    if (access) {
      const [row] = await db
        .select({ timeZone: users.timeZone })
        .from(users)
        .where(eq(users.id, access.familyId));
      if (row && isValidTimeZone(row.timeZone)) this.familyClock.timeZone = row.timeZone;
    }
    this[resolved] = access;
    return access;
  });
}

/** Forgets a request's resolved access (after a sign-in or sign-out changes who it is). */
export function forgetAccess(request: FastifyRequest): void {
  delete (request as WithAccess)[resolved];
}

/** A person's access: each account is its own family, with every right, until families are shared. */
async function resolveAccess(_db: Db, userId: string): Promise<Access> {
  return { actorId: userId, familyId: userId, role: "owner", childIds: null };
}
