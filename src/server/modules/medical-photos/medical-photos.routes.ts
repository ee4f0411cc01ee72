import { medicalPhotoInput, medicalPhotoRecord, PHOTO_CATEGORIES } from "../../../domain/photos";
import type { ModuleRoutes } from "../../app-context";
import { medicalPhotos } from "../../db/schema/index";
import { ownedRecords } from "../../lib/owned-records";
import { registerOwnedRoutes } from "../../lib/owned-routes";
import type { ObjectStorage } from "../../storage/object-storage";
import { attachObject, deleteObjectFiles, releaseOrphanedObjects } from "../objects/objects.queries";

/**
 * Medical photos: a record takes a checked upload (once); deleting the record deletes the stored
 * photo and its thumbnail once the deletion has committed.
 */
export function medicalPhotoRecords(storage: ObjectStorage) {
  return ownedRecords({
    entity: "medical_photo",
    table: medicalPhotos,
    childScope: "withUnlinked",
    listFilters: { category: { column: medicalPhotos.category, values: PHOTO_CATEGORIES } },
    paged: { dateColumn: medicalPhotos.dateTaken },
    summary: (row) => row.title,
    hooks: {
      async inTransaction(ctx, { action, after }) {
        if (action === "create" && after) await attachObject(ctx.tx, ctx.ownerId, after.photoUrl);
        if (action === "delete") {
          const keys = await releaseOrphanedObjects(ctx.tx, ctx.ownerId);
          ctx.afterCommit(async () => {
            for (const key of keys) await deleteObjectFiles(storage, key);
          });
        }
      },
    },
  });
}

export const medicalPhotoRoutes: ModuleRoutes = (scope, { db, storage }) =>
  registerOwnedRoutes(scope, db, {
    path: "/api/medical-photos",
    records: medicalPhotoRecords(storage),
    input: medicalPhotoInput,
    record: medicalPhotoRecord,
    // Spec section 7: photos are added and deleted, not edited.
    updateMethods: [],
  });
