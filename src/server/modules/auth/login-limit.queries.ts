import { and, count, gte, inArray, lt, min, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { loginFailures } from "../../db/schema/index";

/**
 * At most this many password checks per client address and per account in the window, and as many
 * again per device cookie (docs/decisions/0005).
 */
export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60 * 1000;
export const SIGN_IN_LIMIT: AttemptLimit = { max: MAX_FAILURES, windowMs: WINDOW_MS };
/** At most this many new accounts per client address in an hour. */
export const MAX_SIGNUPS = 10;
export const SIGNUP_WINDOW_MS = 60 * 60 * 1000;

/**
 * At most this many confirmation links sent again per account in an hour: enough for a message
 * that went astray, too few to fill a stranger's inbox (our choice).
 */
export const MAX_CONFIRMATION_MAILS = 3;
export const CONFIRMATION_MAIL_WINDOW_MS = 60 * 60 * 1000;
/**
 * At most this many exports emailed per account in an hour: a family sending a few formats for a
 * few children, not a mail server's worth of attachments (our choice).
 */
export const MAX_EXPORT_EMAILS = 10;
export const EXPORT_EMAIL_WINDOW_MS = 60 * 60 * 1000;

/** Attempts older than the longest window count for no limit: `pruneFailures` removes them. */
const LONGEST_WINDOW_MS = Math.max(
  WINDOW_MS,
  SIGNUP_WINDOW_MS,
  CONFIRMATION_MAIL_WINDOW_MS,
  EXPORT_EMAIL_WINDOW_MS,
);

export const ipKey = (ip: string) => `ip:${ip}`;
export const accountKey = (email: string) => `account:${email.toLowerCase()}`;
export const signupKey = (ip: string) => `signup:${ip}`;
export const deviceKey = (nonce: string) => `device:${nonce}`;
export const confirmationMailKey = (userId: string) => `confirm-email:${userId}`;
export const exportEmailKey = (userId: string) => `export-email:${userId}`;

export interface AttemptLimit {
  max: number;
  windowMs: number;
}

export type Attempt = { allowed: true; ids: string[] } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts the attempts of each key in the window and, when none is at the limit, records this one.
 * Each key is locked for the transaction (an advisory lock), so parallel requests are counted one
 * after another: however many arrive at once, exactly `max` get through per window, on PostgreSQL
 * and PGlite alike. A refused attempt records nothing, so hammering does not prolong the wait.
 */
export async function takeAttempt(
  db: Db,
  keys: string[],
  limit: AttemptLimit,
  now = new Date(),
): Promise<Attempt> {
  const since = new Date(now.getTime() - limit.windowMs);
  return db.transaction(async (tx) => {
    // Always in the same order, so two requests locking the same keys cannot deadlock.
    for (const key of [...keys].sort()) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    }
    const counts = await tx
      .select({ key: loginFailures.key, attempts: count(), oldest: min(loginFailures.failedAt) })
      .from(loginFailures)
      .where(and(inArray(loginFailures.key, keys), gte(loginFailures.failedAt, since)))
      .groupBy(loginFailures.key);
    const full = counts.filter((c) => c.attempts >= limit.max);
    if (full.length > 0) {
      let wait = 1;
      for (const row of full) {
        const until = new Date(row.oldest ?? now).getTime() + limit.windowMs;
        wait = Math.max(wait, Math.ceil((until - now.getTime()) / 1000));
      }
      return { allowed: false as const, retryAfterSeconds: wait };
    }
    const rows = await tx
      .insert(loginFailures)
      .values(keys.map((key) => ({ key, failedAt: now })))
      .returning({ id: loginFailures.id });
    return { allowed: true as const, ids: rows.map((r) => r.id) };
  });
}

/**
 * How many seconds to wait before any key may try again (0: none is at its limit), recording
 * nothing: for a check that is counted only when it fails (a personal API token, whose right
 * answers must stay cheap; modules/api-tokens/bearer.ts), then with `takeAttempt`.
 */
export async function attemptWait(db: Db, keys: string[], limit: AttemptLimit, now = new Date()) {
  const since = new Date(now.getTime() - limit.windowMs);
  const counts = await db
    .select({ attempts: count(), oldest: min(loginFailures.failedAt) })
    .from(loginFailures)
    .where(and(inArray(loginFailures.key, keys), gte(loginFailures.failedAt, since)))
    .groupBy(loginFailures.key);
  let wait = 0;
  for (const row of counts) {
    if (row.attempts < limit.max) continue;
    const until = new Date(row.oldest ?? now).getTime() + limit.windowMs;
    wait = Math.max(wait, 1, Math.ceil((until - now.getTime()) / 1000));
  }
  return wait;
}

/**
 * Counts a sign-in attempt before its password is checked. A browser presenting a valid device
 * cookie for the account (`device`, its nonce) is counted against that cookie alone, neither
 * against its address nor against the account, so guesses from elsewhere cannot lock it out; once
 * its own allowance is spent it is a stranger like any other. Every other attempt is counted
 * against the client address and the account (OWASP, "Slow Down Online Guessing Attacks with
 * Device Cookies": trusted clients are locked out one by one, untrusted ones together).
 */
export async function takeSignInAttempt(
  db: Db,
  who: { ip: string; email: string; device?: string | undefined },
  now = new Date(),
): Promise<Attempt> {
  if (who.device) {
    const trusted = await takeAttempt(db, [deviceKey(who.device)], SIGN_IN_LIMIT, now);
    if (trusted.allowed) return trusted;
  }
  return takeAttempt(db, [ipKey(who.ip), accountKey(who.email)], SIGN_IN_LIMIT, now);
}

/** Removes attempts that turned out not to count: a successful sign-in, a refused request. */
export async function forgetAttempt(db: Db, ids: string[]) {
  if (ids.length) await db.delete(loginFailures).where(inArray(loginFailures.id, ids));
}

/** A successful sign-in clears the account's failures and its browser's (not the address's). */
export async function clearFailures(db: Db, keys: string[]) {
  await db.delete(loginFailures).where(inArray(loginFailures.key, keys));
}

export async function pruneFailures(db: Db, now = new Date()) {
  await db
    .delete(loginFailures)
    .where(lt(loginFailures.failedAt, new Date(now.getTime() - LONGEST_WINDOW_MS)));
}
