import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { AppContext } from "../../app-context";
import { families, storedObjects } from "../../db/schema/index";
import { ownerPrefix } from "../../storage/object-storage";
import { deleteObjectFiles, UPLOAD_URL_MS } from "./objects.queries";

/**
 * An upload not checked this long after its URL was made is given up: the URL stopped working
 * after UPLOAD_URL_MS, and an upload begun just before then has had the uploader's whole timeout
 * (5 minutes, spec section 9) to arrive, and as long again for its check to be asked for.
 */
export const UNCHECKED_AFTER_MS = UPLOAD_URL_MS + 10 * 60_000;
/** A checked photo no record took within a day is removed (the person closed the dialog). */
export const UNATTACHED_AFTER_MS = 24 * 60 * 60 * 1000;
/**
 * A file with no stored object is left this long before it is removed: a restore writes its
 * photos' files first and records them when its transaction commits.
 */
export const ROWLESS_AFTER_MS = 60 * 60 * 1000;
/** How often the server sweeps. With the ages above, an unchecked upload is gone within 25 minutes. */
export const SWEEP_EVERY_MS = 10 * 60_000;

const VARIANT = /\.(thumb|upload)$/;

export interface SweepReport {
  /** Stored objects given up (unchecked, refused, or never attached) and removed with their files. */
  objects: number;
  /** Files removed that no stored object needed (a second upload to a URL, leftovers). */
  files: number;
}

/**
 * Removes what uploads leave behind, on the local disk and S3 alike:
 * - stored objects whose upload was never checked (or was refused) once their URL is long gone,
 *   and checked photos no record took within a day, with their files;
 * - under each family's prefix, every file no stored object needs: a file with no object at all
 *   (after ROWLESS_AFTER_MS), and the upload left beside a checked photo (a second upload to its URL).
 * Runs on a timer (and, later, as a scheduled job); `now` is the clock, given by the caller.
 */
export async function sweepUploads(
  { db, storage }: Pick<AppContext, "db" | "storage">,
  now: Date,
): Promise<SweepReport> {
  const report: SweepReport = { objects: 0, files: 0 };
  const given = await db
    .delete(storedObjects)
    .where(
      or(
        and(
          isNull(storedObjects.finalizedAt),
          lt(storedObjects.createdAt, new Date(now.getTime() - UNCHECKED_AFTER_MS)),
        ),
        and(
          isNull(storedObjects.attachedAt),
          lt(storedObjects.createdAt, new Date(now.getTime() - UNATTACHED_AFTER_MS)),
        ),
      ),
    )
    .returning({ storageKey: storedObjects.storageKey });
  for (const row of given) await deleteObjectFiles(storage, row.storageKey);
  report.objects = given.length;

  for (const { id: familyId } of await db.select({ id: families.id }).from(families)) {
    // The files first, then the objects: a file listed has had its object since before its URL
    // was made, so an upload that begins meanwhile is never taken for a leftover.
    const files = await storage.listEntries(ownerPrefix(familyId));
    if (files.length === 0) continue;
    const objects = await db
      .select({ storageKey: storedObjects.storageKey, finalizedAt: storedObjects.finalizedAt })
      .from(storedObjects)
      .where(eq(storedObjects.familyId, familyId));
    const checked = new Map(objects.map((o) => [o.storageKey, o.finalizedAt !== null]));
    for (const file of files) {
      const variant = VARIANT.exec(file.key)?.[1];
      const object = checked.get(file.key.replace(VARIANT, ""));
      const leftover =
        object === undefined
          ? file.modifiedAt.getTime() < now.getTime() - ROWLESS_AFTER_MS
          : object && variant === "upload";
      if (!leftover) continue;
      await storage.delete(file.key);
      report.files += 1;
    }
  }
  return report;
}
