import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { OBJECT_PATH, UPLOAD_FIRST } from "../../../domain/photos";
import type { Db, Tx } from "../../db/client";
import { medicalPhotos, storedObjects } from "../../db/schema/index";
import { badRequest } from "../../lib/errors";
import type { ObjectStorage } from "../../storage/object-storage";

export type StoredObject = typeof storedObjects.$inferSelect;

/** The keys an object may have in storage: the photo, its thumbnail, and the upload before it is checked. */
export const objectKeys = (storageKey: string) => ({
  full: storageKey,
  thumbnail: `${storageKey}.thumb`,
  upload: `${storageKey}.upload`,
});

export async function createPendingObject(db: Db, ownerId: string): Promise<StoredObject> {
  const id = crypto.randomUUID();
  const [row] = await db
    .insert(storedObjects)
    .values({ id, userId: ownerId, objectPath: `/objects/uploads/${id}`, storageKey: `${ownerId}/${id}` })
    .returning();
  return row!;
}

export async function getOwnedObject(db: Db, ownerId: string, id: string): Promise<StoredObject | undefined> {
  const [row] = await db
    .select()
    .from(storedObjects)
    .where(and(eq(storedObjects.id, id), eq(storedObjects.userId, ownerId)));
  return row;
}

/** Marks an upload to this server as received; false when it already was (an upload URL works once). */
export async function markUploaded(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(storedObjects)
    .set({ uploadedAt: new Date() })
    .where(and(eq(storedObjects.id, id), isNull(storedObjects.uploadedAt)))
    .returning({ id: storedObjects.id });
  return rows.length === 1;
}

export async function markFinalized(db: Db, id: string, contentType: string, sizeBytes: number) {
  await db
    .update(storedObjects)
    .set({ finalizedAt: new Date(), contentType, sizeBytes })
    .where(eq(storedObjects.id, id));
}

/** Lets an upload that broke off be sent again on the same URL (an upload URL works once). */
export async function unmarkUploaded(db: Db, id: string) {
  await db.update(storedObjects).set({ uploadedAt: null }).where(eq(storedObjects.id, id));
}

/** Forgets an object that failed its checks (its files are removed by the caller). */
export async function forgetObject(db: Db, id: string) {
  await db.delete(storedObjects).where(eq(storedObjects.id, id));
}

/**
 * Attaches a checked object to a new photo record, in the record's transaction. An object that is
 * not the owner's, not finalised or already used by another photo is refused like a missing one.
 */
export async function attachObject(tx: Tx, ownerId: string, objectPath: string): Promise<void> {
  const id = OBJECT_PATH.exec(objectPath)?.[1];
  const attached = id
    ? await tx
        .update(storedObjects)
        .set({ attachedAt: new Date() })
        .where(
          and(
            eq(storedObjects.id, id),
            eq(storedObjects.userId, ownerId),
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
export async function releaseOrphanedObjects(tx: Tx, ownerId: string): Promise<string[]> {
  const rows = await tx
    .delete(storedObjects)
    .where(
      and(
        eq(storedObjects.userId, ownerId),
        isNotNull(storedObjects.attachedAt),
        sql`not exists (select 1 from ${medicalPhotos} where ${medicalPhotos.userId} = ${ownerId} and ${medicalPhotos.photoUrl} = ${storedObjects.objectPath})`,
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

/** Uploads never used by a photo are removed after this long (the person closed the dialog). */
export const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

/** Removes the rows and files of uploads that no photo took within a day. Returns how many went. */
export async function sweepAbandonedObjects(
  db: Db,
  storage: ObjectStorage,
  now = new Date(),
): Promise<number> {
  const rows = await db
    .delete(storedObjects)
    .where(
      and(
        isNull(storedObjects.attachedAt),
        lt(storedObjects.createdAt, new Date(now.getTime() - ABANDONED_AFTER_MS)),
      ),
    )
    .returning({ storageKey: storedObjects.storageKey });
  for (const row of rows) await deleteObjectFiles(storage, row.storageKey);
  return rows.length;
}

/** The HMAC that makes a local upload URL work for one object, one owner, until it expires. */
export function uploadSignature(secret: string, id: string, ownerId: string, expires: number): string {
  return createHmac("sha256", secret).update(`upload:${id}:${ownerId}:${expires}`).digest("base64url");
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
    path = new URL(photoUrl, "http://upload.invalid").pathname;
  } catch {
    return undefined;
  }
  return /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(\.upload)?$/.exec(
    decodeURIComponent(path),
  )?.[1];
}
