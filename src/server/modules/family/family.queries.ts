import { createHash, randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Role } from "../../../domain/roles";
import type { Db, Tx } from "../../db/client";
import { children, families, familyInvitations, familyMembers, users } from "../../db/schema/index";
import { personName } from "../../lib/authors";
import { uuidArray } from "../../lib/child-scope";
import { conflict, HttpError, notFound } from "../../lib/errors";

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

/** How the family reads temperatures, and its fever threshold (°C). */
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

export async function renameFamily(tx: Tx | Db, familyId: string, name: string): Promise<void> {
  await tx.update(families).set({ name, updatedAt: new Date() }).where(eq(families.id, familyId));
}

// ---- Members ----

/** The family's members, the owner first, then by when they joined. */
export async function membersOf(db: Db | Tx, familyId: string) {
  return db
    .select({
      userId: familyMembers.userId,
      name: sql<string>`coalesce(${personName(familyMembers.userId)}, '')`,
      email: users.email,
      role: familyMembers.role,
      childIds: familyMembers.childIds,
      joinedAt: familyMembers.createdAt,
    })
    .from(familyMembers)
    .innerJoin(users, eq(users.id, familyMembers.userId))
    .where(eq(familyMembers.familyId, familyId))
    .orderBy(desc(sql`${familyMembers.role} = 'owner'`), asc(familyMembers.createdAt));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A member's row, locked for the change; 404 for anybody who is not a member of the family. */
async function lockedMember(tx: Tx, familyId: string, userId: string) {
  if (!UUID.test(userId)) throw notFound("Member");
  const [member] = await tx
    .select()
    .from(familyMembers)
    .where(and(eq(familyMembers.familyId, familyId), eq(familyMembers.userId, userId)))
    .for("update");
  if (!member) throw notFound("Member");
  return member;
}

/** Refuses children that are not the family's (a 404 naming the child, as a record's link is). */
async function assertFamilyChildren(tx: Tx | Db, familyId: string, childIds: readonly string[] | null) {
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

// ---- Invitations ----

/** An invitation link's token: 32 random bytes (256 bits) in base64url, stored as its SHA-256. */
const TOKEN_BYTES = 32;
export const hashLinkToken = (token: string) => createHash("sha256").update(token).digest("hex");
export const newLinkToken = () => randomBytes(TOKEN_BYTES).toString("base64url");

/** How long an invitation works: a week, long enough to be read and acted on by a busy family. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

const invitationColumns = {
  id: familyInvitations.id,
  email: familyInvitations.email,
  role: familyInvitations.role,
  childIds: familyInvitations.childIds,
  invitedByName: personName(familyInvitations.invitedBy),
  createdAt: familyInvitations.createdAt,
  expiresAt: familyInvitations.expiresAt,
};

export async function createInvitation(
  tx: Tx,
  familyId: string,
  invitedBy: string,
  input: { email: string; role: Role; childIds: readonly string[] | null },
  now: Date,
) {
  await assertFamilyChildren(tx, familyId, input.childIds);
  const member = await tx
    .select({ userId: familyMembers.userId })
    .from(familyMembers)
    .innerJoin(users, eq(users.id, familyMembers.userId))
    .where(and(eq(familyMembers.familyId, familyId), eq(users.email, input.email)));
  if (member.length > 0) throw conflict(`${input.email} is already a member of this family.`);
  const token = newLinkToken();
  const [row] = await tx
    .insert(familyInvitations)
    .values({
      familyId,
      email: input.email,
      role: input.role,
      childIds: input.childIds ? [...input.childIds] : null,
      tokenHash: hashLinkToken(token),
      invitedBy,
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS),
    })
    .returning(invitationColumns);
  return { invitation: row!, token };
}

/** The family's invitations still waiting: not accepted, not revoked, not expired; newest first. */
export async function pendingInvitations(db: Db | Tx, familyId: string, now: Date) {
  return db
    .select(invitationColumns)
    .from(familyInvitations)
    .where(
      and(
        eq(familyInvitations.familyId, familyId),
        isNull(familyInvitations.acceptedAt),
        isNull(familyInvitations.revokedAt),
        gt(familyInvitations.expiresAt, now),
      ),
    )
    .orderBy(desc(familyInvitations.createdAt));
}

/** Revokes a pending invitation of the family; 404 for any other. */
export async function revokeInvitation(db: Db | Tx, familyId: string, id: string, now: Date) {
  if (!UUID.test(id)) throw notFound("Invitation");
  const [row] = await db
    .update(familyInvitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(familyInvitations.id, id),
        eq(familyInvitations.familyId, familyId),
        isNull(familyInvitations.acceptedAt),
        isNull(familyInvitations.revokedAt),
      ),
    )
    .returning({ id: familyInvitations.id });
  if (!row) throw notFound("Invitation");
}

/** Why an invitation's link no longer works, in words the person who opened it reads. */
const REFUSED_INVITATIONS = {
  invalid: new HttpError(
    404,
    "This invitation link is not valid. Check that you opened the whole link, or ask the family for a new one.",
  ),
  used: conflict("This invitation has already been used. Ask the family for a new one if you need it."),
  revoked: new HttpError(
    410,
    "This invitation was withdrawn by the family. Ask them for a new one if you need it.",
  ),
  expired: new HttpError(
    410,
    "This invitation has expired: invitations work for 7 days. Ask the family for a new one.",
  ),
};

/** The invitation of a link's token, or the reason it is refused (thrown). */
async function usableInvitation(db: Db | Tx, token: string, now: Date, lock = false) {
  const query = db
    .select()
    .from(familyInvitations)
    .where(eq(familyInvitations.tokenHash, hashLinkToken(token)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw REFUSED_INVITATIONS.invalid;
  if (row.acceptedAt) throw REFUSED_INVITATIONS.used;
  if (row.revokedAt) throw REFUSED_INVITATIONS.revoked;
  if (row.expiresAt.getTime() <= now.getTime()) throw REFUSED_INVITATIONS.expired;
  return row;
}

/** What an invitation's page shows before it is accepted. */
export async function previewInvitation(db: Db, token: string, now: Date) {
  const row = await usableInvitation(db, token, now);
  const [family] = await db
    .select({ name: families.name, invitedByName: personName(sql`${row.invitedBy}::uuid`) })
    .from(families)
    .where(eq(families.id, row.familyId));
  const named = row.childIds
    ? await db
        .select({ name: children.name })
        .from(children)
        .where(
          and(eq(children.familyId, row.familyId), sql`${children.id} = any(${uuidArray(row.childIds)})`),
        )
        .orderBy(asc(children.createdAt))
    : null;
  return {
    familyName: family?.name ?? "",
    role: row.role,
    email: row.email,
    invitedByName: family?.invitedByName ?? null,
    children: named ? named.map((c) => c.name) : null,
    expiresAt: row.expiresAt,
  };
}

/**
 * Accepts an invitation for the person signed in: they join its family with its role and children
 * (those still in the family), once. Answers the family joined.
 */
export async function acceptInvitation(tx: Tx, token: string, userId: string, now: Date): Promise<string> {
  const row = await usableInvitation(tx, token, now, true);
  const [already] = await tx
    .select({ role: familyMembers.role })
    .from(familyMembers)
    .where(and(eq(familyMembers.familyId, row.familyId), eq(familyMembers.userId, userId)));
  if (already) throw conflict("You are already a member of this family.");
  let childIds = row.childIds;
  if (childIds) {
    const still = await tx
      .select({ id: children.id })
      .from(children)
      .where(and(eq(children.familyId, row.familyId), sql`${children.id} = any(${uuidArray(childIds)})`));
    childIds = still.map((c) => c.id);
    if (childIds.length === 0) {
      throw conflict(
        "The children this invitation was for are no longer in the family. Ask the family for a new one.",
      );
    }
  }
  await tx.insert(familyMembers).values({ familyId: row.familyId, userId, role: row.role, childIds });
  await tx
    .update(familyInvitations)
    .set({ acceptedAt: now, acceptedBy: userId })
    .where(eq(familyInvitations.id, row.id));
  return row.familyId;
}
