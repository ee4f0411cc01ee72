import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
import { notificationDeliveries, notifications, reminderOccurrences } from "../../../db/schema/index";
import { personName } from "../../../lib/authors";

/** A task's last 20 coming-dues with their reminders, newest first. */
export async function taskHistory(db: Db | Tx, familyId: string, taskId: string) {
  const occurrences = await db
    .select({
      dueAt: reminderOccurrences.dueAt,
      doneAt: reminderOccurrences.doneAt,
      doneBy: reminderOccurrences.doneBy,
      doneByName: personName(reminderOccurrences.doneBy),
      acknowledgedAt: reminderOccurrences.acknowledgedAt,
      acknowledgedBy: reminderOccurrences.acknowledgedBy,
      acknowledgedByName: personName(reminderOccurrences.acknowledgedBy),
      snoozedUntil: reminderOccurrences.snoozedUntil,
      snoozedBy: reminderOccurrences.snoozedBy,
      snoozedByName: personName(reminderOccurrences.snoozedBy),
    })
    .from(reminderOccurrences)
    .where(and(eq(reminderOccurrences.familyId, familyId), eq(reminderOccurrences.taskId, taskId)))
    .orderBy(desc(reminderOccurrences.dueAt))
    .limit(20);
  if (occurrences.length === 0) return [];
  const sent = await db
    .select({
      id: notifications.id,
      dueAt: notifications.dueAt,
      at: notifications.roundAt,
      userId: notifications.userId,
      name: personName(notifications.userId),
      round: notifications.step,
      urgent: notifications.urgent,
      readAt: notifications.ackAt,
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.familyId, familyId),
        eq(notifications.taskId, taskId),
        inArray(
          notifications.dueAt,
          occurrences.map((o) => o.dueAt),
        ),
      ),
    )
    .orderBy(notifications.roundAt, notifications.createdAt);
  const deliveries = sent.length
    ? await db
        .select()
        .from(notificationDeliveries)
        .where(
          inArray(
            notificationDeliveries.notificationId,
            sent.map((s) => s.id),
          ),
        )
    : [];
  const who = (at: Date | null, by: string | null, name: string | null) =>
    at ? { at, by: name, byId: by } : null;
  return occurrences.map((o) => ({
    dueAt: o.dueAt,
    done: who(o.doneAt, o.doneBy, o.doneByName),
    acknowledged: who(o.acknowledgedAt, o.acknowledgedBy, o.acknowledgedByName),
    snoozed: o.snoozedUntil ? { until: o.snoozedUntil, by: o.snoozedByName, byId: o.snoozedBy } : null,
    told: sent
      .filter((s) => s.dueAt?.getTime() === o.dueAt.getTime())
      .map((s) => ({
        at: s.at ?? o.dueAt,
        userId: s.userId,
        name: s.name,
        round: s.round,
        urgent: s.urgent,
        readAt: s.readAt,
        channels: deliveries
          .filter((d) => d.notificationId === s.id)
          .map((d) => ({ channel: d.channel, target: d.target, status: d.status, error: d.error })),
      })),
  }));
}
