import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emailConfirmations, users } from "../../db/schema/index";

/**
 * A link's token: 32 random bytes (256 bits, as the session cookie's), sent in base64url. The
 * OWASP Forgot Password Cheat Sheet ("URL tokens") asks the same of a link mailed to prove an
 * address: from a cryptographically secure generator, long enough not to be guessed, stored
 * hashed, single-use and expiring.
 */
const TOKEN_BYTES = 32;
/**
 * How long a link works. OWASP names no figure; 48 hours leaves room for a message read the next
 * day or after a weekend away, and a link that came too late can be sent again from Settings.
 */
export const CONFIRMATION_LIFETIME_MS = 48 * 60 * 60 * 1000;
/** Used and expired links are kept this long past their expiry, so an old link is told from a wrong one. */
const KEPT_AFTER_EXPIRY_MS = 30 * 24 * 60 * 60 * 1000;

/** What is stored of a token: its SHA-256, in hex. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Makes a link for the address `email` of the account `userId`; the token leaves only in the mail. */
export async function createEmailConfirmation(
  db: Db,
  link: { userId: string; email: string },
  now = new Date(),
): Promise<{ id: string; token: string }> {
  const token = randomBytes(TOKEN_BYTES).toString("base64url");
  const [row] = await db
    .insert(emailConfirmations)
    .values({
      userId: link.userId,
      email: link.email,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CONFIRMATION_LIFETIME_MS),
    })
    .returning({ id: emailConfirmations.id });
  if (!row) throw new Error("The confirmation link was not stored");
  return { id: row.id, token };
}

/** Removes a link that was never sent (its mail failed). */
export async function deleteEmailConfirmation(db: Db, id: string) {
  await db.delete(emailConfirmations).where(eq(emailConfirmations.id, id));
}

/** What opening a link did: confirmed its address, or why it could not. */
export type Redemption = "confirmed" | "used" | "expired" | "invalid";

/**
 * Uses the link of `token` at `now`: its address becomes the account's confirmed email, and every
 * other open link of the account is spent with it. A link works once: of two requests at the same
 * moment, one confirms and the other finds it used (the row is claimed by one conditional UPDATE).
 * A link for an address the account no longer has confirms nothing.
 */
export async function redeemEmailConfirmation(db: Db, token: string, now = new Date()): Promise<Redemption> {
  const tokenHash = hashToken(token);
  return db.transaction(async (tx) => {
    const [link] = await tx
      .update(emailConfirmations)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailConfirmations.tokenHash, tokenHash),
          isNull(emailConfirmations.usedAt),
          gt(emailConfirmations.expiresAt, now),
        ),
      )
      .returning();
    if (!link) {
      const [found] = await tx
        .select({ usedAt: emailConfirmations.usedAt })
        .from(emailConfirmations)
        .where(eq(emailConfirmations.tokenHash, tokenHash));
      if (!found) return "invalid";
      return found.usedAt ? "used" : "expired";
    }
    const [user] = await tx
      .update(users)
      .set({ confirmedEmail: link.email, emailConfirmedAt: now })
      .where(and(eq(users.id, link.userId), eq(users.email, link.email)))
      .returning({ id: users.id });
    if (!user) return "invalid";
    await tx
      .update(emailConfirmations)
      .set({ usedAt: now })
      .where(and(eq(emailConfirmations.userId, link.userId), isNull(emailConfirmations.usedAt)));
    return "confirmed";
  });
}

/** Removes links long past their expiry. */
export async function pruneEmailConfirmations(db: Db, now = new Date()) {
  await db
    .delete(emailConfirmations)
    .where(lt(emailConfirmations.expiresAt, new Date(now.getTime() - KEPT_AFTER_EXPIRY_MS)));
}
