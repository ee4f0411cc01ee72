import { and, asc, eq, sql } from "drizzle-orm";
import type { Role } from "../../../domain/family";
import type { Db, Tx } from "../../db/client";
import { families, familyMembers } from "../../db/schema/index";

/** The families a person belongs to, with their role in each, oldest membership first. */
export async function familiesOf(
  db: Db | Tx,
  userId: string,
): Promise<{ id: string; name: string; role: Role }[]> {
  return db
    .select({ id: families.id, name: families.name, role: familyMembers.role })
    .from(familyMembers)
    .innerJoin(families, eq(families.id, familyMembers.familyId))
    .where(eq(familyMembers.userId, userId))
    .orderBy(asc(familyMembers.createdAt), asc(families.name));
}

/** The families a person owns, each with how many other members it has. */
export async function familiesOwnedBy(db: Db | Tx, userId: string) {
  return db
    .select({
      id: families.id,
      name: families.name,
      others: sql<number>`(select count(*)::int from ${familyMembers} o where o.family_id = ${families.id} and o.user_id <> ${userId})`,
    })
    .from(familyMembers)
    .innerJoin(families, eq(families.id, familyMembers.familyId))
    .where(and(eq(familyMembers.userId, userId), eq(familyMembers.role, "owner")));
}

/**
 * Deletes a family: its children and every record, photo record, invitation, link and membership
 * go with it by cascade. Its stored files are the caller's to remove once this has committed.
 */
export async function deleteFamily(tx: Tx, familyId: string): Promise<void> {
  await tx.delete(families).where(eq(families.id, familyId));
}

/** Sets the family's clock (its owner's choice in Settings). */
export async function setFamilyTimeZone(tx: Tx | Db, familyId: string, timeZone: string): Promise<void> {
  await tx.update(families).set({ timeZone, updatedAt: new Date() }).where(eq(families.id, familyId));
}
