import { and, desc, eq, inArray } from "drizzle-orm";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  acknowledgeInput,
  DEFAULT_SNOOZE_MINUTES,
  reminderActionResult,
  reminderRotaInput,
  reminderRotaRecord,
  snoozeInput,
  taskHistoryRecord,
} from "../../../domain/reminders";
import { can, type Role } from "../../../domain/roles";
import type { ModuleRoutes } from "../../app-context";
import type { Db, Tx } from "../../db/client";
import {
  families,
  familyMembers,
  notificationDeliveries,
  notifications,
  onDuty,
  reminderOccurrences,
} from "../../db/schema/index";
import { personName } from "../../lib/authors";
import { conflict, invalidRecord, notFound } from "../../lib/errors";
import { familyScope, idParams } from "../../lib/owned-routes";
import { type FamilyScope, inTransaction } from "../../lib/transaction";
import { taskById } from "../tasks/derived-tasks.queries";
import { acknowledgeOccurrence, snoozeOccurrence } from "./reminders.queries";
import { assertStillDue } from "./task-actions";

const MINUTE = 60_000;

/** The task as the person's view sees it now, or 404. */
async function currentTask(db: Db | Tx, scope: FamilyScope, id: string, now: Date, timeZone: string) {
  const task = await taskById(db, scope, id, now, timeZone);
  if (!task) throw notFound("Task");
  return task;
}

/**
 * A task's reminders from the app (`/api/tasks/:id/snooze`, `/ack`, `/history`) and who is on duty
 * (`/api/family/reminders`). The links of a reminder sent outside the app are
 * `reminder-actions.routes.ts`.
 */
export const reminderRoutes: ModuleRoutes = (scope, { db, clock }) => {
  const r = scope.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/tasks/:id/snooze",
    { schema: { params: idParams, body: snoozeInput, response: { 200: reminderActionResult } } },
    async (request) => {
      const now = clock();
      const { timeZone } = request.familyClock;
      const minutes = request.body.minutes ?? DEFAULT_SNOOZE_MINUTES;
      const until = new Date(now.getTime() + minutes * MINUTE);
      return inTransaction(db, familyScope(request), async (ctx) => {
        const task = await currentTask(ctx.tx, ctx, request.params.id, now, timeZone);
        assertStillDue(task, request.body.dueAt ? new Date(request.body.dueAt) : undefined, timeZone, now);
        if (!task.dueAt) throw conflict("This task has no more dates to do.");
        await snoozeOccurrence(
          ctx.tx,
          ctx.familyId,
          { taskId: task.id, dueAt: task.dueAt },
          ctx.actorId,
          until,
          now,
        );
        return { action: "snooze" as const, title: task.title, until };
      });
    },
  );

  r.post(
    "/api/tasks/:id/ack",
    { schema: { params: idParams, body: acknowledgeInput, response: { 200: reminderActionResult } } },
    async (request) => {
      const now = clock();
      const { timeZone } = request.familyClock;
      return inTransaction(db, familyScope(request), async (ctx) => {
        const task = await currentTask(ctx.tx, ctx, request.params.id, now, timeZone);
        assertStillDue(task, request.body.dueAt ? new Date(request.body.dueAt) : undefined, timeZone, now);
        if (!task.dueAt) throw conflict("This task has no more dates to do.");
        await acknowledgeOccurrence(
          ctx.tx,
          ctx.familyId,
          { taskId: task.id, dueAt: task.dueAt },
          ctx.actorId,
          now,
        );
        return { action: "acknowledge" as const, title: task.title, until: null };
      });
    },
  );

  r.get(
    "/api/tasks/:id/history",
    { schema: { params: idParams, response: { 200: z.array(taskHistoryRecord) } } },
    async (request) => {
      const view = request.access();
      await currentTask(db, view, request.params.id, clock(), request.familyClock.timeZone);
      return taskHistory(db, view.familyId, request.params.id);
    },
  );

  r.get("/api/family/reminders", { schema: { response: { 200: reminderRotaRecord } } }, async (request) =>
    rotaOf(db, request.access().familyId),
  );

  r.put(
    "/api/family/reminders",
    { schema: { body: reminderRotaInput, response: { 200: reminderRotaRecord } } },
    async (request) => {
      const { familyId } = request.access();
      const { onDuty: days, order } = request.body;
      await db.transaction(async (tx) => {
        const caregivers = new Set((await rotaOf(tx, familyId)).caregivers.map((c) => c.userId));
        const issues = [
          ...Object.entries(days)
            .filter(([, userId]) => !caregivers.has(userId))
            .map(([day]) => ({ path: `onDuty.${day}`, message: "Choose a caregiver of this family" })),
          ...order
            .map((userId, index) => ({ userId, index }))
            .filter(({ userId }) => !caregivers.has(userId))
            .map(({ index }) => ({ path: `order.${index}`, message: "Choose caregivers of this family" })),
        ];
        if (issues.length > 0) throw invalidRecord(issues);
        await tx.delete(onDuty).where(eq(onDuty.familyId, familyId));
        const rows = Object.entries(days).map(([day, userId]) => ({ familyId, day, userId }));
        if (rows.length > 0) await tx.insert(onDuty).values(rows);
        await tx
          .update(families)
          .set({ reminderOrder: [...new Set(order)] })
          .where(eq(families.id, familyId));
        await request.server.familyChanges.announce(tx, familyId);
      });
      return rotaOf(db, familyId);
    },
  );
};

/** The family's caregivers with who is on duty each day and their order. */
async function rotaOf(db: Db | Tx, familyId: string) {
  const members = await db
    .select({
      userId: familyMembers.userId,
      role: familyMembers.role,
      name: personName(familyMembers.userId),
    })
    .from(familyMembers)
    .where(eq(familyMembers.familyId, familyId))
    .orderBy(familyMembers.createdAt);
  const caregivers = members.filter((m) => can(m.role as Role, "write"));
  const [family] = await db
    .select({ order: families.reminderOrder })
    .from(families)
    .where(eq(families.id, familyId));
  const days = await db.select().from(onDuty).where(eq(onDuty.familyId, familyId));
  return {
    onDuty: Object.fromEntries(days.map((d) => [d.day, d.userId])),
    order: (family?.order ?? []).filter((id) => caregivers.some((c) => c.userId === id)),
    caregivers: caregivers.map((c) => ({ userId: c.userId, name: c.name })),
  };
}

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
