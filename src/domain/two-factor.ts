import { z } from "zod";
import { PASSWORD_MAX } from "./auth";
import { text } from "./fields";
import { timestamp, type Wire } from "./records";

/**
 * Two-factor sign-in for accounts with an email and a password: after the password, a 6-digit code
 * from an authenticator app (TOTP, RFC 6238), or one of ten single-use recovery codes.
 */

/** How many recovery codes a person is given at once: each signs in once. */
export const RECOVERY_CODE_COUNT = 10;

/** A code from the app: 6 digits (RFC 6238's default, the one every authenticator app shows). */
export const TOTP_DIGITS = 6;

/**
 * A code as typed: spaces and dashes are left out ("123 456", "abcd-efgh-..."), letters read in
 * lower case. What remains is a code from the app (6 digits) or a recovery code.
 */
export const normalizeCode = (code: string) => code.replace(/[\s-]/g, "").toLowerCase();
export const isAppCode = (code: string) => new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(normalizeCode(code));

const code = text({ error: "Enter the code" })
  .trim()
  .min(1, "Enter the code")
  .max(64, "This code is too long");

const password = text({ error: "Enter your password" })
  .min(1, "Enter your password")
  .max(PASSWORD_MAX * 4);

/** The sign-in's second step: a code from the app or a recovery code. */
export const twoFactorSignInInput = z.object({ code });
export type TwoFactorSignInInput = z.input<typeof twoFactorSignInInput>;

/** Turning it on: the first code the app shows (proof it holds the secret) and the password. */
export const twoFactorEnableInput = z.object({
  code: code.refine(isAppCode, `Enter the ${TOTP_DIGITS}-digit code your app shows`),
  password,
});
export type TwoFactorEnableInput = z.input<typeof twoFactorEnableInput>;

/** The password alone, where it proves the person (Settings' forms). */
export const twoFactorPasswordInput = z.object({ password });

/** Turning it off, or new recovery codes: a code (from the app, or a recovery code) or the password. */
export const twoFactorProofInput = z
  .object({ code: code.optional(), password: password.optional() })
  .refine((v) => v.code !== undefined || v.password !== undefined, {
    path: ["code"],
    message: "Enter a code from your app or your password",
  });
export type TwoFactorProofInput = z.input<typeof twoFactorProofInput>;

/**
 * Where the person stands: `on`, `off`, or `provider` (the account signs in through an identity
 * provider, which asks for its own second step; nothing to set up here).
 */
export const twoFactorStatusRecord = z.object({
  state: z.enum(["on", "off", "provider"]),
  /** When it was turned on; null while off. */
  enabledAt: timestamp.nullable(),
  /** How many recovery codes are still unused; null while off. */
  recoveryCodesLeft: z.number().int().nullable(),
});
export type TwoFactorStatus = Wire<typeof twoFactorStatusRecord>;

/** A new secret to add to the app: as text (typed by hand) and as an `otpauth://` address (the QR code). */
export const twoFactorSetupRecord = z.object({ secret: z.string(), uri: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupRecord>;

/** Recovery codes, shown once: only their hashes are kept. */
export const recoveryCodesRecord = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesRecord>;

/**
 * The answer to a right password (or a passkey without user verification) on an account with two
 * factors: no session yet, the code comes next (`POST /api/auth/login/two-factor`).
 */
export const twoFactorPendingRecord = z.object({
  twoFactor: z.literal("required"),
  message: z.string(),
});
export type TwoFactorPending = z.infer<typeof twoFactorPendingRecord>;
