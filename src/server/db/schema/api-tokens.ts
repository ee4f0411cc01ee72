import { foreignKey, index, pgTable, text, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import type { ApiTokenMode } from "../../../domain/api-tokens";
import { familyMembers } from "./families";
import { families } from "./family";
import { users } from "./users";

/**
 * Personal API tokens (src/domain/api-tokens.ts): each lets a program act as the person who made
 * it, in one family, as the token's `mode` and children allow and never beyond the person's role
 * now. Only the SHA-256 of its secret is kept (a copy of this table opens nothing); the token
 * itself names its row's id, so it is found by id and its secret compared in constant time.
 *
 * The token belongs to the membership it was made in: when the person leaves the family or is
 * removed from it, when the family or the account is deleted, its tokens go with the membership
 * (a person invited back does not find their old tokens working again).
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    familyId: uuid("family_id")
      .notNull()
      .references(() => families.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** SHA-256 of the token's secret part, in hex. */
    secretHash: varchar("secret_hash", { length: 64 }).notNull(),
    mode: varchar("mode", { length: 8 }).$type<ApiTokenMode>().notNull(),
    /** The children it is limited to (the person's own limit applies too); null: every child. */
    childIds: uuid("child_ids").array(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** When it was last used, to the minute (written at most once a minute). */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    index("api_tokens_user_idx").on(t.userId, t.createdAt),
    index("api_tokens_family_idx").on(t.familyId),
    foreignKey({
      name: "api_tokens_membership_fk",
      columns: [t.familyId, t.userId],
      foreignColumns: [familyMembers.familyId, familyMembers.userId],
    }).onDelete("cascade"),
  ],
);
