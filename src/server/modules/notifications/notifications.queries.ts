import { and, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { notificationDeliveries, notifications } from "../../db/schema/index";

export type NotificationRow = typeof notifications.$inferSelect;
export type DeliveryRow = typeof notificationDeliveries.$inferSelect;

/** A page of the inbox: 30 by default, at most 100. */
export const INBOX_PAGE = 30;
export const MAX_INBOX_PAGE = 100;

/** Deliveries in the order a person reads the channels: push, ntfy, email. */
const channelRank = sql`case ${notificationDeliveries.channel} when 'push' then 0 when 'ntfy' then 1 else 2 end`;

/** The notifications with their deliveries, one query for the page's deliveries. */
async function withDeliveries(db: Db | Tx, rows: NotificationRow[]) {
  if (rows.length === 0) return [];
  const deliveries = await db
    .select()
    .from(notificationDeliveries)
    .where(
      inArray(
        notificationDeliveries.notificationId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(channelRank, notificationDeliveries.target, notificationDeliveries.id);
  const byNotification = new Map<string, DeliveryRow[]>();
  for (const delivery of deliveries) {
    const list = byNotification.get(delivery.notificationId) ?? [];
    list.push(delivery);
    byNotification.set(delivery.notificationId, list);
  }
  return rows.map((row) => ({ ...row, deliveries: byNotification.get(row.id) ?? [] }));
}

/**
 * A person's inbox, newest first, in every family they belong to, a page at a time: `after` is
 * the last notification of the page before (a keyset on time and id, so a page does not shift as
 * new ones arrive). Unknown or another person's `after` starts from the newest.
 */
export async function listInbox(
  db: Db | Tx,
  userId: string,
  options: { limit?: number | undefined; after?: string | undefined } = {},
) {
  const limit = Math.min(Math.max(1, options.limit ?? INBOX_PAGE), MAX_INBOX_PAGE);
  const [from] = options.after
    ? await db
        .select({ createdAt: notifications.createdAt, id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.id, options.after), eq(notifications.userId, userId)))
    : [];
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        from
          ? or(
              lt(notifications.createdAt, from.createdAt),
              and(eq(notifications.createdAt, from.createdAt), lt(notifications.id, from.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return { rows: await withDeliveries(db, page), next: rows.length > limit ? page.at(-1)!.id : null };
}

export async function getNotification(db: Db | Tx, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  if (!row) return undefined;
  const [full] = await withDeliveries(db, [row]);
  return full;
}

/** How many of the person's notifications are not yet seen (the bell's number). */
export async function unreadCount(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.ackAt)));
  return row?.count ?? 0;
}

/**
 * Marks one of the person's notifications seen; seen already, it keeps the first time. Undefined
 * when it is not theirs (or not there).
 */
export async function acknowledge(db: Db, userId: string, id: string, now: Date) {
  await db
    .update(notifications)
    .set({ ackAt: now })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId), isNull(notifications.ackAt)));
  return getNotification(db, userId, id);
}

/** Marks every notification of the person seen; answers how many were not. */
export async function acknowledgeAll(db: Db, userId: string, now: Date): Promise<number> {
  const changed = await db
    .update(notifications)
    .set({ ackAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.ackAt)))
    .returning({ id: notifications.id });
  return changed.length;
}

/**
 * The person's delivery log: the deliveries of their latest notifications, newest first, with what
 * each carried (read in the inbox's index order, so a long history is not sorted whole).
 */
export async function deliveryLog(db: Db | Tx, userId: string, limit = 50) {
  const rows = await db
    .select({
      delivery: notificationDeliveries,
      notification: {
        id: notifications.id,
        title: notifications.title,
        taskKind: notifications.taskKind,
        step: notifications.step,
      },
    })
    .from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
    .where(eq(notifications.userId, userId))
    .orderBy(
      desc(notifications.createdAt),
      desc(notifications.id),
      channelRank,
      notificationDeliveries.target,
      notificationDeliveries.id,
    )
    .limit(limit);
  return rows.map(({ delivery, notification }) => ({ ...delivery, notification }));
}

/**
 * How long the inbox and the delivery log keep a notification: a season of reminders, long enough
 * to look back on a hard month, short enough that years of reminders every quarter of an hour do
 * not pile up (our choice).
 */
export const NOTIFICATION_RETENTION_MS = 90 * 24 * 60 * 60 * 1000;

/** Removes notifications (and their deliveries) older than the retention at `now`; answers how many. */
export async function pruneNotifications(db: Db, now: Date): Promise<number> {
  const removed = await db
    .delete(notifications)
    .where(lt(notifications.createdAt, new Date(now.getTime() - NOTIFICATION_RETENTION_MS)))
    .returning({ id: notifications.id });
  return removed.length;
}
