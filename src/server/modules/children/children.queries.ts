import { asc } from "drizzle-orm";
import { children, medicalPhotos, piccInfections, piccLines, tpnEntries } from "../../db/schema/index";
import { redactAuditOfVanished } from "../../lib/audit";
import { ownedRecords } from "../../lib/owned-records";
import type { ObjectStorage } from "../../storage/object-storage";
import { deleteObjectFiles, releaseOrphanedObjects } from "../objects/objects.queries";

/** The records the database deletes with their child (their foreign key cascades). */
const DELETED_WITH_CHILD = [
  { entity: "medical_photo", table: medicalPhotos },
  { entity: "tpn_entry", table: tpnEntries },
  { entity: "picc_line", table: piccLines },
  { entity: "picc_infection", table: piccInfections },
] as const;

export function childRecords(storage: ObjectStorage) {
  return ownedRecords({
    entity: "child",
    table: children,
    // Children keep the order in which they were added, so the first child stays first.
    orderBy: [asc(children.createdAt), asc(children.name)],
    summary: (row) => row.name,
    hooks: {
      async inTransaction(ctx, change) {
        if (change.action !== "delete") return;
        // The child's own records went with it: so does what the activity log said of them,
        for (const { entity, table } of DELETED_WITH_CHILD) {
          await redactAuditOfVanished(ctx.tx, ctx.ownerId, entity, table);
        }
        // and so do the files of the child's photos, once the deletion has committed.
        const keys = await releaseOrphanedObjects(ctx.tx, ctx.ownerId);
        ctx.afterCommit(async () => {
          for (const key of keys) await deleteObjectFiles(storage, key);
        });
      },
    },
  });
}
