import { sql } from "drizzle-orm";
import { index, pgTable, primaryKey, text, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import type { Role } from "../../../domain/family";
import { users } from "./users";

/**
 * A family: the children and every care record belong to one, and the people who look after the
 * children are its members. Its clock (`timeZone`, an IANA name: src/domain/clock.ts) is the
 * children's: every "today", count of days and stamp of its records follows it.
 */
export const families = pgTable("families", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  timeZone: text("time_zone").notNull().default("UTC"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`now()`),
});

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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_user_time_idx").on(t.familyId, t.createdAt)],
);
