import { sql } from "drizzle-orm";
import {
  bigint,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import type { Role } from "../../../domain/roles";
import { children } from "./children";
import { families } from "./family";
import { users } from "./users";

/**
 * Who belongs to a family, with which role (src/domain/family.ts) and, for a membership limited to
 * some children (a babysitter for one child), which: `childIds` null means every child.
 */
export const familyMembers = pgTable(
  "family_members",
  {
    familyId: uuid("family_id")
      .notNull()
      .references(() => families.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: varchar("role", { length: 16 }).$type<Role>().notNull(),
    childIds: uuid("child_ids").array(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.familyId, t.userId] }), index("family_members_user_idx").on(t.userId)],
);

/**
 * Who changed what, when. Written in the same transaction as the change. `familyId` is the family
 * whose records changed; `actorId` the person who changed them (a member of the family).
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => families.id, { onDelete: "cascade" }),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: varchar("action", { length: 16 }).$type<"create" | "update" | "delete">().notNull(),
    entity: varchar("entity", { length: 64 }).notNull(),
    entityId: uuid("entity_id").notNull(),
    /** The child the record belonged to (the child itself for a child), so a member limited to some children sees only theirs. */
    childId: uuid("child_id"),
    /** A short human label of the record (its name or title), for the activity feed; null once deleted. */
    summary: text("summary"),
    /**
     * The name of the personal API token the change was made with (the person is still `actorId`),
     * as it was then: the activity says "by token Home Assistant". Null for a change made in the app.
     */
    viaToken: text("via_token"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_user_time_idx").on(t.familyId, t.createdAt)],
);

/**
 * A family's change counter, raised in the transaction of every change announced
 * (lib/family-changes.ts: every record write, the task settings, the rota, the family's clock): an
 * open page asks it every few seconds to learn cheaply that another member changed something. Its
 * row is locked until the change commits, so the counter goes up in the order changes commit.
 */
export const familyChangeMarks = pgTable("family_change_marks", {
  familyId: uuid("family_id")
    .primaryKey()
    .references(() => families.id, { onDelete: "cascade" }),
  mark: bigint("mark", { mode: "number" }).notNull().default(0),
});

/**
 * An invitation to join a family with a role (and, for a membership limited to some children, which
 * children). Only the SHA-256 of its link's token is kept: a copy of this table invites nobody. It
 * works once (`acceptedAt`), until `expiresAt` (7 days), unless revoked.
 */
export const familyInvitations = pgTable(
  "family_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => families.id, { onDelete: "cascade" }),
    email: varchar("email", { length: 320 }).notNull(),
    role: varchar("role", { length: 16 }).$type<Role>().notNull(),
    childIds: uuid("child_ids").array(),
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: uuid("accepted_by").references(() => users.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /**
     * An account that is not the invited address's (or has not confirmed it) and asked to join
     * with this invitation: it joins only if the owner lets it in. The latest to ask.
     */
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    requestedAt: timestamp("requested_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("family_invitations_token_key").on(t.tokenHash),
    index("family_invitations_family_idx").on(t.familyId, t.createdAt),
  ],
);

/**
 * A read-only link to one child's care summary, for the clinic: no account needed, it expires
 * (`expiresAt`), can be revoked, and every view is recorded (`shareLinkViews`). Only the SHA-256 of
 * its token is kept.
 */
export const shareLinks = pgTable(
  "share_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => families.id, { onDelete: "cascade" }),
    childId: uuid("child_id").notNull(),
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("share_links_token_key").on(t.tokenHash),
    index("share_links_family_idx").on(t.familyId, t.createdAt),
    // The link goes with its child.
    foreignKey({
      name: "share_links_family_child_fk",
      columns: [t.familyId, t.childId],
      foreignColumns: [children.familyId, children.id],
    }).onDelete("cascade"),
  ],
);

/** Each opening of a clinic link: when, and from which address. */
export const shareLinkViews = pgTable(
  "share_link_views",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    linkId: uuid("link_id")
      .notNull()
      .references(() => shareLinks.id, { onDelete: "cascade" }),
    viewedAt: timestamp("viewed_at", { withTimezone: true }).notNull().defaultNow(),
    address: varchar("address", { length: 64 }),
  },
  (t) => [index("share_link_views_link_idx").on(t.linkId, t.viewedAt)],
);
