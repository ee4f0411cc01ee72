import type { FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { messageRecord } from "../../../domain/auth";
import { signedInUserRecord } from "../../../domain/signed-in-user";
import {
  recoveryCodesRecord,
  twoFactorEnableInput,
  twoFactorProofInput,
  twoFactorSetupRecord,
  twoFactorSignInInput,
  twoFactorStatusRecord,
} from "../../../domain/two-factor";
import type { ModuleRoutes } from "../../app-context";
import { badRequest, conflict, forbidden, HttpError, tooManyRequests, unauthorized } from "../../lib/errors";
import { presentedDevice, trustDevice } from "./device-cookie";
import {
  accountKey,
  clearFailures,
  deviceKey,
  forgetAttempt,
  SIGN_IN_LIMIT,
  takeAttempt,
  takeSignInAttempt,
} from "./login-limit.queries";
import { dropPendingSignIn, isCurrentStamp, pendingSignIn } from "./pending-sign-in";
import { securityNoticeMail, securityNotices } from "./security-notice";
import { signedInAnswer } from "./signed-in";
import { totpUri } from "./totp";
import {
  disableTwoFactor,
  enableTwoFactor,
  isTwoFactorOn,
  replaceRecoveryCodes,
  type SecondFactor,
  spendSecondFactor,
  startTwoFactorSetup,
  twoFactorStatus,
} from "./two-factor.queries";
import { getUser } from "./users.queries";

const PENDING_ENDED =
  "Your sign-in took too long or was not started here. Enter your email and password again.";
const WRONG_CODE = "This code is not right. Check the code in your app and try again.";
/** Why a code that checks out is refused, or cannot be checked. */
const REFUSED_CODES: Record<Exclude<SecondFactor, "app" | "recovery">, string> = {
  wrong: WRONG_CODE,
  replayed: "This code was used already. Wait for the next code in your app.",
  unreadable:
    "Codes from your app cannot be checked on this server any more (its secret key changed). Use one of your recovery codes, then set up two-factor sign-in again in Settings.",
};
const WRONG_PASSWORD = "Your password is not right. Check it and try again.";
const PROVIDER =
  "Your account signs in through your identity provider, which asks for its own second step. There is nothing to set up here.";
const ALREADY_ON = "Two-factor sign-in is already on.";
const NOT_ON = "Two-factor sign-in is not on.";

const tooManyAttempts = (seconds: number) =>
  tooManyRequests(seconds, (wait) => `Too many failed sign-in attempts. Please wait ${wait} and try again.`);

const fieldError = (path: "code" | "password", message: string) =>
  new HttpError(400, message, {}, [{ path, message }]);

/** The sign-in's second step: reached signed out, with the pending sign-in the password left. */
export const twoFactorPublicRoutes: ModuleRoutes = (app, { db, config, clock }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/auth/login/two-factor",
    { schema: { body: twoFactorSignInInput, response: { 200: signedInUserRecord } } },
    async (request, reply) => {
      if (config.oidc) throw forbidden("Sign in through the identity provider.");
      const now = clock();
      const pending = pendingSignIn(request, config, now);
      const user = pending ? await getUser(db, pending.userId) : undefined;
      if (!pending || !user || !isCurrentStamp(pending.stamp, user.passwordHash)) {
        dropPendingSignIn(reply, config);
        throw new HttpError(401, PENDING_ENDED);
      }
      // Counted as a password is: per trusted browser, else per address and account, before the
      // code is checked (so parallel guesses cannot outrun the limit).
      const account = user.email ?? user.id;
      const device = presentedDevice(request, config, user.id);
      const attempt = await takeSignInAttempt(db, { ip: request.ip, email: account, device }, now);
      if (!attempt.allowed) throw tooManyAttempts(attempt.retryAfterSeconds);
      const outcome = await spendSecondFactor(db, user.id, config.sessionSecret, request.body.code, now);
      if (outcome !== "app" && outcome !== "recovery") throw new HttpError(401, REFUSED_CODES[outcome]);
      await clearFailures(db, device ? [accountKey(account), deviceKey(device)] : [accountKey(account)]);
      await forgetAttempt(db, attempt.ids);
      dropPendingSignIn(reply, config);
      // Only now is the browser known to the account: a password alone earns no device cookie,
      // or whoever knows it could give themselves fresh allowances of guesses at the code.
      trustDevice(reply, config, user.id, device);
      await reply.signIn(user.id);
      const signedIn = await signedInAnswer(db, request, reply);
      if (!signedIn) throw unauthorized();
      return signedIn;
    },
  );
};

/** Setting two factors up, turning them off, new recovery codes: in Settings, signed in. */
export const twoFactorRoutes: ModuleRoutes = (scope, context) => {
  const { db, config, clock } = context;
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const secret = config.sessionSecret;
  const notify = securityNotices(scope, context.mailer);

  /** The signed-in person, when the account signs in with a password here; undefined otherwise. */
  const localAccount = async (request: FastifyRequest) => {
    const user = await getUser(db, request.access().actorId);
    if (!user) throw unauthorized();
    return !config.oidc && user.passwordHash && user.email
      ? { ...user, email: user.email, passwordHash: user.passwordHash }
      : undefined;
  };
  const requireLocal = async (request: FastifyRequest) => {
    const user = await localAccount(request);
    if (!user) throw badRequest(PROVIDER);
    return user;
  };
  /** Limited as a password change is, per account: a stolen session must not guess at leisure. */
  const takeCheck = async (email: string) => {
    const attempt = await takeAttempt(db, [accountKey(email)], SIGN_IN_LIMIT, clock());
    if (!attempt.allowed) {
      throw tooManyRequests(
        attempt.retryAfterSeconds,
        (wait) => `Too many attempts. Please wait ${wait} and try again.`,
      );
    }
    return attempt;
  };

  r.get(
    "/api/auth/two-factor",
    { config: { access: "person" }, schema: { response: { 200: twoFactorStatusRecord } } },
    async (request) => {
      const user = await localAccount(request);
      if (!user) return { state: "provider" as const, enabledAt: null, recoveryCodesLeft: null };
      const status = await twoFactorStatus(db, user.id);
      return status
        ? { state: "on" as const, ...status }
        : { state: "off" as const, enabledAt: null, recoveryCodesLeft: null };
    },
  );

  r.post(
    "/api/auth/two-factor/setup",
    { config: { access: "person" }, schema: { response: { 200: twoFactorSetupRecord } } },
    async (request) => {
      const user = await requireLocal(request);
      const started = await startTwoFactorSetup(db, user.id, secret, clock());
      if (!started) throw conflict(ALREADY_ON);
      return { secret: started.base32, uri: totpUri(started.bytes, user.email) };
    },
  );

  r.post(
    "/api/auth/two-factor/enable",
    {
      config: { access: "person" },
      schema: { body: twoFactorEnableInput, response: { 200: recoveryCodesRecord } },
    },
    async (request, reply) => {
      const user = await requireLocal(request);
      if (await isTwoFactorOn(db, user.id)) throw conflict(ALREADY_ON);
      const attempt = await takeCheck(user.email);
      const { code, password } = request.body;
      if (!(await context.passwords.verify(password, user.passwordHash))) {
        throw fieldError("password", WRONG_PASSWORD);
      }
      const enabled = await enableTwoFactor(db, user.id, secret, code, clock());
      if (enabled === "no-setup") {
        throw conflict("Start again: choose \u201cSet up two-factor sign-in\u201d for a new code to scan.");
      }
      if (enabled === "wrong-code") throw fieldError("code", WRONG_CODE);
      await forgetAttempt(db, attempt.ids);
      // Whoever is signed in elsewhere (maybe why two factors were wanted) signs in again, with a code.
      await reply.endSessions(user.id, { keepThis: true });
      notify(
        request.log,
        securityNoticeMail(user.email, "two-factor-on", clock(), request.familyClock.timeZone),
      );
      return enabled;
    },
  );

  /** Checks the proof that turning off or new codes need: a code (used up), or the password. */
  const checkProof = async (
    user: { id: string; email: string; passwordHash: string },
    proof: { code?: string | undefined; password?: string | undefined },
  ) => {
    if (!(await isTwoFactorOn(db, user.id))) throw conflict(NOT_ON);
    const attempt = await takeCheck(user.email);
    if (proof.code !== undefined) {
      const outcome = await spendSecondFactor(db, user.id, secret, proof.code, clock());
      if (outcome !== "app" && outcome !== "recovery") throw fieldError("code", REFUSED_CODES[outcome]);
    } else if (!(await context.passwords.verify(proof.password ?? "", user.passwordHash))) {
      throw fieldError("password", WRONG_PASSWORD);
    }
    await forgetAttempt(db, attempt.ids);
  };

  r.post(
    "/api/auth/two-factor/disable",
    {
      config: { access: "person" },
      schema: { body: twoFactorProofInput, response: { 200: messageRecord } },
    },
    async (request) => {
      const user = await requireLocal(request);
      await checkProof(user, request.body);
      await disableTwoFactor(db, user.id);
      notify(
        request.log,
        securityNoticeMail(user.email, "two-factor-off", clock(), request.familyClock.timeZone),
      );
      return { message: "Two-factor sign-in is off: your password alone signs you in again." };
    },
  );

  r.post(
    "/api/auth/two-factor/recovery-codes",
    {
      config: { access: "person" },
      schema: { body: twoFactorProofInput, response: { 200: recoveryCodesRecord } },
    },
    async (request) => {
      const user = await requireLocal(request);
      await checkProof(user, request.body);
      return { recoveryCodes: await replaceRecoveryCodes(db, user.id, clock()) };
    },
  );
};
