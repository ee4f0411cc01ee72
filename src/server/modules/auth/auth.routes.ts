import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { loginInput, registerInput } from "../../../domain/auth";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { conflict, forbidden, HttpError, unauthorized } from "../../lib/errors";
import {
  accountKey,
  clearFailures,
  ipKey,
  pruneFailures,
  recordFailure,
  retryAfterSeconds,
} from "./login-limit.queries";
import { createOidc, type PendingLogin } from "./oidc";
import { decoyHash, hashPassword, verifyPassword } from "./passwords";
import {
  createLocalUser,
  findOrCreateOidcUser,
  findUserByEmail,
  getUser,
  toCurrentUser,
} from "./users.queries";

const PENDING_COOKIE = "oidc_pending";
const open = { config: { public: true } } as const;

function tooManyAttempts(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new HttpError(
    429,
    `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
    { "retry-after": String(seconds) },
  );
}

/** Sign-in, sign-out and the current user (DESIGN section 3). */
export function authRoutes(app: FastifyInstance, db: Db, config: Config) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const oidc = config.oidc ? createOidc(config.oidc) : undefined;
  const secure = config.publicUrl?.startsWith("https:") ?? false;
  const origin = (request: FastifyRequest) => config.publicUrl ?? `${request.protocol}://${request.host}`;

  r.get("/api/auth/config", open, async () => ({
    mode: oidc ? "oidc" : "local",
    allowSignup: !oidc && config.allowSignup,
  }));

  r.get("/api/auth/user", async (request) => {
    const user = await getUser(db, request.ownerId());
    if (!user) throw unauthorized();
    return toCurrentUser(user);
  });

  r.post("/api/auth/register", { ...open, schema: { body: registerInput } }, async (request, reply) => {
    if (oidc) throw forbidden("Accounts are managed by the identity provider. Use Sign In.");
    if (!config.allowSignup) throw forbidden("New accounts cannot be created on this server.");
    const { email, password, firstName, lastName } = request.body;
    const user = await createLocalUser(db, {
      email,
      passwordHash: await hashPassword(password),
      firstName,
      lastName,
    });
    if (!user) throw conflict("An account with this email already exists. Sign in instead.");
    await reply.signIn(user.id);
    return reply.status(201).send(toCurrentUser(user));
  });

  r.post("/api/auth/login", { ...open, schema: { body: loginInput } }, async (request, reply) => {
    if (oidc) throw forbidden("Sign in through the identity provider.");
    const { email, password } = request.body;
    const keys = [ipKey(request.ip), accountKey(email)];
    const wait = await retryAfterSeconds(db, keys);
    if (wait > 0) throw tooManyAttempts(wait);
    const user = await findUserByEmail(db, email);
    const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
    if (!user?.passwordHash || !valid) {
      await recordFailure(db, keys);
      throw new HttpError(401, "Invalid email or password");
    }
    await clearFailures(db, accountKey(email));
    await reply.signIn(user.id);
    return toCurrentUser(user);
  });

  r.get("/api/login", open, async (request, reply) => {
    if (!oidc) return reply.redirect("/?signin=1");
    const { url, pending } = await oidc.start(`${origin(request)}/api/callback`);
    reply.setCookie(PENDING_COOKIE, JSON.stringify(pending), {
      path: "/api/callback",
      httpOnly: true,
      sameSite: "lax",
      secure,
      signed: true,
      maxAge: 600,
    });
    return reply.redirect(url);
  });

  r.get("/api/callback", open, async (request, reply) => {
    if (!oidc) return reply.redirect("/");
    const raw = request.cookies[PENDING_COOKIE];
    const unsigned = raw ? request.unsignCookie(raw) : undefined;
    reply.clearCookie(PENDING_COOKIE, { path: "/api/callback" });
    if (!unsigned?.valid || !unsigned.value) return reply.redirect("/?signin=expired");
    const pending = JSON.parse(unsigned.value) as PendingLogin;
    try {
      const identity = await oidc.finish(new URL(request.url, origin(request)), pending);
      const user = await findOrCreateOidcUser(db, identity);
      await reply.signIn(user.id);
      return reply.redirect("/");
    } catch (err) {
      request.log.warn({ err }, "OpenID Connect sign-in failed");
      return reply.redirect("/?signin=failed");
    }
  });

  r.get("/api/logout", open, async (_request, reply) => {
    await reply.signOut();
    return reply.redirect("/");
  });

  const timer = setInterval(
    () => {
      pruneFailures(db).catch((err) => app.log.warn({ err }, "login failure pruning failed"));
    },
    15 * 60 * 1000,
  );
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
}
