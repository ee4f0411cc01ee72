import { eq } from "drizzle-orm";
import * as schema from "../../db/schema/index";
import { redactAllAudit, writeAudit } from "../../lib/audit";
import type { WriteContext } from "../../lib/transaction";
import { CARE_RECORD_TABLES } from "../record-types";

/**
 * Deletes the child profile: every child and every care record of the owner, and the child's
 * name. The account and its sign-in stay. What the activity log said of those records goes too;
 * the deletion itself is logged, without content.
 */
export async function deleteChildProfile(ctx: WriteContext) {
  const { tx, ownerId } = ctx;
  await tx.delete(schema.storedObjects).where(eq(schema.storedObjects.userId, ownerId));
  for (const table of Object.values(CARE_RECORD_TABLES))
    await tx.delete(table).where(eq(table.userId, ownerId));
  await tx
    .update(schema.users)
    .set({ childName: null, updatedAt: new Date() })
    .where(eq(schema.users.id, ctx.actorId));
  await redactAllAudit(tx, ownerId);
  await writeAudit(tx, {
    ownerId,
    actorId: ctx.actorId,
    action: "delete",
    entity: "child_profile",
    entityId: ownerId,
  });
}

/** Deletes the person signed in; every row they own (records, sessions, audit trail) goes with them by cascade. */
export async function deleteUser(ctx: WriteContext) {
  await ctx.tx.delete(schema.users).where(eq(schema.users.id, ctx.actorId));
}
