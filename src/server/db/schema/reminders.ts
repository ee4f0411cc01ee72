import { foreignKey, index, pgTable, primaryKey, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import { familyMembers } from "./families";
import { families } from "./family";
import { users } from "./users";

/**
 * One coming-due of a care task (the task's key and the due time it came due at) once reminders
 * for it have started: who acknowledged it ("I'm on it": the ladder stops for everyone), who
 * snoozed it and until when, and who did it and when (read from the record that moved the task on,
 * or the Done that logged it). The task's history is read from these and the notifications sent.
 */
export const reminderOccurrences = pgTable(
  "reminder_occurrences",
  {
    familyId: uuid("family_id")
      .notNull()
      .references(() => families.id, { onDelete: "cascade" }),
    taskId: varchar("task_id", { length: 200 }).notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true }),
    acknowledgedBy: uuid("acknowledged_by").references(() => users.id, { onDelete: "set null" }),
    snoozedUntil: timestamp("snoozed_until", { withTimezone: true }),
    snoozedBy: uuid("snoozed_by").references(() => users.id, { onDelete: "set null" }),
    doneAt: timestamp("done_at", { withTimezone: true }),
    doneBy: uuid("done_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.familyId, t.taskId, t.dueAt] }),
    index("reminder_occurrences_time_idx").on(t.createdAt),
  ],
);

/**
 * The single-use token of a reminder's Done or Snooze (a push notification's button, an ntfy
 * action, an email's link): the person it was sent to, the task's occurrence, and until when it
 * works (the ladder's next round). Only the SHA-256 of the token is kept; `usedAt` makes it work
 * once. It goes with the person's membership.
 */
export const reminderTokens = pgTable(
  "reminder_tokens",
  {
    tokenHash: varchar("token_hash", { length: 64 }).primaryKey(),
    familyId: uuid("family_id").notNull(),
    userId: uuid("user_id").notNull(),
    taskId: varchar("task_id", { length: 200 }).notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    action: varchar("action", { length: 8 }).$type<"done" | "snooze">().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    foreignKey({
      name: "reminder_tokens_membership_fk",
      columns: [t.familyId, t.userId],
      foreignColumns: [familyMembers.familyId, familyMembers.userId],
    }).onDelete("cascade"),
    index("reminder_tokens_expiry_idx").on(t.expiresAt),
  ],
);

/**
 * Who is told first on a day: a weekday ("0" Sunday to "6" Saturday) each week, or one date
 * (yyyy-MM-dd), which wins over its weekday. Goes with the person's membership.
 */
export const onDuty = pgTable(
  "on_duty",
  {
    familyId: uuid("family_id").notNull(),
    day: varchar("day", { length: 10 }).notNull(),
    userId: uuid("user_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.familyId, t.day] }),
    foreignKey({
      name: "on_duty_membership_fk",
      columns: [t.familyId, t.userId],
      foreignColumns: [familyMembers.familyId, familyMembers.userId],
    }).onDelete("cascade"),
  ],
);
