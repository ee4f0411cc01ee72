import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import type { Channel, DeliveryStatus, NotificationKind } from "../../../domain/notification-kinds";
import { familyMembers } from "./families";
import { users } from "./users";

/**
 * A notification in a person's inbox: what a care task's reminder said (`step` 1 for the first,
 * more for each repeat or escalation), for which task, and whether the person has seen it
 * (`ackAt`). It belongs to the person's membership of the family: leaving the family, or being
 * removed from it, takes their notifications of it along. `taskId` is the care task's own key
 * (a derived task's is not a uuid), kept as text.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    familyId: uuid("family_id").notNull(),
    userId: uuid("user_id").notNull(),
    taskId: varchar("task_id", { length: 200 }),
    taskKind: varchar("task_kind", { length: 32 }).$type<NotificationKind>(),
    step: integer("step").notNull().default(1),
    title: text("title").notNull(),
    body: text("body").notNull(),
    urgent: boolean("urgent").notNull().default(false),
    url: text("url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    ackAt: timestamp("ack_at", { withTimezone: true }),
    /**
     * A reminder's occurrence and round: the task's due time it reminds of, and the ladder's time it
     * was sent for. With the person and the task, the reminder's identity: each is written (and
     * sent) once, however many processes look at once.
     */
    dueAt: timestamp("due_at", { withTimezone: true }),
    roundAt: timestamp("round_at", { withTimezone: true }),
  },
  (t) => [
    foreignKey({
      name: "notifications_membership_fk",
      columns: [t.familyId, t.userId],
      foreignColumns: [familyMembers.familyId, familyMembers.userId],
    }).onDelete("cascade"),
    index("notifications_user_time_idx").on(t.userId, t.createdAt, t.id),
    // The bell's count reads only the unread ones.
    index("notifications_unread_idx").on(t.userId).where(sql`${t.ackAt} is null`),
    index("notifications_task_idx").on(t.familyId, t.taskId),
    uniqueIndex("notifications_reminder_key")
      .on(t.familyId, t.userId, t.taskId, t.dueAt, t.roundAt)
      .where(sql`${t.roundAt} is not null`),
    // The retention sweep removes by age.
    index("notifications_time_idx").on(t.createdAt),
  ],
);

/**
 * How one channel delivered one notification: to which device, topic or address (`target`), sent
 * or failed (with the reason in words, never the server's answer as it came). The delivery log.
 */
export const notificationDeliveries = pgTable(
  "notification_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    notificationId: uuid("notification_id")
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    channel: varchar("channel", { length: 8 }).$type<Channel>().notNull(),
    target: varchar("target", { length: 400 }).notNull(),
    status: varchar("status", { length: 8 }).$type<DeliveryStatus>().notNull(),
    error: text("error"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("notification_deliveries_notification_idx").on(t.notificationId)],
);

/**
 * A device that receives Web Push for a person: the push service's address for it and the keys
 * its messages are encrypted to (RFC 8291). An endpoint belongs to one person: a browser signed in
 * as someone else who turns push on takes it over. Dropped when the push service answers 404 or
 * 410 (the subscription has expired or been removed).
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: varchar("p256dh", { length: 200 }).notNull(),
    auth: varchar("auth", { length: 100 }).notNull(),
    /** The device as a person knows it ("Chrome on Android"), from its browser. */
    label: varchar("label", { length: 100 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
    /** Deliveries that failed since the last that arrived. */
    failures: integer("failures").notNull().default(0),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_key").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
  ],
);

/** Which channels carry each kind of task, as stored (`DEFAULT_KIND_CHANNELS` fills a missing kind). */
export type StoredKindChannels = Partial<Record<NotificationKind, Channel[]>>;

/**
 * A person's notification settings, the same in every family they belong to (a row appears at their
 * first change; until then the defaults of `notification-settings.queries.ts` apply). The ntfy
 * token is kept as given: sending needs it (docs/security.md). Quiet hours are "HH:MM" on the
 * family's clock, kept for the reminders to follow.
 */
export const notificationSettings = pgTable("notification_settings", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  push: boolean("push").notNull().default(true),
  email: boolean("email").notNull().default(false),
  ntfyEnabled: boolean("ntfy_enabled").notNull().default(false),
  ntfyServer: varchar("ntfy_server", { length: 500 }).notNull().default("https://ntfy.sh"),
  ntfyTopic: varchar("ntfy_topic", { length: 64 }),
  ntfyToken: varchar("ntfy_token", { length: 200 }),
  kinds: jsonb("kinds").$type<StoredKindChannels>().notNull().default({}),
  quietStart: varchar("quiet_start", { length: 5 }),
  quietEnd: varchar("quiet_end", { length: 5 }),
  showDetails: boolean("show_details").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The server's VAPID key pair (RFC 8292), one row: generated at the first start, kept with the
 * data so every server process on this database signs alike and the browsers' subscriptions,
 * which are bound to the public key, keep working across restarts.
 */
export const vapidKeys = pgTable(
  "vapid_keys",
  {
    id: smallint("id").primaryKey().default(1),
    publicKey: varchar("public_key", { length: 100 }).notNull(),
    privateKey: varchar("private_key", { length: 100 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("vapid_keys_one_row", sql`${t.id} = 1`)],
);
