import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Role } from "../../../domain/roles";
import type { Db, Tx } from "../../db/client";
import { children, familyInvitations, familyMembers, users } from "../../db/schema/index";
import { personName } from "../../lib/authors";
import { uuidArray } from "../../lib/child-scope";
import { conflict, HttpError, notFound } from "../../lib/errors";
import { hasMemberWithEmail, membershipOf } from "../../lib/family-access";
import { isEmailConfirmed } from "../auth/users.queries";
import { assertFamilyChildren } from "./family.queries";

/**
 * Invitations to join a family: made by the owner for one address, accepted once by the account
 * with that confirmed address, or by another account the owner lets in (DESIGN section 3).
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  requestedByName: personName(familyInvitations.requestedBy),
  requestedByEmail: sql<
    string | null
  >`(select ${users.email} from ${users} where ${users.id} = ${familyInvitations.requestedBy})`,
};

export async function createInvitation(
  tx: Tx,
  familyId: string,
  invitedBy: string,
  input: { email: string; role: Role; childIds: readonly string[] | null },
  now: Date,
) {
  await assertFamilyChildren(tx, familyId, input.childIds);
  if (await hasMemberWithEmail(tx, familyId, input.email))
    throw conflict(`${input.email} is already a member of this family.`);
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

/** The first name a person gave, for words a visitor reads (never their email); null without one. */
async function firstNameOf(db: Db | Tx, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [person] = await db.select({ firstName: users.firstName }).from(users).where(eq(users.id, userId));
  return person?.firstName?.trim() || null;
}

/**
 * What an invitation's page shows before it is accepted, to whoever holds the link: who invites
 * (their first name) and to what role, until when.
 */
export async function previewInvitation(db: Db, token: string, now: Date) {
  const row = await usableInvitation(db, token, now);
  return { role: row.role, invitedByName: await firstNameOf(db, row.invitedBy), expiresAt: row.expiresAt };
}

/** Why an account may not accept an invitation itself, in words the person reads. */
const NOT_YOUR_INVITATION = new HttpError(
  403,
  "This invitation was sent to another email address. Sign in with the account that uses it, or ask the family's owner to let this account join.",
);
const confirmFirst = (email: string) =>
  new HttpError(
    403,
    `Confirm your email address first: open the link we sent to ${email}, then accept again.`,
  );

async function assertNotMember(tx: Tx, familyId: string, userId: string, already: HttpError) {
  if (await membershipOf(tx, familyId, userId)) throw already;
}

/**
 * `userId` joins the invitation's family with its role and children (those still in the family),
 * and the invitation is used.
 */
async function join(tx: Tx, row: typeof familyInvitations.$inferSelect, userId: string, now: Date) {
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
}

/**
 * Accepts an invitation for the person signed in, once: only an account whose confirmed address is
 * the one invited joins (a link forwarded or seen by someone else joins nobody; that account may
 * ask the owner instead, `requestToJoin`). Answers the family joined.
 */
export async function acceptInvitation(tx: Tx, token: string, userId: string, now: Date): Promise<string> {
  const row = await usableInvitation(tx, token, now, true);
  await assertNotMember(tx, row.familyId, userId, conflict("You are already a member of this family."));
  const [person] = await tx
    .select({ email: users.email, confirmedEmail: users.confirmedEmail })
    .from(users)
    .where(eq(users.id, userId));
  const invited = row.email.toLowerCase();
  if (person?.email?.toLowerCase() !== invited) throw NOT_YOUR_INVITATION;
  if (!isEmailConfirmed(person)) throw confirmFirst(person.email);
  await join(tx, row, userId, now);
  return row.familyId;
}

/**
 * The person signed in asks the family's owner to let their account join with an invitation that
 * is not theirs to accept (another address, or one not confirmed): the invitation keeps who asked
 * last, and the owner sees it with the invitation. Answers the inviter's first name.
 */
export async function requestToJoin(tx: Tx, token: string, userId: string, now: Date) {
  const row = await usableInvitation(tx, token, now, true);
  await assertNotMember(tx, row.familyId, userId, conflict("You are already a member of this family."));
  await tx
    .update(familyInvitations)
    .set({ requestedBy: userId, requestedAt: now })
    .where(eq(familyInvitations.id, row.id));
  return firstNameOf(tx, row.invitedBy);
}

/**
 * The owner lets the account that asked with a waiting invitation join, with the invitation's role
 * and children; the invitation is then used. 404 for an invitation of another family or no longer
 * waiting; 409 when nobody asked.
 */
export async function approveRequest(tx: Tx, familyId: string, id: string, now: Date) {
  if (!UUID.test(id)) throw notFound("Invitation");
  const [row] = await tx
    .select()
    .from(familyInvitations)
    .where(
      and(
        eq(familyInvitations.id, id),
        eq(familyInvitations.familyId, familyId),
        isNull(familyInvitations.acceptedAt),
        isNull(familyInvitations.revokedAt),
        gt(familyInvitations.expiresAt, now),
      ),
    )
    .for("update");
  if (!row) throw notFound("Invitation");
  if (!row.requestedBy) throw conflict("Nobody has asked to join with this invitation.");
  await assertNotMember(
    tx,
    familyId,
    row.requestedBy,
    conflict("The account that asked is already a member of this family."),
  );
  await join(tx, row, row.requestedBy, now);
}
