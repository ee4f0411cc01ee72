import { and, desc, eq, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { notificationDeliveries, notifications, reminderOccurrences } from "../../db/schema/index";
import { personName } from "../../lib/authors";

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
 * Unread and urgent: what the inbox shows first. Routine reminders never are, even once they have
 * reached everyone (src/domain/escalation.ts).
 */
const onTop = sql<boolean>`(${notifications.ackAt} is null and ${notifications.urgent})`;

/**
 * The person's notifications matching `where`, in the inbox's order (unread urgent first, then
 * newest), each with who did its reminder's task or said they were on it, and its deliveries.
 */
async function inboxRows(db: Db | Tx, where: SQL | undefined, limit?: number) {
  const query = db
    .select({
      notification: notifications,
      onTop,
      doneAt: reminderOccurrences.doneAt,
      doneBy: personName(reminderOccurrences.doneBy),
      acknowledgedAt: reminderOccurrences.acknowledgedAt,
      acknowledgedBy: personName(reminderOccurrences.acknowledgedBy),
    })
    .from(notifications)
    .leftJoin(
      reminderOccurrences,
      and(
        eq(reminderOccurrences.familyId, notifications.familyId),
        eq(reminderOccurrences.taskId, notifications.taskId),
        eq(reminderOccurrences.dueAt, notifications.dueAt),
      ),
    )
    .where(where)
    .orderBy(desc(onTop), desc(notifications.createdAt), desc(notifications.id));
  const rows = await (limit === undefined ? query : query.limit(limit));
  const full = await withDeliveries(
    db,
    rows.map((row) => row.notification),
  );
  return full.map((notification, index) => {
    const row = rows[index]!;
    return {
      ...notification,
      onTop: row.onTop,
      done: row.doneAt ? { at: row.doneAt, by: row.doneBy } : null,
      acknowledged: row.acknowledgedAt ? { at: row.acknowledgedAt, by: row.acknowledgedBy } : null,
    };
  });
}

/**
 * A person's inbox in every family they belong to, a page at a time: unread urgent reminders first
 * (a fever with a central line is not to be buried under routine ones), then newest first. `after`
 * is the last notification of the page before (a keyset on that order, so a page does not shift as
 * new ones arrive). Unknown or another person's `after` starts from the top.
 */
export async function listInbox(
  db: Db | Tx,
  userId: string,
  options: { limit?: number | undefined; after?: string | undefined } = {},
) {
  const limit = Math.min(Math.max(1, options.limit ?? INBOX_PAGE), MAX_INBOX_PAGE);
  const [from] = options.after
    ? await db
        .select({ createdAt: notifications.createdAt, id: notifications.id, onTop })
        .from(notifications)
        .where(and(eq(notifications.id, options.after), eq(notifications.userId, userId)))
    : [];
  const older = from
    ? or(
        lt(notifications.createdAt, from.createdAt),
        and(eq(notifications.createdAt, from.createdAt), lt(notifications.id, from.id)),
      )
    : undefined;
  // After one on top: the rest on top, older, then all the others; after another: older others.
  const after = from
    ? from.onTop
      ? or(and(onTop, older), sql`not ${onTop}`)
      : and(sql`not ${onTop}`, older)
    : undefined;
  const rows = await inboxRows(db, and(eq(notifications.userId, userId), after), limit + 1);
  const page = rows.slice(0, limit).map(({ onTop: _onTop, ...row }) => row);
  return { rows: page, next: rows.length > limit ? page.at(-1)!.id : null };
}

/** A notification as the inbox answers it. */
export type InboxNotification = NonNullable<Awaited<ReturnType<typeof getNotification>>>;

export async function getNotification(db: Db | Tx, userId: string, id: string) {
  const [row] = await inboxRows(db, and(eq(notifications.id, id), eq(notifications.userId, userId)));
  if (!row) return undefined;
  const { onTop: _onTop, ...notification } = row;
  return notification;
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
