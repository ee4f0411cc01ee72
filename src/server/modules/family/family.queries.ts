import { and, eq, getTableName, sql } from "drizzle-orm";
import type { FamilyContact } from "../../../domain/family";
import type { Role } from "../../../domain/roles";
import type { TimeFormat } from "../../../domain/time-format";
import type { Db, Tx } from "../../db/client";
import { auditLog, children, families, familyMembers, recordIds } from "../../db/schema/index";
import { uuidArray } from "../../lib/child-scope";
import { conflict, notFound } from "../../lib/errors";
import { membershipOf } from "../../lib/family-access";

/**
 * Deletes a family: its children and every record, photo record, invitation, link and membership
 * go with it by cascade. Its stored files are the caller's to remove once this has committed.
 */
export async function deleteFamily(tx: Tx, familyId: string): Promise<void> {
  await tx.delete(families).where(eq(families.id, familyId));
}

/**
 * The tables a family's deletion removes rows from, for the erasure of its rows from the files
 * (lib/erasure.ts: those its cascades reach are found from these).
 */
export const ERASED_WITH_FAMILY = [families, auditLog, recordIds].map((table) => getTableName(table));

/** Sets the family's clock (its owner's choice in Settings). */
export async function setFamilyTimeZone(tx: Tx | Db, familyId: string, timeZone: string): Promise<void> {
  await tx.update(families).set({ timeZone, updatedAt: new Date() }).where(eq(families.id, familyId));
}

/** How the family reads temperatures, and its fever threshold (°C). */
/** How the family writes times of day, on every screen and in exports. */
export async function setFamilyTimeFormat(
  tx: Tx | Db,
  familyId: string,
  timeFormat: TimeFormat,
): Promise<void> {
  await tx.update(families).set({ timeFormat, updatedAt: new Date() }).where(eq(families.id, familyId));
}

export async function setTemperatureSettings(
  tx: Tx | Db,
  familyId: string,
  settings: { temperatureUnit?: "C" | "F" | undefined; feverThresholdC?: number | undefined },
): Promise<void> {
  const changes = Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined));
  await tx
    .update(families)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(families.id, familyId));
}

/** The number the family gives the clinic, and whom it reaches (both null until the owner sets one). */
export async function familyContactOf(db: Db | Tx, familyId: string): Promise<FamilyContact> {
  const [row] = await db
    .select({ name: families.contactName, phone: families.contactPhone })
    .from(families)
    .where(eq(families.id, familyId));
  return row ?? { name: null, phone: null };
}

export async function setFamilyContact(tx: Tx | Db, familyId: string, contact: FamilyContact): Promise<void> {
  await tx
    .update(families)
    .set({ contactName: contact.name, contactPhone: contact.phone, updatedAt: new Date() })
    .where(eq(families.id, familyId));
}

export async function renameFamily(tx: Tx | Db, familyId: string, name: string): Promise<void> {
  await tx.update(families).set({ name, updatedAt: new Date() }).where(eq(families.id, familyId));
}

// ---- Members ----

/** A member's row, locked for the change; 404 for anybody who is not a member of the family. */
async function lockedMember(tx: Tx, familyId: string, userId: string) {
  const member = await membershipOf(tx, familyId, userId, { forUpdate: true });
  if (!member) throw notFound("Member");
  return member;
}

/** Refuses children that are not the family's (a 404 naming the child, as a record's link is). */
export async function assertFamilyChildren(
  tx: Tx | Db,
  familyId: string,
  childIds: readonly string[] | null,
) {
  if (!childIds) return;
  const found = await tx
    .select({ id: children.id })
    .from(children)
    .where(and(eq(children.familyId, familyId), sql`${children.id} = any(${uuidArray(childIds)})`));
  if (found.length !== childIds.length) throw notFound("Child");
}

/**
 * Changes a member's role or children. Making another member the owner hands the family over: the
 * owner becomes a caregiver of every child. The owner's own membership is changed only that way.
 */
export async function updateMember(
  tx: Tx,
  familyId: string,
  ownerId: string,
  userId: string,
  change: { role?: Role | undefined; childIds?: readonly string[] | null | undefined },
) {
  const member = await lockedMember(tx, familyId, userId);
  if (member.userId === ownerId) {
    throw conflict(
      "You are this family's owner: hand the family over to another member to change your role.",
    );
  }
  if (change.role === "owner") {
    await tx
      .update(familyMembers)
      .set({ role: "caregiver", childIds: null, updatedAt: new Date() })
      .where(and(eq(familyMembers.familyId, familyId), eq(familyMembers.userId, ownerId)));
    await tx
      .update(familyMembers)
      .set({ role: "owner", childIds: null, updatedAt: new Date() })
      .where(and(eq(familyMembers.familyId, familyId), eq(familyMembers.userId, userId)));
    return;
  }
  const childIds = change.childIds === undefined ? member.childIds : change.childIds;
  await assertFamilyChildren(tx, familyId, childIds);
  await tx
    .update(familyMembers)
    .set({
      role: change.role ?? member.role,
      childIds: childIds ? [...childIds] : null,
      updatedAt: new Date(),
    })
    .where(and(eq(familyMembers.familyId, familyId), eq(familyMembers.userId, userId)));
}

/** Removes a member (not the owner: the family would have none). */
export async function removeMember(tx: Tx, familyId: string, ownerId: string, userId: string) {
  const member = await lockedMember(tx, familyId, userId);
  if (member.userId === ownerId) {
    throw conflict("You are this family's owner: hand it over to another member, or delete the family.");
  }
  await tx
    .delete(familyMembers)
    .where(and(eq(familyMembers.familyId, familyId), eq(familyMembers.userId, userId)));
}

/** A member leaves the family (an owner hands it over or deletes it instead). */
export async function leaveFamily(tx: Tx, familyId: string, userId: string) {
  const member = await lockedMember(tx, familyId, userId);
  if (member.role === "owner") {
    throw conflict(
      "You own this family: hand it over to another member on Family & Sharing, or delete the family, before you leave it.",
    );
  }
  await tx
    .delete(familyMembers)
    .where(and(eq(familyMembers.familyId, familyId), eq(familyMembers.userId, userId)));
}
