import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * Passkeys (WebAuthn credentials): each signs its account in without a password. Only the public
 * key is kept; the private key never leaves the person's device. `counter` is the authenticator's
 * signature counter (0 for most passkeys, which do not count).
 */
export const passkeyCredentials = pgTable(
  "passkey_credentials",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The credential's id as the authenticator gave it, in base64url. */
    credentialId: varchar("credential_id", { length: 1400 }).notNull(),
    /** The COSE public key, in base64url. */
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    /** How the browser can reach the authenticator ("internal", "hybrid", "usb"...). */
    transports: text("transports").array().notNull().default([]),
    /** A name the person knows it by: the device it was made on, changeable. */
    name: varchar("name", { length: 100 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("passkey_credentials_credential_key").on(t.credentialId),
    index("passkey_credentials_user_idx").on(t.userId),
  ],
);

/**
 * WebAuthn challenges between a ceremony's options and its answer: kept here (not in the browser),
 * for a few minutes, used once. `userId` is set for adding a passkey to a signed-in account and
 * null for signing in.
 */
export const webauthnChallenges = pgTable(
  "webauthn_challenges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    challenge: varchar("challenge", { length: 128 }).notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("webauthn_challenges_expires_idx").on(t.expiresAt)],
);

/**
 * Password reset links. Only the SHA-256 of a link's token is kept; a link works once
 * (`usedAt`), until `expiresAt` (30 minutes).
 */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("password_resets_token_key").on(t.tokenHash),
    index("password_resets_user_idx").on(t.userId),
    index("password_resets_expires_idx").on(t.expiresAt),
  ],
);
