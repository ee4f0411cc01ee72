import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { TOTP_DIGITS, type TwoFactorPending } from "../../../domain/two-factor";
import type { Config } from "../../config";

/**
 * A sign-in half done: the password (or a passkey without user verification) was right, and the
 * account has two factors on. No session exists yet: the browser keeps a short-lived cookie,
 * signed with the session secret, naming the account, when it ends, and a fingerprint of the
 * account's password hash, so a password changed or reset meanwhile voids it. Only the code's
 * route reads it (`POST /api/auth/login/two-factor`).
 */

/** What a right password (or a passkey without user verification) answers on an account with two factors. */
export const TWO_FACTOR_PENDING: TwoFactorPending = {
  twoFactor: "required",
  message: `Enter the ${TOTP_DIGITS}-digit code from your authenticator app, or one of your recovery codes.`,
};

/**
 * Ten minutes to open the authenticator app or find a recovery code (our choice: long enough to
 * fetch the sheet of codes from a drawer, short enough that a browser left at this step forgets it).
 */
export const PENDING_SIGN_IN_MS = 10 * 60 * 1000;

function cookieName(config: Pick<Config, "publicUrl">) {
  return config.publicUrl?.startsWith("https:") ? "__Host-two_factor" : "two_factor";
}

const cookieOptions = (config: Pick<Config, "publicUrl">) =>
  ({
    path: "/",
    httpOnly: true,
    sameSite: "strict",
    secure: config.publicUrl?.startsWith("https:") ?? false,
  }) as const;

/** A short fingerprint of the password hash: it changes with the password. */
const passwordStamp = (passwordHash: string | null) =>
  createHash("sha256")
    .update(passwordHash ?? "")
    .digest("base64url")
    .slice(0, 16);

/** Leaves the browser its pending sign-in for `user`, until `PENDING_SIGN_IN_MS` after `now`. */
export function holdSignIn(
  reply: FastifyReply,
  config: Pick<Config, "publicUrl">,
  user: { id: string; passwordHash: string | null },
  now: Date,
) {
  const until = now.getTime() + PENDING_SIGN_IN_MS;
  reply.setCookie(cookieName(config), `${user.id}.${until}.${passwordStamp(user.passwordHash)}`, {
    ...cookieOptions(config),
    signed: true,
    maxAge: PENDING_SIGN_IN_MS / 1000,
  });
}

/**
 * The account of the browser's pending sign-in, when its cookie is one this server signed, not past
 * its end at `now`; the caller checks the password stamp against the account (`isCurrentStamp`).
 */
export function pendingSignIn(
  request: FastifyRequest,
  config: Pick<Config, "publicUrl">,
  now: Date,
): { userId: string; stamp: string } | undefined {
  const raw = request.cookies[cookieName(config)];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return undefined;
  const [userId, until, stamp, ...rest] = unsigned.value.split(".");
  if (rest.length > 0 || !userId || !stamp || !until || !(Number(until) > now.getTime())) return undefined;
  return { userId, stamp };
}

/** Whether a pending sign-in's stamp is the account's password as it is now. */
export const isCurrentStamp = (stamp: string, passwordHash: string | null) =>
  stamp === passwordStamp(passwordHash);

export function dropPendingSignIn(reply: FastifyReply, config: Pick<Config, "publicUrl">) {
  reply.clearCookie(cookieName(config), cookieOptions(config));
}
