import type { FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  authConfigRecord,
  emailConfirmationInput,
  loginInput,
  messageRecord,
  registerInput,
} from "../../../domain/auth";
import { DEFAULT_TIME_ZONE, isValidTimeZone } from "../../../domain/clock";
import { DEFAULT_NEXT, safeNextPath } from "../../../domain/next-path";
import { signedInUserRecord } from "../../../domain/signed-in-user";
import { twoFactorPendingRecord } from "../../../domain/two-factor";
import type { ModuleRoutes } from "../../app-context";
import type { Db } from "../../db/client";
import { badRequest, conflict, forbidden, HttpError, tooManyRequests, unauthorized } from "../../lib/errors";
import type { Delivery } from "../../lib/mailer";
import { linkOrigin, siteOrigin } from "../../lib/site-origin";
import { presentedDevice, trustDevice } from "./device-cookie";
import { sendConfirmationLink } from "./email-confirmation";
import { type Redemption, redeemEmailConfirmation } from "./email-confirmation.queries";
import {
  accountKey,
  CONFIRMATION_MAIL_WINDOW_MS,
  clearFailures,
  confirmationMailKey,
  deviceKey,
  forgetAttempt,
  MAX_CONFIRMATION_MAILS,
  MAX_SIGNUPS,
  SIGNUP_WINDOW_MS,
  signupKey,
  takeAttempt,
  takeSignInAttempt,
} from "./login-limit.queries";
import { createOidc, type PendingLogin } from "./oidc";
import { holdSignIn, TWO_FACTOR_PENDING } from "./pending-sign-in";
import { signedInAnswer } from "./signed-in";
import { isTwoFactorOn } from "./two-factor.queries";
import {
  createLocalUser,
  findOrCreateOidcUser,
  findUserByEmail,
  getUser,
  isEmailConfirmed,
} from "./users.queries";

const PENDING_COOKIE = "oidc_pending";

/**
 * The browser's time zone, which the client leaves in a cookie before an OpenID Connect sign-in
 * (`src/client/lib/family-clock.ts`): a new account starts in it. A name that is no zone is ignored.
 */
export const TIME_ZONE_COOKIE = "tz";
const browserTimeZone = (request: FastifyRequest) => {
  const zone = request.cookies[TIME_ZONE_COOKIE];
  return isValidTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
};

function tooManyAttempts(seconds: number) {
  return tooManyRequests(
    seconds,
    (wait) => `Too many failed sign-in attempts. Please wait ${wait} and try again.`,
  );
}

/** What opening a confirmation link answers when it did not confirm, and why. */
const REFUSED_LINKS: Record<Exclude<Redemption, "confirmed">, HttpError> = {
  used: conflict(
    "This link has already been used. If your email address is not confirmed yet, ask for a new link in Settings.",
  ),
  expired: new HttpError(
    410,
    "This link has expired: links work for 48 hours. Sign in and ask for a new link in Settings.",
  ),
  invalid: new HttpError(
    404,
    "This link is not valid. Check that you opened the whole link from the email, or ask for a new one in Settings.",
  ),
};

/**
 * A link that would leave with the address a request named itself (a public name without
 * PUBLIC_URL): none is sent (see `linkOrigin`).
 */
const NO_SITE_ADDRESS = new HttpError(
  503,
  "This server does not know its own address, so it cannot send links. Ask whoever runs it to set PUBLIC_URL.",
);

/** Where a confirmation link went, in words: the outbox is named, never its place on the disk. */
function linkSent(delivery: Delivery) {
  return "sentTo" in delivery
    ? `We sent a new confirmation link to ${delivery.sentTo}. It works for 48 hours.`
    : "This server has no mail settings, so the confirmation link was saved in the server's mail outbox instead of being sent. The person who runs this server can pass it on to you.";
}

/** Starts a session for the user and answers with them as they now are (this sign-in recorded). */
async function signInAs(db: Db, reply: FastifyReply, userId: string) {
  await reply.signIn(userId);
  const signedIn = await signedInAnswer(db, reply.request, reply);
  if (!signedIn) throw unauthorized();
  return signedIn;
}

/**
 * Sign-in, sign-up, the OpenID Connect round trip and sign-out (DESIGN section 3): the routes a
 * signed-out visitor can reach.
 */
export const authPublicRoutes: ModuleRoutes = (app, { db, config, passwords, mailer, clock }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const oidc = config.oidc ? createOidc(config.oidc) : undefined;
  const secure = config.publicUrl?.startsWith("https:") ?? false;
  const origin = (request: FastifyRequest) => siteOrigin(config, request);

  r.get("/api/auth/config", { schema: { response: { 200: authConfigRecord } } }, async () => ({
    mode: oidc ? ("oidc" as const) : ("local" as const),
    allowSignup: !oidc && config.allowSignup,
  }));

  r.post(
    "/api/auth/register",
    { schema: { body: registerInput, response: { 201: signedInUserRecord } } },
    async (request, reply) => {
      if (oidc) throw forbidden("Accounts are managed by the identity provider. Use Sign In.");
      if (!config.allowSignup) throw forbidden("New accounts cannot be created on this server.");
      const attempt = await takeAttempt(db, [signupKey(request.ip)], {
        max: MAX_SIGNUPS,
        windowMs: SIGNUP_WINDOW_MS,
      });
      if (!attempt.allowed) {
        throw new HttpError(429, "Too many new accounts from this address. Please try again later.", {
          "retry-after": String(attempt.retryAfterSeconds),
        });
      }
      const { email, password, firstName, lastName, timeZone, timeFormat } = request.body;
      const taken = conflict("An account with this email already exists. Sign in instead.");
      // Checked before hashing: a request that will be refused never costs a hash.
      if (await findUserByEmail(db, email)) throw taken;
      const user = await createLocalUser(db, {
        email,
        passwordHash: await passwords.hash(password),
        firstName,
        lastName,
        timeZone,
        timeFormat: timeFormat ?? null,
      });
      if (!user) throw taken;
      // The browser that created the account is known from now on (docs/decisions/0005).
      trustDevice(reply, config, user.id);
      // The account is made whether or not its link can be sent: it can ask again from Settings.
      const links = linkOrigin(config, request);
      if (!links) {
        request.log.warn(
          "a confirmation link was not sent: set PUBLIC_URL for a server reached by a public name",
        );
      } else {
        await sendConfirmationLink(db, mailer, { userId: user.id, email: user.email ?? email }, links).catch(
          (err: Error) =>
            request.log.warn({ fault: err.name }, "the confirmation link of a new account was not sent"),
        );
      }
      return reply.status(201).send(await signInAs(db, reply, user.id));
    },
  );

  r.post(
    "/api/auth/login",
    {
      schema: { body: loginInput, response: { 200: signedInUserRecord, 202: twoFactorPendingRecord } },
    },
    async (request, reply) => {
      if (oidc) throw forbidden("Sign in through the identity provider.");
      const { email, password } = request.body;
      const user = await findUserByEmail(db, email);
      // A browser that signed in to this account before is limited on its own (docs/decisions/0005).
      const device = user ? presentedDevice(request, config, user.id) : undefined;
      // The attempt is counted before the password is checked, so parallel guesses cannot outrun the limit.
      const attempt = await takeSignInAttempt(db, { ip: request.ip, email, device });
      if (!attempt.allowed) throw tooManyAttempts(attempt.retryAfterSeconds);
      const valid = await passwords.verify(password, user?.passwordHash ?? (await passwords.decoy()));
      if (!user?.passwordHash || !valid) throw new HttpError(401, "Invalid email or password");
      if (await isTwoFactorOn(db, user.id)) {
        // The password was right, so it costs nothing; the code is counted when it comes. Nothing
        // is cleared and no device cookie given before it: the sign-in is not done.
        await forgetAttempt(db, attempt.ids);
        holdSignIn(reply, config, user, clock());
        return reply.status(202).send(TWO_FACTOR_PENDING);
      }
      // A success is not a failure: the account and this browser start afresh, and the address
      // keeps only its failures.
      await clearFailures(db, device ? [accountKey(email), deviceKey(device)] : [accountKey(email)]);
      await forgetAttempt(db, attempt.ids);
      trustDevice(reply, config, user.id, device);
      return signInAs(db, reply, user.id);
    },
  );

  // Opened from the link in the mail, signed in or not: the link's account is the one confirmed.
  r.post(
    "/api/auth/email-confirmation/confirm",
    { schema: { body: emailConfirmationInput, response: { 200: messageRecord } } },
    async (request) => {
      const outcome = await redeemEmailConfirmation(db, request.body.token);
      if (outcome !== "confirmed") throw REFUSED_LINKS[outcome];
      return { message: "Thank you: your email address is confirmed." };
    },
  );

  r.get("/api/login", async (request, reply) => {
    // Where to go once signed in: only ever a path of this site.
    const next = safeNextPath((request.query as { next?: unknown }).next);
    if (!oidc) {
      return reply.redirect(
        next === DEFAULT_NEXT ? "/?signin=1" : `/?signin=1&next=${encodeURIComponent(next)}`,
      );
    }
    const { url, pending } = await oidc.start(`${origin(request)}/api/callback`);
    const withNext: PendingLogin & { next: string } = { ...pending, next };
    reply.setCookie(PENDING_COOKIE, JSON.stringify(withNext), {
      path: "/api/callback",
      httpOnly: true,
      sameSite: "lax",
      secure,
      signed: true,
      maxAge: 600,
    });
    return reply.redirect(url);
  });

  r.get("/api/callback", async (request, reply) => {
    if (!oidc) return reply.redirect("/");
    const raw = request.cookies[PENDING_COOKIE];
    const unsigned = raw ? request.unsignCookie(raw) : undefined;
    reply.clearCookie(PENDING_COOKIE, { path: "/api/callback" });
    if (!unsigned?.valid || !unsigned.value) return reply.redirect("/?signin=expired");
    const { next, ...pending } = JSON.parse(unsigned.value) as PendingLogin & { next?: unknown };
    try {
      const identity = await oidc.finish(new URL(request.url, origin(request)), pending);
      const user = await findOrCreateOidcUser(db, identity, new Date(), browserTimeZone(request));
      await reply.signIn(user.id);
      return reply.redirect(safeNextPath(next));
    } catch (err) {
      request.log.warn({ fault: (err as Error).name }, "OpenID Connect sign-in failed");
      return reply.redirect("/?signin=failed");
    }
  });

  r.get("/api/logout", async (request, reply) => {
    // Only this site may end the session: an image or link on another site must not sign anyone out.
    if (request.headers["sec-fetch-site"] !== "cross-site") await reply.signOut();
    return reply.redirect("/");
  });
};

/**
 * The signed-in person (spec section 7: `GET /api/auth/user`), and a new link to confirm their
 * email address.
 */
export const authRoutes: ModuleRoutes = (scope, { db, config, mailer }) => {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  // Who is signed in; for a personal API token, who it acts as, in its one family, with the role
  // it acts with: the one route of the person's own a token may call (plugins/access.ts).
  r.get(
    "/api/auth/user",
    { config: { access: "person", openToTokens: true }, schema: { response: { 200: signedInUserRecord } } },
    async (request, reply) => {
      const signedIn = await signedInAnswer(db, request, reply);
      if (!signedIn) throw unauthorized();
      return signedIn;
    },
  );

  r.post(
    "/api/auth/email-confirmation",
    { config: { access: "person" }, schema: { response: { 200: messageRecord } } },
    async (request) => {
      const user = await getUser(db, request.access().actorId);
      if (!user) throw unauthorized();
      if (!user.email) throw badRequest("Your account has no email address to confirm.");
      if (isEmailConfirmed(user)) throw conflict("Your email address is already confirmed.");
      const links = linkOrigin(config, request);
      if (!links) throw NO_SITE_ADDRESS;
      const attempt = await takeAttempt(db, [confirmationMailKey(user.id)], {
        max: MAX_CONFIRMATION_MAILS,
        windowMs: CONFIRMATION_MAIL_WINDOW_MS,
      });
      if (!attempt.allowed) {
        throw tooManyRequests(
          attempt.retryAfterSeconds,
          (wait) =>
            `You have asked for ${MAX_CONFIRMATION_MAILS} confirmation links in the last hour. Please wait ${wait} and try again.`,
        );
      }
      try {
        const delivery = await sendConfirmationLink(
          db,
          mailer,
          { userId: user.id, email: user.email },
          links,
        );
        return { message: linkSent(delivery) };
      } catch (error) {
        // A link that was not sent does not count against the hour's links.
        await forgetAttempt(db, attempt.ids);
        throw error;
      }
    },
  );
};
