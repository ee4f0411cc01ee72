import { and, count, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import { isAppCode } from "../../../domain/two-factor";
import type { Db } from "../../db/client";
import { twoFactorRecoveryCodes, twoFactorSecrets } from "../../db/schema/index";
import { newRecoveryCodes, newTotpSecret, openSecret, recoveryCodeHash, sealSecret, totpStep } from "./totp";

/**
 * Two-factor sign-in's records: an account's TOTP secret (sealed), whether it is on, the last
 * code's step, and its recovery codes (hashed).
 */

/** Whether the account has two factors on: its sign-ins then ask for a code after the password. */
export async function isTwoFactorOn(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: twoFactorSecrets.userId })
    .from(twoFactorSecrets)
    .where(and(eq(twoFactorSecrets.userId, userId), isNotNull(twoFactorSecrets.enabledAt)));
  return row !== undefined;
}

/** When two factors were turned on (undefined while off) and how many recovery codes are unused. */
export async function twoFactorStatus(db: Db, userId: string) {
  const [row] = await db
    .select({ enabledAt: twoFactorSecrets.enabledAt })
    .from(twoFactorSecrets)
    .where(and(eq(twoFactorSecrets.userId, userId), isNotNull(twoFactorSecrets.enabledAt)));
  if (!row?.enabledAt) return undefined;
  const [left] = await db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return { enabledAt: row.enabledAt, recoveryCodesLeft: left?.n ?? 0 };
}

/**
 * Starts setting two factors up: a new secret, kept (sealed) until the first code confirms it,
 * replacing one an earlier "Set up" left. Undefined when two factors are on already.
 */
export async function startTwoFactorSetup(db: Db, userId: string, serverSecret: string, now: Date) {
  const secret = newTotpSecret();
  const sealed = sealSecret(secret.bytes, userId, serverSecret);
  const [row] = await db
    .insert(twoFactorSecrets)
    .values({ userId, secret: sealed, createdAt: now })
    .onConflictDoUpdate({
      target: twoFactorSecrets.userId,
      set: { secret: sealed, lastStep: null, createdAt: now },
      setWhere: isNull(twoFactorSecrets.enabledAt),
    })
    .returning({ userId: twoFactorSecrets.userId });
  return row ? secret : undefined;
}

/** The account's TOTP secret, on or being set up; "unreadable" when it no longer opens. */
async function secretOf(db: Db, userId: string, serverSecret: string, enabled: boolean) {
  const [row] = await db
    .select({ secret: twoFactorSecrets.secret })
    .from(twoFactorSecrets)
    .where(
      and(
        eq(twoFactorSecrets.userId, userId),
        enabled ? isNotNull(twoFactorSecrets.enabledAt) : isNull(twoFactorSecrets.enabledAt),
      ),
    );
  if (!row) return undefined;
  return openSecret(row.secret, userId, serverSecret) ?? ("unreadable" as const);
}

export type Enabling = { recoveryCodes: string[] } | "no-setup" | "wrong-code";

/**
 * Turns two factors on with the first code of the secret being set up: the code's step is
 * recorded (it cannot sign in afterwards) and ten recovery codes are made, returned once.
 */
export async function enableTwoFactor(
  db: Db,
  userId: string,
  serverSecret: string,
  code: string,
  now: Date,
): Promise<Enabling> {
  const secret = await secretOf(db, userId, serverSecret, false);
  if (!secret || secret === "unreadable") return "no-setup";
  const step = totpStep(secret, code, now);
  if (step === null) return "wrong-code";
  const recoveryCodes = newRecoveryCodes();
  return db.transaction(async (tx) => {
    const [enabled] = await tx
      .update(twoFactorSecrets)
      .set({ enabledAt: now, lastStep: step })
      .where(and(eq(twoFactorSecrets.userId, userId), isNull(twoFactorSecrets.enabledAt)))
      .returning({ userId: twoFactorSecrets.userId });
    if (!enabled) return "no-setup" as const;
    await storeRecoveryCodes(tx, userId, recoveryCodes, now);
    return { recoveryCodes };
  });
}

async function storeRecoveryCodes(
  db: Pick<Db, "delete" | "insert">,
  userId: string,
  codes: string[],
  now: Date,
) {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db
    .insert(twoFactorRecoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: recoveryCodeHash(code), createdAt: now })));
}

/** Ten new recovery codes in place of the old ones (used or not), returned once. */
export async function replaceRecoveryCodes(db: Db, userId: string, now: Date) {
  const codes = newRecoveryCodes();
  await db.transaction((tx) => storeRecoveryCodes(tx, userId, codes, now));
  return codes;
}

/**
 * What checking a second factor found: a code from the app (its step now used), a recovery code
 * (now used), a wrong code, the app's code of a step already used (`replayed`: wait for the next),
 * or an app code that cannot be checked because the account's secret no longer opens
 * (SESSION_SECRET changed: only a recovery code can sign in).
 */
export type SecondFactor = "app" | "recovery" | "wrong" | "replayed" | "unreadable";

/**
 * Checks a code from the app or a recovery code for an account with two factors on, and uses it:
 * an app code's step must be later than the last one accepted (one conditional UPDATE, so of two
 * requests with the same code only one passes), a recovery code must be unused (claimed by one
 * conditional UPDATE).
 */
export async function spendSecondFactor(
  db: Db,
  userId: string,
  serverSecret: string,
  code: string,
  now: Date,
): Promise<SecondFactor> {
  if (!isAppCode(code)) {
    const [used] = await db
      .update(twoFactorRecoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(twoFactorRecoveryCodes.userId, userId),
          eq(twoFactorRecoveryCodes.codeHash, recoveryCodeHash(code)),
          isNull(twoFactorRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: twoFactorRecoveryCodes.id });
    return used ? "recovery" : "wrong";
  }
  const secret = await secretOf(db, userId, serverSecret, true);
  if (!secret) return "wrong";
  if (secret === "unreadable") return "unreadable";
  const step = totpStep(secret, code, now);
  if (step === null) return "wrong";
  const [accepted] = await db
    .update(twoFactorSecrets)
    .set({ lastStep: step })
    .where(
      and(
        eq(twoFactorSecrets.userId, userId),
        isNotNull(twoFactorSecrets.enabledAt),
        or(isNull(twoFactorSecrets.lastStep), lt(twoFactorSecrets.lastStep, step)),
      ),
    )
    .returning({ userId: twoFactorSecrets.userId });
  return accepted ? "app" : "replayed";
}

/** Turns two factors off: the secret and the recovery codes are deleted. */
export async function disableTwoFactor(db: Db, userId: string) {
  await db.transaction(async (tx) => {
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await tx.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
  });
}
