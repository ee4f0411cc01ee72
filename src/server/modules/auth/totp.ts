import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { normalizeCode, RECOVERY_CODE_COUNT, TOTP_DIGITS } from "../../../domain/two-factor";

/**
 * The codes of two-factor sign-in: TOTP secrets (RFC 6238, through `otpauth`), their encryption
 * at rest, and recovery codes.
 */

/** The name an authenticator app shows above the account's codes. */
const ISSUER = "Medical Care Tracker";
/**
 * RFC 6238's defaults, the only ones every authenticator app reads (Google Authenticator ignores
 * another algorithm, length or period): HMAC-SHA-1, 6 digits, a new code every 30 seconds.
 */
const ALGORITHM = "SHA1";
export const PERIOD_S = 30;
/**
 * A 160-bit secret: RFC 4226 (section 4, R6) requires at least 128 bits and recommends 160, the
 * length of SHA-1's output.
 */
const SECRET_BYTES = 20;
/**
 * The current code and one step either side: RFC 6238 section 5.2 recommends allowing at most one
 * step of delay (a code typed as it changes, a phone's clock a little off).
 */
const WINDOW = 1;

/** A new random secret, as bytes (kept encrypted) and as the base32 text an app is given. */
export function newTotpSecret() {
  const secret = new Secret({ size: SECRET_BYTES });
  return { bytes: Buffer.from(secret.buffer), base32: secret.base32 };
}

/** The `otpauth://totp/...` address of the secret: what the QR code holds. */
export function totpUri(secret: Buffer, accountName: string) {
  return new TOTP({
    issuer: ISSUER,
    label: accountName,
    algorithm: ALGORITHM,
    digits: TOTP_DIGITS,
    period: PERIOD_S,
    secret: new Secret({ buffer: new Uint8Array(secret).buffer }),
  }).toString();
}

/**
 * The time step of `code` for `secret` at `now` (its 30-second period since 1970), when it is the
 * code of the current step or of one step either side; null otherwise. The caller refuses a step
 * already used (replay).
 */
export function totpStep(secret: Buffer, code: string, now: Date): number | null {
  const token = normalizeCode(code);
  const timestamp = now.getTime();
  const delta = TOTP.validate({
    token,
    secret: new Secret({ buffer: new Uint8Array(secret).buffer }),
    algorithm: ALGORITHM,
    digits: TOTP_DIGITS,
    period: PERIOD_S,
    timestamp,
    window: WINDOW,
  });
  return delta === null ? null : TOTP.counter({ period: PERIOD_S, timestamp }) + delta;
}

/**
 * The key that encrypts TOTP secrets at rest, derived from the server's SESSION_SECRET (HKDF-SHA256,
 * RFC 5869) for this use only: a copy of the database without the secret does not make codes.
 */
function secretKey(serverSecret: string) {
  return Buffer.from(hkdfSync("sha256", serverSecret, "", "medical-care-tracker/two-factor-secret/v1", 32));
}

/**
 * Encrypts a TOTP secret with AES-256-GCM (a random 96-bit nonce, NIST SP 800-38D), bound to its
 * account (`userId` is the additional data): a row copied onto another account does not open.
 */
export function sealSecret(secret: Buffer, userId: string, serverSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", secretKey(serverSecret), iv);
  cipher.setAAD(Buffer.from(userId));
  const sealed = Buffer.concat([cipher.update(secret), cipher.final()]);
  return ["v1", iv, sealed, cipher.getAuthTag()]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/**
 * The TOTP secret of a sealed value; undefined when it does not open (SESSION_SECRET changed, or
 * the value was altered or belongs to another account).
 */
export function openSecret(sealed: string, userId: string, serverSecret: string): Buffer | undefined {
  const [version, iv, data, tag, ...rest] = sealed.split(".");
  if (version !== "v1" || !iv || !data || !tag || rest.length > 0) return undefined;
  try {
    const decipher = createDecipheriv("aes-256-gcm", secretKey(serverSecret), Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(userId));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]);
  } catch {
    return undefined;
  }
}

/**
 * Recovery codes are written in Crockford's base32 (no i, l, o or u, which read as other letters
 * or digits): 16 symbols, 80 random bits, as four groups of four. 80 bits make guessing one from its
 * stored SHA-256 hopeless, so a plain hash suffices (as for the app's other tokens), and the codes
 * keep working if SESSION_SECRET changes.
 */
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const CODE_SYMBOLS = 16;

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const symbols = Array.from({ length: CODE_SYMBOLS }, () => ALPHABET[randomInt(ALPHABET.length)]);
    return symbols.join("").replace(/(.{4})(?!$)/g, "$1-");
  });
}

/**
 * The stored hash of a recovery code as typed: spaces and dashes left out, any case, and the
 * letters Crockford's base32 reads as digits (i and l as 1, o as 0) read so.
 */
export function recoveryCodeHash(code: string) {
  const normalized = normalizeCode(code).replace(/[il]/g, "1").replace(/o/g, "0");
  return createHash("sha256").update(normalized).digest("hex");
}
