import { eq, getTableName } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import * as schema from "../../db/schema/index";
import { redactAllAudit, writeAudit } from "../../lib/audit";
import { conflict } from "../../lib/errors";
import { familiesOwnedBy } from "../../lib/family-access";
import { forgetAllCreates } from "../../lib/record-ids";
import type { WriteContext } from "../../lib/transaction";
import { deleteFamily, ERASED_WITH_FAMILY } from "../family/family.queries";
import { CARE_RECORD_TABLES } from "../record-types";

/**
 * Deletes the child profile: every child and every care record of the owner, and the child's
 * name. The account and its sign-in stay. What the activity log said of those records goes too;
 * the deletion itself is logged, without content.
 */
export async function deleteChildProfile(ctx: WriteContext) {
  const { tx, familyId } = ctx;
  await tx.delete(schema.storedObjects).where(eq(schema.storedObjects.familyId, familyId));
  for (const table of Object.values(CARE_RECORD_TABLES))
    await tx.delete(table).where(eq(table.familyId, familyId));
  await tx
    .update(schema.users)
    .set({ childName: null, updatedAt: new Date() })
    .where(eq(schema.users.id, ctx.actorId));
  await redactAllAudit(tx, familyId);
  await forgetAllCreates(tx, familyId);
  await writeAudit(tx, {
    familyId,
    actorId: ctx.actorId,
    action: "delete",
    entity: "child_profile",
    entityId: familyId,
  });
  // The records, the child's name and what the log said leave the files too.
  const erased: PgTable[] = [
    ...Object.values(CARE_RECORD_TABLES),
    schema.storedObjects,
    schema.users,
    schema.auditLog,
    schema.recordIds,
  ];
  await ctx.erase?.(
    tx,
    erased.map((table) => getTableName(table)),
  );
}

/**
 * Deletes the person signed in, with every family they own alone (its records, photos and
 * invitations by cascade); their memberships of other families go, their records stay with those
 * families. An owner whose family has other members must hand it over or delete it first: 409.
 * Answers the families deleted, whose stored files go once this has committed.
 */
export async function deleteUser(ctx: WriteContext): Promise<string[]> {
  const owned = await familiesOwnedBy(ctx.tx, ctx.actorId);
  const shared = owned.find((family) => family.others > 0);
  if (shared) {
    throw conflict(
      `You own ${shared.name}, which has other members. Hand it over to another member or delete the family on Family & Sharing before you delete your account.`,
    );
  }
  for (const family of owned) await deleteFamily(ctx.tx, family.id);
  await ctx.tx.delete(schema.users).where(eq(schema.users.id, ctx.actorId));
  // What the person's rows (and their families', by cascade) held leaves the files too.
  await ctx.erase?.(ctx.tx, [getTableName(schema.users), ...ERASED_WITH_FAMILY]);
  return owned.map((family) => family.id);
}
