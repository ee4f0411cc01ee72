import { eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import * as schema from "../../db/schema/index";

/** Every table of care records a user owns (not the account, its sessions or its audit trail). */
const careTables: (PgTable & { userId: PgColumn })[] = [
  schema.supplyUsage,
  schema.tpnSupplies,
  schema.piccInfections,
  schema.piccLines,
  schema.infusionCenters,
  schema.tpnEntries,
  schema.specialistVisits,
  schema.labTests,
  schema.symptomEntries,
  schema.medicalAllergies,
  schema.careTeamMembers,
  schema.notes,
  schema.physicalTherapySessions,
  schema.medications,
  schema.foodDiaryEntries,
  schema.medicalPhotos,
  schema.storedObjects,
  schema.children,
];

/**
 * Deletes the child profile: every child and every care record of the user, and the child's name.
 * The account and its sign-in stay. One transaction: all or nothing.
 */
export async function deleteChildProfile(db: Db, userId: string) {
  await db.transaction(async (tx) => {
    for (const table of careTables) await tx.delete(table).where(eq(table.userId, userId));
    await tx
      .update(schema.users)
      .set({ childName: null, updatedAt: new Date() })
      .where(eq(schema.users.id, userId));
  });
}

/** Deletes the user; every owned row (records, sessions, audit trail) goes with it by cascade. */
export async function deleteUser(db: Db, userId: string) {
  await db.delete(schema.users).where(eq(schema.users.id, userId));
}
