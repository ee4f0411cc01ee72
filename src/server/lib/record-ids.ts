import { createHash } from "node:crypto";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "../db/client";
import { recordIds } from "../db/schema/index";
import { conflict, HttpError } from "./errors";

/**
 * The one answer for an id that names another record, whatever it is (another family's, another
 * type's, the same id sent with another body): it says nothing of that record.
 */
export const RECORD_ID_TAKEN = "This id is already used by another record";

/** A create sent again after its record was deleted: the record is not made a second time. */
export const recordGone = () => new HttpError(410, "This record was deleted");

/** An id a device made for a new record, and the hash of the create that carries it (`createHash`). */
export interface RecordClaim {
  id: string;
  bodyHash: string;
}

/** Fields of a create that say how to send it, not what the record is: the id, and a "yes, record it" to a question. */
const NOT_THE_BODY = new Set(["id", "confirm"]);

/** JSON with every object's keys in order and undefined fields left out: one text per value. */
function canonical(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map((item) => canonical(item ?? null)).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * What a create is, as one hash: its route and its body as checked (so "7" and 7, or a key order,
 * are the same body), less the id and a confirmation (a dose refused as too soon and sent again
 * with `confirm: true` is the same dose).
 */
export function createHashOf(route: string, body: Record<string, unknown>): string {
  const kept = Object.fromEntries(Object.entries(body).filter(([key]) => !NOT_THE_BODY.has(key)));
  return createHash("sha256")
    .update(`${route}\n${canonical(kept)}`)
    .digest("hex");
}

/** A create's claim from its body: none without an id. */
export function claimOf(route: string, body: Record<string, unknown>): RecordClaim | undefined {
  return typeof body.id === "string" ? { id: body.id, bodyHash: createHashOf(route, body) } : undefined;
}

/**
 * Claims `claim.id` for a new record of `entity` of the family, in the create's transaction: true
 * when the id is new (the caller makes the record under it), false when an earlier create of the
 * same family, type and body made it (the caller answers that record); 410 once that record was
 * deleted. Any other use of the id is a 409 (`RECORD_ID_TAKEN`). A create with the same id running at the same time waits here until
 * the first commits (then finds its claim) or rolls back (then claims the id itself).
 */
export async function claimRecordId(
  tx: Tx,
  familyId: string,
  entity: string,
  claim: RecordClaim,
): Promise<boolean> {
  const claimed = await tx
    .insert(recordIds)
    .values({ id: claim.id, familyId, entity, bodyHash: claim.bodyHash })
    .onConflictDoNothing()
    .returning({ id: recordIds.id });
  if (claimed.length) return true;
  assertSameCreate(await claimOfId(tx, claim.id), familyId, claim, entity);
  return false;
}

/**
 * Whether a create with this claim was made before (true), or not yet (false); the id used
 * otherwise is a 409. For a create whose record type is not known before it runs (a task's Done).
 */
export async function madeBefore(tx: Tx, familyId: string, claim: RecordClaim): Promise<boolean> {
  const earlier = await claimOfId(tx, claim.id);
  if (!earlier) return false;
  assertSameCreate(earlier, familyId, claim);
  return true;
}

async function claimOfId(tx: Tx, id: string) {
  const [earlier] = await tx.select().from(recordIds).where(eq(recordIds.id, id));
  return earlier;
}

/**
 * An earlier claim answers for this create only when it is the family's, of the same type, and
 * made with the same body; once its record was deleted, any create with the id is a 410.
 */
function assertSameCreate(
  earlier: typeof recordIds.$inferSelect | undefined,
  familyId: string,
  claim: RecordClaim,
  entity?: string,
) {
  if (!earlier || earlier.familyId !== familyId || (entity !== undefined && earlier.entity !== entity)) {
    throw conflict(RECORD_ID_TAKEN);
  }
  if (earlier.deletedAt) throw recordGone();
  if (earlier.bodyHash !== claim.bodyHash) throw conflict(RECORD_ID_TAKEN);
}

/** Notes the ids the server gave new records (no device can send a create with them). */
export async function noteRecordIds(tx: Tx, familyId: string, entity: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  await tx
    .insert(recordIds)
    .values(ids.map((id) => ({ id, familyId, entity })))
    .onConflictDoNothing();
}

/**
 * Deleted records' ids stay taken, but what their creates said goes with them (as the activity
 * log's summaries do): their hashes are forgotten, and the ids marked deleted.
 */
const forget = { bodyHash: null, deletedAt: sql`now()` };

export async function forgetCreates(tx: Tx, familyId: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  await tx
    .update(recordIds)
    .set(forget)
    .where(and(eq(recordIds.familyId, familyId), inArray(recordIds.id, [...ids])));
}

/** For records the database deleted by cascade (a child's records go with the child). */
export async function forgetVanishedCreates(
  tx: Tx,
  familyId: string,
  entity: string,
  table: PgTable & { id: PgColumn },
) {
  await tx
    .update(recordIds)
    .set(forget)
    .where(
      and(
        eq(recordIds.familyId, familyId),
        eq(recordIds.entity, entity),
        isNull(recordIds.deletedAt),
        sql`not exists (select 1 from ${table} where ${table.id} = ${recordIds.id})`,
      ),
    );
}

/** Every record of the family deleted at once ('Delete Child Profile'). */
export async function forgetAllCreates(tx: Tx, familyId: string) {
  await tx
    .update(recordIds)
    .set(forget)
    .where(and(eq(recordIds.familyId, familyId), isNull(recordIds.deletedAt)));
}
