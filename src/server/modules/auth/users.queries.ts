import { and, eq } from "drizzle-orm";
import { DEFAULT_TIME_ZONE } from "../../../domain/clock";
import type { TimeFormat } from "../../../domain/time-format";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/index";

type User = typeof users.$inferSelect;

/** Whether the account's email is one it proved it reads (see `users.confirmedEmail`). */
export function isEmailConfirmed(user: Pick<User, "email" | "confirmedEmail">): boolean {
  return user.email !== null && user.confirmedEmail === user.email;
}

/** A stored account as the signed-in person's answers give it (`signedInUserRecord`). */
export function signedInUser(user: User): User & { firstVisit: boolean; emailConfirmed: boolean } {
  // The first visit lasts until a second sign-in is recorded (see `users.previousSignInAt`).
  return { ...user, firstVisit: user.previousSignInAt === null, emailConfirmed: isEmailConfirmed(user) };
}

export async function getUser(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

export async function createLocalUser(
  db: Db,
  input: {
    email: string;
    passwordHash: string;
    firstName: string | null;
    lastName: string | null;
    timeZone: string;
    timeFormat?: TimeFormat | null;
  },
) {
  const [row] = await db
    .insert(users)
    .values({ ...input, email: input.email.toLowerCase() })
    .onConflictDoNothing()
    .returning();
  return row;
}

export interface OidcIdentity {
  issuer: string;
  subject: string;
  email?: string | undefined;
  /** The provider said `email_verified: true`: the address counts as confirmed. */
  emailVerified?: boolean | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  picture?: string | undefined;
}

/**
 * Finds the user of an OpenID Connect identity (issuer + subject), creating them at first sign-in.
 * The provider's email is kept only when no other account uses it. An address the provider says it
 * verified counts as confirmed, at first sign-in or at a later one (an account made before).
 */
export async function findOrCreateOidcUser(
  db: Db,
  identity: OidcIdentity,
  now = new Date(),
  /** The zone of a new account (the browser's, when it said): an existing one keeps its own. */
  timeZone = DEFAULT_TIME_ZONE,
) {
  const match = and(eq(users.oidcIssuer, identity.issuer), eq(users.oidcSubject, identity.subject));
  const email = identity.email?.toLowerCase();
  const verified = identity.emailVerified === true && email !== undefined;
  const [existing] = await db.select().from(users).where(match);
  if (existing) {
    if (!verified || existing.email !== email || isEmailConfirmed(existing)) return existing;
    const [confirmed] = await db
      .update(users)
      .set({ confirmedEmail: email, emailConfirmedAt: now })
      .where(and(match, eq(users.email, email)))
      .returning();
    return confirmed ?? existing;
  }
  const emailTaken = email ? await findUserByEmail(db, email) : undefined;
  const kept = emailTaken ? null : (email ?? null);
  const [created] = await db
    .insert(users)
    .values({
      oidcIssuer: identity.issuer,
      oidcSubject: identity.subject,
      email: kept,
      ...(kept && verified ? { confirmedEmail: kept, emailConfirmedAt: now } : {}),
      firstName: identity.firstName ?? null,
      lastName: identity.lastName ?? null,
      profileImageUrl: identity.picture ?? null,
      timeZone,
    })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  // Two first sign-ins raced; the other one created the user.
  const [raced] = await db.select().from(users).where(match);
  if (!raced) throw new Error("OpenID Connect user could not be created");
  return raced;
}

export async function updateProfile(
  db: Db,
  id: string,
  profile: {
    firstName: string | null;
    lastName: string | null;
    childName: string | null;
    timeZone?: string | undefined;
  },
) {
  const [row] = await db
    .update(users)
    .set({ ...profile, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}
