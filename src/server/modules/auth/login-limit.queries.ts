import { and, count, eq, gte, inArray, lt, min } from "drizzle-orm";
import type { Db } from "../../db/client";
import { loginFailures } from "../../db/schema/index";

/** More than this many failures in the window, per client IP or per account, answers 429. */
export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60 * 1000;

export const ipKey = (ip: string) => `ip:${ip}`;
export const accountKey = (email: string) => `account:${email.toLowerCase()}`;

/** Seconds until the caller may try again, or 0 when a login attempt is allowed. */
export async function retryAfterSeconds(db: Db, keys: string[], now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - WINDOW_MS);
  const rows = await db
    .select({ key: loginFailures.key, failures: count(), oldest: min(loginFailures.failedAt) })
    .from(loginFailures)
    .where(and(inArray(loginFailures.key, keys), gte(loginFailures.failedAt, since)))
    .groupBy(loginFailures.key);
  let wait = 0;
  for (const row of rows) {
    if (row.failures >= MAX_FAILURES && row.oldest) {
      const until = new Date(row.oldest).getTime() + WINDOW_MS;
      wait = Math.max(wait, Math.ceil((until - now.getTime()) / 1000));
    }
  }
  return wait;
}

export async function recordFailure(db: Db, keys: string[]) {
  await db.insert(loginFailures).values(keys.map((key) => ({ key })));
}

/** A successful sign-in clears the account's failures (not the IP's). */
export async function clearFailures(db: Db, key: string) {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}

export async function pruneFailures(db: Db, now = new Date()) {
  await db.delete(loginFailures).where(lt(loginFailures.failedAt, new Date(now.getTime() - WINDOW_MS)));
}
