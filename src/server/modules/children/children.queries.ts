import { asc } from "drizzle-orm";
import { childIssues } from "../../../domain/children";
import { children } from "../../db/schema/index";
import { redactAuditOfVanished } from "../../lib/audit";
import { ownedRecords } from "../../lib/owned-records";
import { forgetVanishedCreates } from "../../lib/record-ids";
import type { ObjectStorage } from "../../storage/object-storage";
import { deleteObjectFiles, releaseOrphanedObjects } from "../objects/objects.queries";
import { DELETED_WITH_CHILD, recordType } from "../record-types";

export function childRecords(storage: ObjectStorage) {
  return ownedRecords({
    ...recordType("children"),
    // Children keep the order in which they were added, so the first child stays first.
    orderBy: [asc(children.createdAt), asc(children.name)],
    summary: (row) => row.name,
    rule: childIssues,
    hooks: {
      async inTransaction(ctx, change) {
        if (change.action !== "delete") return;
        // The child's own records (those whose link to it cascades) went with it: so does what the
        // activity log said of them,
        for (const { entity, table } of DELETED_WITH_CHILD) {
          await redactAuditOfVanished(ctx.tx, ctx.familyId, entity, table);
          await forgetVanishedCreates(ctx.tx, ctx.familyId, entity, table);
        }
        // and so do the files of the child's photos, once the deletion has committed.
        const keys = await releaseOrphanedObjects(ctx.tx, ctx.familyId);
        ctx.afterCommit(async () => {
          for (const key of keys) await deleteObjectFiles(storage, key);
        });
      },
    },
  });
}
