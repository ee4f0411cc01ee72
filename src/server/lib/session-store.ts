import { createHmac, randomBytes } from "node:crypto";
import { and, desc, eq, gt, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { type SessionData, sessions, users } from "../db/schema/index";

/** Absolute session lifetime: 24 hours from sign-in, whatever the activity (spec section 9). */
export const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** At most this stale may `lastSeenAt` get before a request writes it again (saves a write per request). */
const MAX_TOUCH_INTERVAL_MS = 60 * 1000;

export interface SessionPolicy {
  secret: string;
  idleMinutes: number;
}

export interface ResumedSession {
  sid: string;
  userId: string;
}

/**
 * Why a session ended by itself: `idle` (no request for the idle limit) or `absolute` (24 hours
 * after sign-in). Told to the person on the sign-in page.
 */
export type EndReason = "idle" | "absolute";

/**
 * An ended session's row is kept this long past its deadline, so that the next request of its
 * browser can still be told why it ended (a sign-out or a password change deletes it at once).
 */
const KEPT_AFTER_END_MS = 24 * 60 * 60 * 1000;

/** The key stored in the table: an HMAC of the cookie's token, never the token itself. */
export function sessionKey(token: string, secret: string): string {
  return createHmac("sha256", secret).update(token).digest("base64url");
}

function endReason(data: SessionData, idleMinutes: number, at: number): EndReason | null {
  if (at >= Date.parse(data.createdAt) + SESSION_LIFETIME_MS) return "absolute";
  if (at >= Date.parse(data.lastSeenAt) + idleMinutes * 60 * 1000) return "idle";
  return null;
}

function deadline(data: SessionData, idleMinutes: number): Date {
  const absolute = Date.parse(data.createdAt) + SESSION_LIFETIME_MS;
  const idle = Date.parse(data.lastSeenAt) + idleMinutes * 60 * 1000;
  return new Date(Math.min(absolute, idle));
}

/**
 * How long a process trusts a session it has just read without reading it again. A sign-out or an
 * expiry reaches every process sharing the database within this time (at once in the process that
 * signed out); under load it saves a query on almost every request.
 */
export const SESSION_CACHE_MS = 500;
/** Sessions remembered at most, so a flood of cookies cannot grow memory without bound. */
const SESSION_CACHE_SIZE = 10_000;

interface CachedSession {
  /** The session's key (the HMAC of its token). */
  sid: string;
  userId: string;
  /** When the row was read (ms). */
  readAt: number;
  /** Its deadline (ms): never served from memory past it. */
  deadline: number;
}

/** Where a session was started: the browser's User-Agent header and the request's address. */
export interface SignInDevice {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

/** A User-Agent header is kept to this length: enough to name any browser, and no more. */
const USER_AGENT_KEPT = 512;

/** The longest address kept: an IPv6 address with its zone fits; a proxy's stray header is cut. */
const ADDRESS_KEPT = 64;

/** One of a person's live sessions, as Settings lists them (never its `sid`). */
export interface SignedInSession {
  id: string;
  userAgent: string | null;
  ip: string | null;
  signedInAt: Date;
  lastUsedAt: Date;
  /** Whether it is the session of the request that asks (by its `sid`, compared here). */
  current: boolean;
}

/** What time it is. The system clock in production; tests pass one they move forward. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/**
 * Server-side sessions in the `sessions` table (DESIGN section 3). Any server process sharing the
 * database serves any session; each remembers what it read for `SESSION_CACHE_MS`. Every deadline
 * is checked against `clock`.
 */
export function createSessionStore(db: Db, policy: SessionPolicy, clock: Clock = systemClock) {
  /**
   * What was read, by the cookie's token: a request served from memory needs no HMAC of its token
   * (a fiftieth of a short list's time). A token stays here only while its entry may serve (half a
   * second after its read, then it goes at the next read of any session), never in the database.
   */
  const cache = new Map<string, CachedSession>();
  const remember = (token: string, entry: CachedSession) => {
    cache.delete(token);
    // Oldest first: those past their half second go, and the oldest of all when the map is full.
    for (const [old, { readAt }] of cache) {
      const stale = entry.readAt - readAt >= SESSION_CACHE_MS;
      if (!stale && cache.size < SESSION_CACHE_SIZE) break;
      cache.delete(old);
    }
    cache.set(token, entry);
  };
  /** Forgets the session `sid` (ended here), whichever token it was read by. */
  const forgetSid = (sid: string) => {
    for (const [token, entry] of cache) if (entry.sid === sid) cache.delete(token);
  };
  const idleMs = policy.idleMinutes * 60 * 1000;
  // A tenth of the idle limit: a session used more often than the limit is never seen as idle,
  // even when the limit is short.
  const touchAfterMs = Math.min(MAX_TOUCH_INTERVAL_MS, idleMs / 10);

  return {
    /**
     * Starts a session for a user and returns the cookie token. In the same transaction the sign-in
     * is recorded on the account: `lastSignInAt` becomes now and its old value `previousSignInAt`
     * (null while the account is on its first visit: docs/decisions/0003).
     */
    async create(userId: string, now = clock(), device: SignInDevice = {}) {
      const token = randomBytes(32).toString("base64url");
      const sid = sessionKey(token, policy.secret);
      const data: SessionData = { userId, createdAt: now.toISOString(), lastSeenAt: now.toISOString() };
      await db.transaction(async (tx) => {
        await tx.insert(sessions).values({
          sid,
          userId,
          sess: data,
          expire: deadline(data, policy.idleMinutes),
          userAgent: device.userAgent?.slice(0, USER_AGENT_KEPT) || null,
          ip: device.ip?.slice(0, ADDRESS_KEPT) || null,
        });
        // The right-hand side reads the row as it was: the last sign-in becomes the previous one.
        await tx
          .update(users)
          .set({ previousSignInAt: sql`${users.lastSignInAt}`, lastSignInAt: now })
          .where(eq(users.id, userId));
      });
      return { token, sid, expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS) };
    },

    /**
     * Finds the live session for a cookie token. A session past its absolute lifetime or idle for
     * longer than the idle timeout is deleted and not returned. A live one is touched.
     */
    async resume(token: string, now = clock()): Promise<ResumedSession | null> {
      const found = await this.resumeOrWhy(token, now);
      return "userId" in found ? found : null;
    },

    /**
     * As `resume`, but a session that is not live answers why: the reason it ended by itself, or
     * null when it is unknown (signed out, ended by a password change, or long gone).
     */
    async resumeOrWhy(token: string, now = clock()): Promise<ResumedSession | { ended: EndReason | null }> {
      const at = now.getTime();
      const cached = cache.get(token);
      if (
        cached &&
        at - cached.readAt >= 0 &&
        at - cached.readAt < SESSION_CACHE_MS &&
        at < cached.deadline
      ) {
        return { sid: cached.sid, userId: cached.userId };
      }
      const sid = sessionKey(token, policy.secret);
      const [row] = await db.select().from(sessions).where(eq(sessions.sid, sid));
      if (!row) {
        cache.delete(token);
        return { ended: null };
      }
      const until = deadline(row.sess, policy.idleMinutes).getTime();
      if (until <= at) {
        cache.delete(token);
        await db.delete(sessions).where(eq(sessions.sid, sid));
        return { ended: endReason(row.sess, policy.idleMinutes, at) };
      }
      remember(token, { sid, userId: row.userId, readAt: at, deadline: until });
      if (now.getTime() - Date.parse(row.sess.lastSeenAt) > touchAfterMs) {
        const sess = { ...row.sess, lastSeenAt: now.toISOString() };
        await db
          .update(sessions)
          .set({ sess, expire: deadline(sess, policy.idleMinutes) })
          .where(eq(sessions.sid, sid));
      }
      return { sid, userId: row.userId };
    },

    /**
     * The live sessions of `userId`: the asking request's (`currentSid`, marked `current`) first,
     * then the one last used first. "Last used" is the idle clock's `lastSeenAt`, so it is at most a minute
     * (a tenth of the idle limit) behind: a request writes it only when it is older than that.
     */
    async liveOf(userId: string, currentSid: string | null, now = clock()): Promise<SignedInSession[]> {
      const rows = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expire, now)))
        .orderBy(desc(sessions.expire));
      return rows
        .filter((row) => deadline(row.sess, policy.idleMinutes).getTime() > now.getTime())
        .map((row) => ({
          id: row.id,
          userAgent: row.userAgent,
          ip: row.ip,
          signedInAt: new Date(row.sess.createdAt),
          lastUsedAt: new Date(row.sess.lastSeenAt),
          current: row.sid === currentSid,
        }))
        .sort((a, b) => Number(b.current) - Number(a.current) || +b.lastUsedAt - +a.lastUsedAt);
    },

    /**
     * Ends the session `id` of `userId` at once (in this process at once, in others within
     * `SESSION_CACHE_MS`), answering its key; undefined when it is none of theirs (another person's
     * id ends nothing).
     */
    async endOne(userId: string, id: string): Promise<{ sid: string } | undefined> {
      const [ended] = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
        .returning({ sid: sessions.sid });
      if (ended) forgetSid(ended.sid);
      return ended;
    },

    /**
     * Ends every session of `userId` but the one of `keepToken` (a password change keeps its own);
     * how many it ended.
     */
    async destroyAllOf(userId: string, keepToken?: string): Promise<number> {
      const keep = keepToken ? sessionKey(keepToken, policy.secret) : undefined;
      const ended = await db
        .delete(sessions)
        .where(keep ? and(eq(sessions.userId, userId), ne(sessions.sid, keep)) : eq(sessions.userId, userId))
        .returning({ sid: sessions.sid });
      for (const row of ended) forgetSid(row.sid);
      return ended.length;
    },

    async destroy(token: string) {
      const sid = sessionKey(token, policy.secret);
      cache.delete(token);
      await db.delete(sessions).where(eq(sessions.sid, sid));
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

/** Deletes sessions a day past their deadline (kept until then to tell why they ended). */
export async function pruneSessions(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expire, new Date(now.getTime() - KEPT_AFTER_END_MS)));
}
