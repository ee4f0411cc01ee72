import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { unauthorized } from "../lib/errors";
import {
  createSession,
  destroySession,
  pruneSessions,
  resumeSession,
  SESSION_LIFETIME_MS,
  type SessionPolicy,
} from "../modules/auth/sessions.queries";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user's id, or null. */
    userId: string | null;
    /** The owner id every record query is scoped by. Throws 401 when signed out. */
    ownerId(): string;
  }
  interface FastifyReply {
    /** Signs a user in: ends any current session and starts a new one with a new id. */
    signIn(userId: string): Promise<void>;
    signOut(): Promise<void>;
  }
  interface FastifyContextConfig {
    /** Reachable without a session. Every other /api route answers 401 when signed out. */
    public?: boolean;
  }
}

/** Session cookies (DESIGN section 3). Exported for tests. */
export function cookieName(config: Pick<Config, "publicUrl">) {
  return config.publicUrl?.startsWith("https:") ? "__Host-sid" : "sid";
}

export async function registerSessions(app: FastifyInstance, config: Config, db: Db) {
  const policy: SessionPolicy = { secret: config.sessionSecret, idleMinutes: config.sessionIdleMinutes };
  const name = cookieName(config);
  const secure = config.publicUrl?.startsWith("https:") ?? false;
  await app.register(cookie, { secret: config.sessionSecret });

  app.decorateRequest("userId", null);
  app.decorateRequest("ownerId", function (this: FastifyRequest) {
    if (!this.userId) throw unauthorized();
    return this.userId;
  });

  app.decorateReply("signIn", async function (this: FastifyReply, userId: string) {
    const old = this.request.cookies[name];
    if (old) await destroySession(db, policy, old);
    const { token } = await createSession(db, policy, userId);
    this.request.userId = userId;
    this.setCookie(name, token, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure,
      maxAge: SESSION_LIFETIME_MS / 1000,
    });
  });

  app.decorateReply("signOut", async function (this: FastifyReply) {
    const token = this.request.cookies[name];
    if (token) await destroySession(db, policy, token);
    this.request.userId = null;
    this.clearCookie(name, { path: "/", httpOnly: true, sameSite: "lax", secure });
  });

  app.addHook("onRequest", async (request, reply) => {
    const isApi = request.url.startsWith("/api/") || request.url.startsWith("/objects/");
    // Pages and built assets are the same for everyone: no session lookup for them.
    if (!isApi) return;
    const token = request.cookies[name];
    if (token) {
      const session = await resumeSession(db, policy, token);
      if (session) request.userId = session.userId;
      else reply.clearCookie(name, { path: "/", httpOnly: true, sameSite: "lax", secure });
    }
    if (!request.userId && !request.routeOptions.config?.public && request.is404 !== true) {
      throw unauthorized();
    }
  });

  const timer = setInterval(
    () => {
      pruneSessions(db).catch((err) => app.log.warn({ err }, "session pruning failed"));
    },
    10 * 60 * 1000,
  );
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
}
