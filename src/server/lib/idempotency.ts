import { and, eq, lt } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { idempotencyKeys } from "../db/schema";
import { badRequest, conflict } from "./errors";
import type { WriteContext } from "./transaction";

/** The request header that makes a create safe to send again (a uuid per typed entry, say). */
export const IDEMPOTENCY_HEADER = "idempotency-key";

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/** The request's `Idempotency-Key`, or null without one; a malformed key is a 400. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return null;
  if (typeof value !== "string" || !KEY_PATTERN.test(value)) {
    throw badRequest("Idempotency-Key must be 8 to 100 letters, digits, '-' or '_'");
  }
  return value;
}

/**
 * Claims `key` for a create on `path`, in the create's transaction. Returns null when the key is
 * new (the caller creates the record, then `recordKeyResult`), or the id of the record an earlier
 * request with this key made. A request running at the same time waits on the key's row until the
 * first one commits (or rolls back, and then this one goes ahead).
 */
export async function claimIdempotencyKey(
  ctx: WriteContext,
  key: string,
  path: string,
): Promise<{ earlierRecordId: string | null } | null> {
  const claimed = await ctx.tx
    .insert(idempotencyKeys)
    .values({ familyId: ctx.familyId, key, path })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length) return null;
  const [earlier] = await ctx.tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.familyId, ctx.familyId), eq(idempotencyKeys.key, key)));
  if (!earlier || earlier.path !== path) {
    throw conflict("This Idempotency-Key was already used for another request");
  }
  return { earlierRecordId: earlier.recordId };
}

/** Notes the record a claimed key's create made. */
export async function recordKeyResult(ctx: WriteContext, key: string, recordId: string): Promise<void> {
  await ctx.tx
    .update(idempotencyKeys)
    .set({ recordId })
    .where(and(eq(idempotencyKeys.familyId, ctx.familyId), eq(idempotencyKeys.key, key)));
}

/**
 * How long a key answers for its create. A device keeps an unsent entry until it is back online,
 * which can be days (a trip, a hospital stay); a month covers that with room to spare.
 */
export const IDEMPOTENCY_KEY_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/** Forgets keys older than IDEMPOTENCY_KEY_KEPT_MS; returns how many. */
export async function pruneIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_KEPT_MS)))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}
