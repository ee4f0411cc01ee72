import { randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../config";

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies";
 * docs/decisions/0005): a browser that has signed in to an account keeps a cookie naming that
 * account and a random nonce, signed with the session secret. Its sign-in attempts are then
 * limited on their own, so guesses from elsewhere cannot lock the parent out.
 */

/**
 * A year: the browser stays known between visits however rarely the parent signs in with a
 * password; each sign-in renews it. The cookie grants nothing but its own allowance of attempts.
 */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** 128 random bits: a nonce nobody can guess to borrow another browser's allowance. */
const NONCE_BYTES = 16;
const NONCE = /^[A-Za-z0-9_-]{22}$/;

function cookieName(config: Pick<Config, "publicUrl">) {
  return config.publicUrl?.startsWith("https:") ? "__Host-device" : "device";
}

/**
 * The nonce of the device cookie the browser presents, when it is one this server signed for
 * `userId`; undefined for none, a forged or altered one, or one made for another account.
 */
export function presentedDevice(
  request: FastifyRequest,
  config: Pick<Config, "publicUrl">,
  userId: string,
): string | undefined {
  const raw = request.cookies[cookieName(config)];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return undefined;
  const [account, nonce, ...rest] = unsigned.value.split(".");
  if (rest.length > 0 || account !== userId || !nonce || !NONCE.test(nonce)) return undefined;
  return nonce;
}

/**
 * Gives the browser its device cookie for `userId` after a successful sign-in: the same nonce
 * when it already had a valid one for this account (renewed for a year), a new one otherwise.
 */
export function trustDevice(
  reply: FastifyReply,
  config: Pick<Config, "publicUrl">,
  userId: string,
  nonce = randomBytes(NONCE_BYTES).toString("base64url"),
) {
  reply.setCookie(cookieName(config), `${userId}.${nonce}`, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config.publicUrl?.startsWith("https:") ?? false,
    signed: true,
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
}
