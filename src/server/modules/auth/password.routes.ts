import { eq } from "drizzle-orm";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  messageRecord,
  passwordChangeInput,
  passwordResetConfirmInput,
  passwordResetInput,
} from "../../../domain/auth";
import type { ModuleRoutes } from "../../app-context";
import { users } from "../../db/schema/index";
import { badRequest, conflict, forbidden, HttpError, tooManyRequests, unauthorized } from "../../lib/errors";
import { linkOrigin } from "../../lib/site-origin";
import { accountKey, clearFailures, forgetAttempt, SIGN_IN_LIMIT, takeAttempt } from "./login-limit.queries";
import {
  createPasswordReset,
  deletePasswordReset,
  RESET_PAGE,
  type ResetRedemption,
  redeemPasswordReset,
  resetMail,
} from "./password-reset";
import { securityNoticeMail, securityNotices } from "./security-notice";
import { findUserByEmail, getUser } from "./users.queries";

/**
 * At most this many reset links asked for per client address, and per account, in an hour: enough
 * for a mail that went astray, too few to fill a stranger's inbox (our choice).
 */
export const MAX_RESET_MAILS = 5;
export const RESET_MAIL_WINDOW_MS = 60 * 60 * 1000;
const resetIpKey = (ip: string) => `reset:${ip}`;
const resetAccountKey = (email: string) => `reset-account:${email.toLowerCase()}`;
const resetConfirmKey = (ip: string) => `reset-confirm:${ip}`;

/** The one answer to a reset request, whether or not the address has an account. */
export const RESET_REQUESTED =
  "If an account uses this email address, we sent it a link to choose a new password. The link works for 30 minutes. Check your spam folder if it does not arrive.";
export const PASSWORD_CHANGED = "Your password is changed. You are now signed out on your other devices.";
export const PASSWORD_RESET =
  "Your new password is set, and every device was signed out. Sign in with it now.";
const WRONG_CURRENT = "Your current password is not right. Check it and try again.";

const REFUSED_LINKS: Record<Exclude<ResetRedemption, { userId: string }>, HttpError> = {
  used: conflict("This link has already been used. To choose another password, ask for a new link."),
  expired: new HttpError(410, "This link has expired: links work for 30 minutes. Ask for a new link."),
  invalid: new HttpError(
    404,
    "This link is not valid. Check that you opened the whole link from the email, or ask for a new one.",
  ),
};

const tooMany = (seconds: number) =>
  tooManyRequests(seconds, (wait) => `Too many attempts. Please wait ${wait} and try again.`);

/** Asking for a reset link and using one: reached signed out. */
export const passwordPublicRoutes: ModuleRoutes = (app, { db, config, passwords, mailer, clock }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const localOnly = () => {
    if (config.oidc) throw forbidden("Passwords are managed by the identity provider.");
  };
  /** Mails sent after the answer, awaited before the app closes. */
  const sending = new Set<Promise<unknown>>();

  r.post(
    "/api/auth/password-reset",
    { schema: { body: passwordResetInput, response: { 202: messageRecord } } },
    async (request, reply) => {
      localOnly();
      const { email } = request.body;
      const attempt = await takeAttempt(
        db,
        [resetIpKey(request.ip), resetAccountKey(email)],
        { max: MAX_RESET_MAILS, windowMs: RESET_MAIL_WINDOW_MS },
        clock(),
      );
      if (!attempt.allowed) {
        throw tooManyRequests(
          attempt.retryAfterSeconds,
          (wait) => `Too many reset links were asked for. Please wait ${wait} and try again.`,
        );
      }
      const user = await findUserByEmail(db, email);
      const origin = linkOrigin(config, request);
      if (!origin) {
        request.log.warn(
          "a password reset link was not sent: set PUBLIC_URL for a server reached by a public name",
        );
      } else if (user?.email && user.passwordHash) {
        const to = user.email;
        const link = await createPasswordReset(db, user.id, clock());
        const url = `${origin}${RESET_PAGE}?token=${link.token}`;
        // Sent after answering, so the answer takes as long whether or not the address has an
        // account (the mail server's time would tell).
        const send = mailer
          .send(resetMail(to, url))
          .catch(async (err: Error) => {
            await deletePasswordReset(db, link.id);
            request.log.warn({ fault: err.name }, "a password reset link was not sent");
          })
          .finally(() => sending.delete(send));
        sending.add(send);
      }
      return reply.status(202).send({ message: RESET_REQUESTED });
    },
  );

  r.post(
    "/api/auth/password-reset/confirm",
    { schema: { body: passwordResetConfirmInput, response: { 200: messageRecord } } },
    async (request, reply) => {
      localOnly();
      const attempt = await takeAttempt(db, [resetConfirmKey(request.ip)], SIGN_IN_LIMIT, clock());
      if (!attempt.allowed) throw tooMany(attempt.retryAfterSeconds);
      const { token, newPassword } = request.body;
      const outcome = await redeemPasswordReset(db, token, () => passwords.hash(newPassword), clock());
      if (typeof outcome === "string") throw REFUSED_LINKS[outcome];
      await forgetAttempt(db, attempt.ids);
      // Whoever knew the old password is signed out everywhere, this browser included.
      await reply.endSessions(outcome.userId);
      const user = await getUser(db, outcome.userId);
      if (user?.email) await clearFailures(db, [accountKey(user.email)]);
      return reply.status(200).send({ message: PASSWORD_RESET });
    },
  );

  app.addHook("onClose", async () => {
    await Promise.allSettled([...sending]);
  });
};

/** Changing the password in Settings: signed in. */
export const passwordRoutes: ModuleRoutes = (scope, { db, passwords, clock, mailer }) => {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const notify = securityNotices(scope, mailer);
  r.post(
    "/api/auth/password",
    { config: { access: "person" }, schema: { body: passwordChangeInput, response: { 200: messageRecord } } },
    async (request, reply) => {
      const user = await getUser(db, request.access().actorId);
      if (!user) throw unauthorized();
      if (!user.passwordHash || !user.email) {
        throw badRequest("Your account has no password: it signs in through your identity provider.");
      }
      // Limited as a sign-in is, per account: a stolen session must not guess the password at
      // leisure (the signed-in browser is known, so its address is not counted).
      const attempt = await takeAttempt(db, [accountKey(user.email)], SIGN_IN_LIMIT, clock());
      if (!attempt.allowed) throw tooMany(attempt.retryAfterSeconds);
      const { currentPassword, newPassword } = request.body;
      if (!(await passwords.verify(currentPassword, user.passwordHash))) {
        throw new HttpError(400, WRONG_CURRENT, {}, [{ path: "currentPassword", message: WRONG_CURRENT }]);
      }
      await forgetAttempt(db, attempt.ids);
      await db
        .update(users)
        .set({ passwordHash: await passwords.hash(newPassword) })
        .where(eq(users.id, user.id));
      await reply.endSessions(user.id, { keepThis: true });
      notify(
        request.log,
        securityNoticeMail(user.email, "password-changed", clock(), request.familyClock.timeZone),
      );
      return { message: PASSWORD_CHANGED };
    },
  );
};
