import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { type BearerCheck, bearerCredential, type TokenGrant } from "../lib/bearer";
import { unauthorized } from "../lib/errors";
import { type AccessResolver, createAccessResolver } from "../lib/family-access";
import {
  type Clock,
  createSessionStore,
  type EndReason,
  SESSION_LIFETIME_MS,
  type SessionStore,
  systemClock,
} from "../lib/session-store";
import { assertAllowed, forgetAccess, registerAccess, routeAccess } from "./access";
import { registerFamilyClock } from "./family-clock";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user's id once `loadSession` has run, or null. */
    userId: string | null;
    /** The personal API token the request was sent with, once `loadSession` has checked it; else null. */
    apiToken: TokenGrant | null;
    /**
     * The key (`sid`) of the session the request was sent with, once `loadSession` found it live;
     * else null. The server's own: never sent to the browser (Settings names sessions by their id).
     */
    sessionSid: string | null;
    /**
     * Looks the session cookie up (once per request) and returns the signed-in user's id, or null.
     * The cookie of an ended session is cleared on `reply`. A request sent with a personal API
     * token (`Authorization: Bearer`) is the token's person instead, and no cookie is read; a token
     * that does not work is refused (401, or 429 after too many wrong ones) rather than read as
     * signed out.
     */
    loadSession(reply: FastifyReply): Promise<string | null>;
  }
  interface FastifyInstance {
    /** The sessions: Settings lists a person's live ones and ends one, or all but its own. */
    sessions: SessionStore;
  }
  interface FastifyReply {
    /** Signs a user in: ends any current session and starts a new one with a new id. */
    signIn(userId: string): Promise<void>;
    signOut(): Promise<void>;
    /**
     * Ends every session of `userId`; with `keepThis`, all but this request's own (a password
     * change keeps the browser that made it signed in). Answers how many it ended.
     */
    endSessions(userId: string, options?: { keepThis?: boolean }): Promise<number>;
  }
}

/** Session cookies (DESIGN section 3). Exported for tests. */
export function cookieName(config: Pick<Config, "publicUrl">) {
  return config.publicUrl?.startsWith("https:") ? "__Host-sid" : "sid";
}

/**
 * Set when a session ended by itself, for the sign-in page to say why: `idle-<minutes>` or
 * `absolute`. Not secret (the page reads it); removed at the next sign-in.
 */
export const SESSION_ENDED_COOKIE = "session_ended";
/**
 * When this browser's session started (signed): the session cookie lives exactly as long as the
 * session, so after 24 hours only this tells the server that the absolute limit ended it.
 */
const STARTED_COOKIE = "session_started";
const STARTED_KEPT_S = 7 * 24 * 60 * 60;

const loaded = Symbol("sessionLoaded");
type WithLoaded = FastifyRequest & { [loaded]?: boolean };

/** Without a way to check tokens, none works. */
const noTokens: BearerCheck = async () => {
  throw unauthorized();
};

/**
 * Session cookies and the request's user (DESIGN section 3). Registered on the root instance, so
 * every route can call `request.loadSession()`; the signed-in scope (`signedIn`) requires it.
 * Sessions start and end by `clock`; personal API tokens are checked by `bearer`.
 */
export async function registerSessions(
  app: FastifyInstance,
  config: Config,
  db: Db,
  clock: Clock = systemClock,
  accesses: AccessResolver = createAccessResolver(db, clock),
  bearer: BearerCheck = noTokens,
): Promise<SessionStore> {
  const store = createSessionStore(
    db,
    { secret: config.sessionSecret, idleMinutes: config.sessionIdleMinutes },
    clock,
  );
  registerFamilyClock(app, clock);
  const name = cookieName(config);
  const secure = config.publicUrl?.startsWith("https:") ?? false;
  const cookieOptions = { path: "/", httpOnly: true, sameSite: "lax", secure } as const;
  await app.register(cookie, { secret: config.sessionSecret });

  app.decorateRequest("userId", null);
  app.decorateRequest("apiToken", null);
  app.decorateRequest("sessionSid", null);
  app.decorate("sessions", store);
  const endedCookieValue = (reason: EndReason) =>
    reason === "idle" ? `idle-${config.sessionIdleMinutes}` : "absolute";
  /** Tells the browser why its session ended (when known) and forgets when it started. */
  const sayWhyEnded = (request: FastifyRequest, reply: FastifyReply, reason: EndReason | null) => {
    let why = reason;
    if (!why) {
      const raw = request.cookies[STARTED_COOKIE];
      const started = raw ? request.unsignCookie(raw) : undefined;
      const at = started?.valid && started.value ? Date.parse(started.value) : Number.NaN;
      if (clock().getTime() >= at + SESSION_LIFETIME_MS) why = "absolute";
    }
    if (why) {
      reply.setCookie(SESSION_ENDED_COOKIE, endedCookieValue(why), {
        ...cookieOptions,
        httpOnly: false,
        maxAge: STARTED_KEPT_S,
      });
    }
    if (request.cookies[STARTED_COOKIE]) reply.clearCookie(STARTED_COOKIE, cookieOptions);
  };

  app.decorateRequest("loadSession", async function (this: WithLoaded, reply: FastifyReply) {
    if (this[loaded]) return this.userId;
    this[loaded] = true;
    const credential = bearerCredential(this);
    if (credential !== undefined) {
      const grant = await bearer(credential, this);
      this.apiToken = grant;
      this.userId = grant.userId;
      return this.userId;
    }
    const token = this.cookies[name];
    if (!token) {
      // The browser dropped the session cookie at its 24 hours.
      if (this.cookies[STARTED_COOKIE]) sayWhyEnded(this, reply, null);
      return null;
    }
    const session = await store.resumeOrWhy(token);
    if ("userId" in session) {
      this.userId = session.userId;
      this.sessionSid = session.sid;
    } else {
      // A cookie of an ended session is removed, so the browser stops sending it.
      reply.clearCookie(name, cookieOptions);
      sayWhyEnded(this, reply, session.ended);
    }
    return this.userId;
  });
  registerAccess(app, accesses, cookieOptions);
  app.decorateReply("signIn", async function (this: FastifyReply, userId: string) {
    const old = this.request.cookies[name];
    if (old) await store.destroy(old);
    const { request } = this;
    const { token, sid } = await store.create(userId, clock(), {
      userAgent: request.headers["user-agent"],
      ip: request.ip,
    });
    this.request.userId = userId;
    this.request.sessionSid = sid;
    (this.request as WithLoaded)[loaded] = true;
    forgetAccess(this.request);
    this.setCookie(name, token, { ...cookieOptions, maxAge: SESSION_LIFETIME_MS / 1000 });
    this.setCookie(STARTED_COOKIE, clock().toISOString(), {
      ...cookieOptions,
      signed: true,
      maxAge: STARTED_KEPT_S,
    });
    if (this.request.cookies[SESSION_ENDED_COOKIE]) {
      this.clearCookie(SESSION_ENDED_COOKIE, { ...cookieOptions, httpOnly: false });
    }
  });

  app.decorateReply(
    "endSessions",
    async function (this: FastifyReply, userId: string, options: { keepThis?: boolean } = {}) {
      return store.destroyAllOf(userId, options.keepThis ? this.request.cookies[name] : undefined);
    },
  );

  app.decorateReply("signOut", async function (this: FastifyReply) {
    const token = this.request.cookies[name];
    if (token) await store.destroy(token);
    this.request.userId = null;
    this.request.sessionSid = null;
    forgetAccess(this.request);
    this.clearCookie(name, cookieOptions);
    if (this.request.cookies[STARTED_COOKIE]) this.clearCookie(STARTED_COOKIE, cookieOptions);
  });
  return store;
}

/**
 * The signed-in scope: every route registered inside `plugin` answers 401 without a live session,
 * and 403 when the person's role in the family does not allow what the route needs (`config.access`,
 * or read for a GET and write for anything else), before its body is read or its handler runs.
 * Being protected is decided by where a route is registered, never by its URL (DESIGN section 3).
 */
export function signedIn<Options extends object>(
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  return async (scope, options) => {
    scope.addHook("onRequest", async (request, reply) => {
      const access = await request.loadAccess(reply);
      if (!access) throw unauthorized();
      assertAllowed(access, routeAccess(request), request.routeOptions.config?.openToTokens);
    });
    await plugin(scope, options);
  };
}
