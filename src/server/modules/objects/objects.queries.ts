import { createHmac, timingSafeEqual } from "node:crypto";
import { and, count, eq, gt, isNotNull, isNull, min, not, sql } from "drizzle-orm";
import { OBJECT_PATH, UPLOAD_FIRST, UPLOAD_URL_MINUTES } from "../../../domain/photos";
import { formatByteSize } from "../../../domain/storage";
import type { Db, Tx } from "../../db/client";
import { medicalPhotos, storedObjects } from "../../db/schema/index";
import { type FamilyView, uuidArray } from "../../lib/child-scope";
import { badRequest, conflict } from "../../lib/errors";
import type { ObjectStorage } from "../../storage/object-storage";

export type StoredObject = typeof storedObjects.$inferSelect;

/** The keys an object may have in storage: the photo, its thumbnail, and the upload before it is checked. */
export const objectKeys = (storageKey: string) => ({
  full: storageKey,
  thumbnail: `${storageKey}.thumb`,
  upload: `${storageKey}.upload`,
});

/** How long an upload URL lasts, in milliseconds. */
export const UPLOAD_URL_MS = UPLOAD_URL_MINUTES * 60_000;

/** A new object waiting for its upload of `declaredBytes` bytes; its URL is made from it. */
export async function createPendingObject(
  tx: Tx,
  familyId: string,
  declaredBytes: number,
  now: Date,
): Promise<StoredObject> {
  const id = crypto.randomUUID();
  const [row] = await tx
    .insert(storedObjects)
    .values({
      id,
      familyId: familyId,
      objectPath: `/objects/uploads/${id}`,
      storageKey: `${familyId}/${id}`,
      declaredBytes,
      createdAt: now,
    })
    .returning();
  return row!;
}

/**
 * The uploads of an owner that wait for their check and whose URL still works: how many, and
 * when the oldest one's URL stops working.
 */
export async function waitingUploads(tx: Tx, familyId: string, now: Date) {
  const [row] = await tx
    .select({ waiting: count(), oldest: min(storedObjects.createdAt) })
    .from(storedObjects)
    .where(
      and(
        eq(storedObjects.familyId, familyId),
        isNull(storedObjects.checkedAt),
        isNull(storedObjects.finalizedAt),
        gt(storedObjects.createdAt, new Date(now.getTime() - UPLOAD_URL_MS)),
      ),
    );
  const oldest = row?.oldest ? new Date(row.oldest) : now;
  return { waiting: row?.waiting ?? 0, until: new Date(oldest.getTime() + UPLOAD_URL_MS) };
}

/** Serialises the quota checks of one owner: two uploads at once cannot both take the last space. */
export async function lockStorage(tx: Tx, familyId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`storage:${familyId}`}, 0))`);
}

/**
 * The bytes an owner's photos take: each checked photo's stored size, and the size declared for
 * each upload not checked yet (it may still arrive, or be arriving), until it is checked or swept.
 * `except` leaves one object out (the upload being checked, to count its real size instead).
 */
export async function storageUsage(db: Tx, familyId: string, except?: string): Promise<number> {
  const [row] = await db
    .select({
      used: sql<string | number | null>`coalesce(sum(case when ${storedObjects.finalizedAt} is not null
        then coalesce(${storedObjects.sizeBytes}, 0) else coalesce(${storedObjects.declaredBytes}, 0) end), 0)::bigint`,
    })
    .from(storedObjects)
    .where(
      except
        ? and(eq(storedObjects.familyId, familyId), sql`${storedObjects.id} <> ${except}`)
        : eq(storedObjects.familyId, familyId),
    );
  return Number(row?.used ?? 0);
}

/**
 * Refuses (409) `extraBytes` more for an owner whose photos would then take more than
 * `quotaBytes` (config `storageQuotaBytes`). Call it inside the transaction that records the new
 * bytes: it holds the owner's storage lock until that transaction ends, so parallel uploads and
 * restores are counted one after another. 409 rather than 413: the request is not too large in
 * itself; it conflicts with what the family already keeps, and deleting photos resolves it.
 */
export async function assertWithinQuota(
  db: Tx,
  familyId: string,
  extraBytes: number,
  quotaBytes: number,
  options: { except?: string } = {},
): Promise<void> {
  await lockStorage(db, familyId);
  const used = await storageUsage(db, familyId, options.except);
  if (used + extraBytes <= quotaBytes) return;
  throw conflict(
    `There is not enough photo storage left for this photo. Photos use ${formatByteSize(used)} of ${formatByteSize(quotaBytes)}, and it needs ${formatByteSize(extraBytes)}. Delete photos you no longer need, or ask whoever runs this server for more space.`,
  );
}

export async function getOwnedObject(
  db: Db,
  familyId: string,
  id: string,
): Promise<StoredObject | undefined> {
  return servableObject(db, { familyId, childIds: null }, id);
}

/**
 * A stored object of the family that `view` may see: for a member limited to some children, not
 * one whose photo record is of another child (it does not exist for them, like the record).
 */
export async function servableObject(
  db: Db,
  view: FamilyView,
  id: string,
): Promise<StoredObject | undefined> {
  const hidden = view.childIds
    ? sql`exists (select 1 from ${medicalPhotos} where ${medicalPhotos.familyId} = ${storedObjects.familyId}
        and ${medicalPhotos.photoUrl} = ${storedObjects.objectPath} and ${medicalPhotos.childId} is not null
        and not (${medicalPhotos.childId} = any(${uuidArray(view.childIds)})))`
    : undefined;
  const [row] = await db
    .select()
    .from(storedObjects)
    .where(
      and(
        eq(storedObjects.id, id),
        eq(storedObjects.familyId, view.familyId),
        hidden ? not(hidden) : undefined,
      ),
    );
  return row;
}

/**
 * Marks an upload to this server as received; false when it already was, or its check has begun
 * (an upload URL works once).
 */
export async function markUploaded(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(storedObjects)
    .set({ uploadedAt: new Date() })
    .where(and(eq(storedObjects.id, id), isNull(storedObjects.uploadedAt), isNull(storedObjects.checkedAt)))
    .returning({ id: storedObjects.id });
  return rows.length === 1;
}

/**
 * Takes an upload for its check; false when it was taken already (being checked, or refused).
 * An upload URL serves one check: a second upload to the same URL is never checked, and the
 * sweep removes it.
 */
export async function takeForCheck(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(storedObjects)
    .set({ checkedAt: now })
    .where(and(eq(storedObjects.id, id), isNull(storedObjects.checkedAt), isNull(storedObjects.finalizedAt)))
    .returning({ id: storedObjects.id });
  return rows.length === 1;
}

/** Records a checked photo; false when its object is gone (swept while it was being checked). */
export async function markFinalized(tx: Tx, id: string, contentType: string, sizeBytes: number) {
  const rows = await tx
    .update(storedObjects)
    .set({ finalizedAt: new Date(), contentType, sizeBytes })
    .where(eq(storedObjects.id, id))
    .returning({ id: storedObjects.id });
  return rows.length === 1;
}

/** Forgets an object that failed its checks (its files are removed by the caller). */
export async function forgetObject(db: Db, id: string) {
  await db.delete(storedObjects).where(eq(storedObjects.id, id));
}

/**
 * Attaches a checked object to a new photo record, in the record's transaction. An object that is
 * not the owner's, not finalised or already used by another photo is refused like a missing one.
 */
export async function attachObject(tx: Tx, familyId: string, objectPath: string): Promise<void> {
  const id = OBJECT_PATH.exec(objectPath)?.[1];
  const attached = id
    ? await tx
        .update(storedObjects)
        .set({ attachedAt: new Date() })
        .where(
          and(
            eq(storedObjects.id, id),
            eq(storedObjects.familyId, familyId),
            isNotNull(storedObjects.finalizedAt),
            isNull(storedObjects.attachedAt),
          ),
        )
        .returning({ id: storedObjects.id })
    : [];
  if (attached.length === 0) throw badRequest(UPLOAD_FIRST);
}

/**
 * Removes, in the caller's transaction, the rows of objects that were attached to a photo that no
 * longer exists (deleted, or gone with its child), and returns their storage keys so the files
 * can be removed once the transaction commits.
 */
export async function releaseOrphanedObjects(tx: Tx, familyId: string): Promise<string[]> {
  const rows = await tx
    .delete(storedObjects)
    .where(
      and(
        eq(storedObjects.familyId, familyId),
        isNotNull(storedObjects.attachedAt),
        sql`not exists (select 1 from ${medicalPhotos} where ${medicalPhotos.familyId} = ${familyId} and ${medicalPhotos.photoUrl} = ${storedObjects.objectPath})`,
      ),
    )
    .returning({ storageKey: storedObjects.storageKey });
  return rows.map((r) => r.storageKey);
}

/** Removes every file an object may have. */
export async function deleteObjectFiles(storage: ObjectStorage, storageKey: string) {
  const keys = objectKeys(storageKey);
  await Promise.all([storage.delete(keys.full), storage.delete(keys.thumbnail), storage.delete(keys.upload)]);
}

/** The HMAC that makes a local upload URL work for one object, one owner, until it expires. */
export function uploadSignature(secret: string, id: string, familyId: string, expires: number): string {
  return createHmac("sha256", secret).update(`upload:${id}:${familyId}:${expires}`).digest("base64url");
}

export function isValidSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The object id in an upload URL as the uploader reports it, with or without its query string. */
export function objectIdOfUploadUrl(photoUrl: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(new URL(photoUrl, "http://upload.invalid").pathname);
  } catch {
    // Not an address, or a broken %-escape ("%"): the body is wrong, not the upload missing.
    throw badRequest(NOT_AN_UPLOAD);
  }
  return /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(\.upload)?$/.exec(path)?.[1];
}

const NOT_AN_UPLOAD = "This is not the address of an upload.";
