import { bigint, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * Two-factor sign-in (TOTP, RFC 6238) of a local account: one row per account that set it up.
 * `secret` is the TOTP secret encrypted with a key derived from SESSION_SECRET (AES-256-GCM,
 * `modules/auth/totp.ts`), so a copy of the database alone does not make codes. The row exists
 * from "Set up" on; two factors are on once `enabledAt` is set (the first code confirmed).
 */
export const twoFactorSecrets = pgTable("two_factor_secrets", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  enabledAt: timestamp("enabled_at", { withTimezone: true }),
  /**
   * The time step (30-second period since 1970) of the last code accepted: a code of that step or
   * an earlier one is refused, so a code seen over a shoulder cannot be used again (RFC 6238, 5.2).
   */
  lastStep: bigint("last_step", { mode: "number" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Recovery codes: ten per account, shown once; only their SHA-256 is kept, and each works once
 * (`usedAt`). New codes replace all of the account's old ones.
 */
export const twoFactorRecoveryCodes = pgTable(
  "two_factor_recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: varchar("code_hash", { length: 64 }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // Found by account and hash; the account's codes by the index's first column.
  (t) => [uniqueIndex("two_factor_recovery_codes_key").on(t.userId, t.codeHash)],
);
