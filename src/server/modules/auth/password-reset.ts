import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { passwordResets, users } from "../../db/schema/index";
import type { Mail } from "../../lib/mailer";
import { hashToken } from "./email-confirmation.queries";

/** The path of the client's page that opens a reset link (`/reset-password?token=...`). */
export const RESET_PAGE = "/reset-password";

/**
 * A reset link's token: 32 random bytes (256 bits; OWASP Forgot Password Cheat Sheet asks for a
 * token from a secure generator, long enough not to be guessed, stored hashed, single-use and
 * expiring).
 */
const TOKEN_BYTES = 32;
/**
 * How long a reset link works. OWASP Forgot Password Cheat Sheet: reset tokens "should expire
 * after an appropriate period"; 30 minutes is long enough to open the mail on the same phone.
 */
export const RESET_LIFETIME_MS = 30 * 60 * 1000;
/** Used and expired links are kept a day past their expiry, so the page can say why one no longer works. */
const KEPT_AFTER_EXPIRY_MS = 24 * 60 * 60 * 1000;

/** The message with the link: our own words only, nothing a person typed. */
export function resetMail(to: string, link: string): Mail {
  return {
    to,
    subject: "Choose a new password for Medical Care Tracker",
    text: [
      "Hello,",
      "",
      "Someone, probably you, asked to choose a new password for the Medical Care Tracker account of this email address. To choose one, open this link within 30 minutes:",
      "",
      link,
      "",
      "The link works once. Choosing a new password signs the account out on every device.",
      "",
      "If this was not you, you can ignore this message: your password stays as it is.",
      "",
      "Medical Care Tracker",
    ].join("\n"),
  };
}

/** Makes a reset link for the account; the token leaves only in the mail. */
export async function createPasswordReset(db: Db, userId: string, now: Date) {
  const token = randomBytes(TOKEN_BYTES).toString("base64url");
  const [row] = await db
    .insert(passwordResets)
    .values({
      userId,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_LIFETIME_MS),
    })
    .returning({ id: passwordResets.id });
  if (!row) throw new Error("The reset link was not stored");
  return { id: row.id, token };
}

export async function deletePasswordReset(db: Db, id: string) {
  await db.delete(passwordResets).where(eq(passwordResets.id, id));
}

export type ResetRedemption = { userId: string } | "used" | "expired" | "invalid";

/**
 * Uses the link of `token` at `now` to set the account's password to `passwordHash`. A link works
 * once: the row is claimed by one conditional UPDATE, so of two requests at once only one sets a
 * password. Every other open link of the account is spent with it.
 */
export async function redeemPasswordReset(
  db: Db,
  token: string,
  passwordHash: () => Promise<string>,
  now: Date,
): Promise<ResetRedemption> {
  const tokenHash = hashToken(token);
  const [found] = await db
    .select({ usedAt: passwordResets.usedAt, expiresAt: passwordResets.expiresAt })
    .from(passwordResets)
    .where(eq(passwordResets.tokenHash, tokenHash));
  if (!found) return "invalid";
  if (found.usedAt) return "used";
  if (found.expiresAt.getTime() <= now.getTime()) return "expired";
  // Hashed before the transaction: a hash takes a while, and holds no lock meanwhile.
  const hash = await passwordHash();
  return db.transaction(async (tx) => {
    const [link] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.tokenHash, tokenHash),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!link) return "used" as const;
    await tx.update(users).set({ passwordHash: hash }).where(eq(users.id, link.userId));
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, link.userId), isNull(passwordResets.usedAt)));
    return { userId: link.userId };
  });
}

export async function prunePasswordResets(db: Db, now: Date) {
  await db
    .delete(passwordResets)
    .where(lt(passwordResets.expiresAt, new Date(now.getTime() - KEPT_AFTER_EXPIRY_MS)));
}
