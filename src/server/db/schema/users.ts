import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import type { TimeFormat } from "../../../domain/time-format";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Stored lower-cased; unique. Optional for OpenID Connect accounts whose provider shares none. */
    email: varchar("email", { length: 320 }),
    /**
     * The address the account proved it reads: through a confirmation link, or because the identity
     * provider said `email_verified`. The email counts as confirmed only while it equals `email`, so
     * an account whose address changes is unconfirmed again without anyone having to remember it.
     */
    confirmedEmail: varchar("confirmed_email", { length: 320 }),
    emailConfirmedAt: timestamp("email_confirmed_at", { withTimezone: true }),
    firstName: text("first_name"),
    lastName: text("last_name"),
    profileImageUrl: text("profile_image_url"),
    childName: text("child_name"),
    /**
     * The family's IANA time zone (src/domain/clock.ts): every "today", count of days and stamp
     * follows it. Taken from the browser at sign-up; UTC for accounts made before it was kept.
     */
    timeZone: text("time_zone").notNull().default("UTC"),
    /** How the browser that made the account writes times (its locale's): the family's first setting. */
    timeFormat: varchar("time_format", { length: 3 }).$type<TimeFormat>(),
    /** scrypt hash of a local account's password; null for OpenID Connect accounts. */
    passwordHash: text("password_hash"),
    oidcIssuer: text("oidc_issuer"),
    oidcSubject: text("oidc_subject"),
    /** When the account last signed in (started a session); null before its first sign-in. */
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    /**
     * The sign-in before the last one: null while the account is on its first visit (its first
     * session), on any device. Both are set as each session starts.
     */
    previousSignInAt: timestamp("previous_sign_in_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    uniqueIndex("users_oidc_identity_key").on(t.oidcIssuer, t.oidcSubject),
  ],
);

/**
 * Server-side sessions. `sid` is an HMAC of the cookie's token, so a copy of this table does not
 * hold usable session cookies. `expire` is the earlier of the absolute and idle deadlines.
 */
export const sessions = pgTable(
  "sessions",
  {
    sid: varchar("sid", { length: 128 }).primaryKey(),
    /** Kept beside `sess` so that deleting a user deletes their sessions. */
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sess: jsonb("sess").$type<SessionData>().notNull(),
    expire: timestamp("expire", { withTimezone: true }).notNull(),
    /**
     * The session's name in Settings' list of signed-in devices, and in the request that signs it
     * out: neither the cookie's token nor `sid`, so the list gives nothing that could sign anyone in.
     */
    id: uuid("id").notNull().defaultRandom(),
    /** The browser's User-Agent header at sign-in (cut to 512 characters): its browser and system. */
    userAgent: text("user_agent"),
    /** The address the sign-in came from, as the request's (behind a proxy only with TRUST_PROXY). */
    ip: varchar("ip", { length: 64 }),
  },
  (t) => [
    index("sessions_expire_idx").on(t.expire),
    index("sessions_user_idx").on(t.userId),
    uniqueIndex("sessions_id_key").on(t.id),
  ],
);

export interface SessionData {
  userId: string;
  /** ISO time of sign-in: the absolute 24-hour lifetime counts from here. */
  createdAt: string;
  /** ISO time of the last request: the idle timeout counts from here. */
  lastSeenAt: string;
}

/**
 * Email confirmation links. Only the SHA-256 of a link's token is kept, so a copy of this table
 * confirms nothing. A link confirms the address it was sent to (`email`), once (`usedAt`), until
 * `expiresAt`. Used and expired rows stay a while so the page can say why a link no longer works.
 */
export const emailConfirmations = pgTable(
  "email_confirmations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    email: varchar("email", { length: 320 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("email_confirmations_token_key").on(t.tokenHash),
    index("email_confirmations_user_idx").on(t.userId),
    index("email_confirmations_expires_idx").on(t.expiresAt),
  ],
);

/**
 * Sign-in and sign-up attempts, one row per attempt, keyed by client address or by account email.
 * An attempt is written before the password is checked (so parallel requests cannot all slip
 * under the limit); a successful sign-in removes its rows, so what stays are failures. Kept in the
 * database so the limit holds across restarts and across server processes.
 */
export const loginFailures = pgTable(
  "login_failures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    key: varchar("key", { length: 400 }).notNull(),
    failedAt: timestamp("failed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("login_failures_key_time_idx").on(t.key, t.failedAt)],
);
