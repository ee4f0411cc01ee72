import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { and, asc, eq, gt, isNull, lt } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  isAddressHost,
  passkeyAddressProblem,
  passkeyAuthenticationInput,
  passkeyOptionsRecord,
  passkeyRecord,
  passkeyRegistrationInput,
  passkeyRenameInput,
} from "../../../domain/passkeys";
import { signedInUserRecord } from "../../../domain/signed-in-user";
import { twoFactorPendingRecord } from "../../../domain/two-factor";
import type { ModuleRoutes } from "../../app-context";
import type { Db } from "../../db/client";
import { passkeyCredentials, webauthnChallenges } from "../../db/schema/index";
import { badRequest, conflict, HttpError, notFound, tooManyRequests, unauthorized } from "../../lib/errors";
import { siteOrigin } from "../../lib/site-origin";
import { presentedDevice, trustDevice } from "./device-cookie";
import { deviceName } from "./device-name";
import {
  accountKey,
  clearFailures,
  deviceKey,
  forgetAttempt,
  ipKey,
  SIGN_IN_LIMIT,
  takeAttempt,
  takeSignInAttempt,
} from "./login-limit.queries";
import { holdSignIn, TWO_FACTOR_PENDING } from "./pending-sign-in";
import { securityNoticeMail, securityNotices } from "./security-notice";
import { signedInAnswer } from "./signed-in";
import { isTwoFactorOn } from "./two-factor.queries";
import { getUser } from "./users.queries";

/** The name the browser shows for this site when it makes a passkey. */
const RP_NAME = "Medical Care Tracker";
/**
 * How long a challenge works: the browser's prompt waits at most this long (WebAuthn Level 3,
 * section 15.1 recommends 300,000 ms for prompts with user verification), then it is gone.
 */
export const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;
/** A person has a few passkeys (a phone, a laptop, a spare key), not hundreds (our choice). */
const MAX_PASSKEYS = 20;

const NOT_SIGNED_IN = "This passkey did not sign you in. Try again, or sign in with your email and password.";
const UNKNOWN_PASSKEY =
  "This passkey is not known here: it may have been removed in Settings. Sign in with your email and password.";

/**
 * Where the browser's ceremony must have happened: this site's origin and its host name. A bare
 * address cannot be a relying party (browsers answer "127.0.0.1 is an invalid domain"): the
 * answer says to open the site by its name instead.
 */
function relyingParty(config: Parameters<typeof siteOrigin>[0], request: FastifyRequest) {
  const origin = siteOrigin(config, request);
  const url = new URL(origin);
  if (isAddressHost(url.hostname)) {
    throw badRequest(
      passkeyAddressProblem({ hostname: url.hostname, port: url.port, protocol: url.protocol }),
    );
  }
  return { origin, rpID: url.hostname };
}

/** A header's value, when the browser sent it once. */
const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === "string" ? value : undefined;
};

async function storeChallenge(db: Db, challenge: string, userId: string | null, now: Date) {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await db
    .insert(webauthnChallenges)
    .values({ challenge, userId, expiresAt: new Date(now.getTime() + CHALLENGE_LIFETIME_MS) });
}

/**
 * Takes a challenge the server gave out (to `userId`, or to sign in when null): true once, while
 * it is live. Deleted as it is taken, so an answer cannot be replayed.
 */
async function takeChallenge(db: Db, challenge: string, userId: string | null, now: Date) {
  const taken = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        userId ? eq(webauthnChallenges.userId, userId) : isNull(webauthnChallenges.userId),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning({ id: webauthnChallenges.id });
  return taken.length === 1;
}

/** Signing in with a passkey, without typing an email (discoverable credentials). */
export const passkeyPublicRoutes: ModuleRoutes = (app, { db, config, clock }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/auth/passkeys/authentication/options",
    { schema: { response: { 200: passkeyOptionsRecord } } },
    async (request) => {
      const { rpID } = relyingParty(config, request);
      // No allowCredentials: the browser offers the passkeys it holds for this site.
      const options = await generateAuthenticationOptions({
        rpID,
        userVerification: "preferred",
        timeout: CHALLENGE_LIFETIME_MS,
      });
      await storeChallenge(db, options.challenge, null, clock());
      return { ...options };
    },
  );

  r.post(
    "/api/auth/passkeys/authentication/verify",
    {
      schema: {
        body: passkeyAuthenticationInput,
        response: { 200: signedInUserRecord, 202: twoFactorPendingRecord },
      },
    },
    async (request, reply) => {
      const { response } = request.body;
      const now = clock();
      const [credential] = await db
        .select()
        .from(passkeyCredentials)
        .where(eq(passkeyCredentials.credentialId, response.id));
      const user = credential ? await getUser(db, credential.userId) : undefined;
      // Counted like a password sign-in: per address and per account, or per trusted browser.
      const account = user?.email ?? user?.id;
      const device = user ? presentedDevice(request, config, user.id) : undefined;
      const attempt = account
        ? await takeSignInAttempt(db, { ip: request.ip, email: account, device }, now)
        : await takeAttempt(db, [ipKey(request.ip)], SIGN_IN_LIMIT, now);
      if (!attempt.allowed) {
        throw tooManyRequests(
          attempt.retryAfterSeconds,
          (wait) => `Too many failed sign-in attempts. Please wait ${wait} and try again.`,
        );
      }
      if (!credential || !user) throw new HttpError(401, UNKNOWN_PASSKEY);
      const { origin, rpID } = relyingParty(config, request);
      let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
      try {
        verification = await verifyAuthenticationResponse({
          response: response as never,
          expectedChallenge: (challenge) => takeChallenge(db, challenge, null, now),
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: false,
          credential: {
            id: credential.credentialId,
            publicKey: isoBase64URL.toBuffer(credential.publicKey),
            counter: credential.counter,
            transports: credential.transports as never,
          },
        });
      } catch (err) {
        request.log.info({ fault: (err as Error).name }, "a passkey sign-in was refused");
        throw new HttpError(401, NOT_SIGNED_IN);
      }
      if (!verification.verified) throw new HttpError(401, NOT_SIGNED_IN);
      await db
        .update(passkeyCredentials)
        .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: now })
        .where(eq(passkeyCredentials.id, credential.id));
      // A passkey that checked who holds it (fingerprint, face, screen lock) is both factors; one
      // that did not is something the person has, like a password is something they know: an
      // account with two factors then asks for the code too.
      if (!verification.authenticationInfo.userVerified && (await isTwoFactorOn(db, user.id))) {
        await forgetAttempt(db, attempt.ids);
        holdSignIn(reply, config, user, now);
        return reply.status(202).send(TWO_FACTOR_PENDING);
      }
      const keys = [accountKey(account!)];
      if (device) keys.push(deviceKey(device));
      await clearFailures(db, keys);
      await forgetAttempt(db, attempt.ids);
      trustDevice(reply, config, user.id, device);
      await reply.signIn(user.id);
      const signedIn = await signedInAnswer(db, request, reply);
      if (!signedIn) throw unauthorized();
      return signedIn;
    },
  );
};

const idParams = z.object({ id: z.uuid({ error: "Passkey not found" }) });

/** A signed-in person's passkeys: add, list, rename, remove. */
export const passkeyRoutes: ModuleRoutes = (scope, { db, config, clock, mailer }) => {
  const notify = securityNotices(scope, mailer);
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const listOf = (userId: string) =>
    db
      .select()
      .from(passkeyCredentials)
      .where(eq(passkeyCredentials.userId, userId))
      .orderBy(asc(passkeyCredentials.createdAt));

  r.get(
    "/api/auth/passkeys",
    { config: { access: "person" }, schema: { response: { 200: z.array(passkeyRecord) } } },
    async (request) => listOf(request.access().actorId),
  );

  r.post(
    "/api/auth/passkeys/registration/options",
    { config: { access: "person" }, schema: { response: { 200: passkeyOptionsRecord } } },
    async (request) => {
      const user = await getUser(db, request.access().actorId);
      if (!user) throw unauthorized();
      const existing = await listOf(user.id);
      if (existing.length >= MAX_PASSKEYS) {
        throw conflict(`You have ${MAX_PASSKEYS} passkeys. Remove one you no longer use first.`);
      }
      const { rpID } = relyingParty(config, request);
      const label = user.email ?? ([user.firstName, user.lastName].filter(Boolean).join(" ") || "Account");
      const options = await generateRegistrationOptions({
        rpName: RP_NAME,
        rpID,
        userName: label,
        userDisplayName: [user.firstName, user.lastName].filter(Boolean).join(" ") || label,
        // The user handle is the account's id, so a passkey names its account without an email.
        userID: new TextEncoder().encode(user.id),
        attestationType: "none",
        excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: c.transports })),
        authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
        timeout: CHALLENGE_LIFETIME_MS,
      });
      await storeChallenge(db, options.challenge, user.id, clock());
      return { ...options };
    },
  );

  r.post(
    "/api/auth/passkeys/registration/verify",
    {
      config: { access: "person" },
      schema: { body: passkeyRegistrationInput, response: { 201: passkeyRecord } },
    },
    async (request, reply) => {
      const userId = request.access().actorId;
      const now = clock();
      const { origin, rpID } = relyingParty(config, request);
      const { response, device } = request.body;
      let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
      try {
        verification = await verifyRegistrationResponse({
          response: response as never,
          expectedChallenge: (challenge) => takeChallenge(db, challenge, userId, now),
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: false,
        });
      } catch (err) {
        request.log.info({ fault: (err as Error).name }, "a new passkey was refused");
        throw badRequest("The passkey was not added. Please try again.");
      }
      if (!verification.verified) throw badRequest("The passkey was not added. Please try again.");
      const { credential } = verification.registrationInfo;
      const [row] = await db
        .insert(passkeyCredentials)
        .values({
          userId,
          credentialId: credential.id,
          publicKey: isoBase64URL.fromBuffer(credential.publicKey),
          counter: credential.counter,
          transports: credential.transports ?? [],
          name: deviceName(request.headers["user-agent"], {
            platform: device?.platform ?? header(request, "sec-ch-ua-platform"),
            model: device?.model ?? header(request, "sec-ch-ua-model"),
            mobile: device?.mobile ?? header(request, "sec-ch-ua-mobile") === "?1",
          }),
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw conflict("This passkey is already added.");
      const user = await getUser(db, userId);
      if (user?.email) {
        notify(
          request.log,
          securityNoticeMail(user.email, "passkey-added", now, request.familyClock.timeZone),
        );
      }
      return reply.status(201).send(row);
    },
  );

  r.patch(
    "/api/auth/passkeys/:id",
    {
      config: { access: "person" },
      schema: { params: idParams, body: passkeyRenameInput, response: { 200: passkeyRecord } },
    },
    async (request) => {
      const [row] = await db
        .update(passkeyCredentials)
        .set({ name: request.body.name })
        .where(
          and(
            eq(passkeyCredentials.id, request.params.id),
            eq(passkeyCredentials.userId, request.access().actorId),
          ),
        )
        .returning();
      if (!row) throw notFound("Passkey");
      return row;
    },
  );

  r.delete(
    "/api/auth/passkeys/:id",
    { config: { access: "person" }, schema: { params: idParams } },
    async (request, reply) => {
      const [row] = await db
        .delete(passkeyCredentials)
        .where(
          and(
            eq(passkeyCredentials.id, request.params.id),
            eq(passkeyCredentials.userId, request.access().actorId),
          ),
        )
        .returning({ id: passkeyCredentials.id });
      if (!row) throw notFound("Passkey");
      return reply.status(204).send();
    },
  );
};
