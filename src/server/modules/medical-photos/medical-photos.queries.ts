import { PHOTO_CATEGORIES } from "../../../domain/photos";
import { medicalPhotos } from "../../db/schema/index";
import { ownedRecords } from "../../lib/owned-records";
import type { ObjectStorage } from "../../storage/object-storage";
import { attachObject, deleteObjectFiles, releaseOrphanedObjects } from "../objects/objects.queries";
import { recordType } from "../record-types";

/**
 * Medical photos: a record takes a checked upload (once); deleting the record deletes the stored
 * photo and its thumbnail once the deletion has committed.
 */
export function medicalPhotoRecords(storage: ObjectStorage) {
  return ownedRecords({
    ...recordType("medicalPhotos"),
    listFilters: { category: { column: medicalPhotos.category, values: PHOTO_CATEGORIES } },
    paged: { dateColumn: medicalPhotos.dateTaken },
    summary: (row) => row.title,
    hooks: {
      async inTransaction(ctx, { action, after }) {
        if (action === "create" && after) await attachObject(ctx.tx, ctx.familyId, after.photoUrl);
        if (action === "delete") {
          const keys = await releaseOrphanedObjects(ctx.tx, ctx.familyId);
          ctx.afterCommit(async () => {
            for (const key of keys) await deleteObjectFiles(storage, key);
          });
        }
      },
    },
  });
}
