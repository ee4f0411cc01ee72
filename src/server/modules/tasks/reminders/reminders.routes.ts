import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { notificationRecord } from "../../../../domain/notifications";
import {
  acknowledgeInput,
  DEFAULT_SNOOZE_MINUTES,
  reminderActionResult,
  reminderRotaInput,
  reminderRotaRecord,
  snoozeInput,
  taskHistoryRecord,
} from "../../../../domain/reminders";
import type { ModuleRoutes } from "../../../app-context";
import type { Db, Tx } from "../../../db/client";
import { conflict, invalidRecord, notFound } from "../../../lib/errors";
import { isCaregiverOf } from "../../../lib/family-access";
import { familyScope, idParams } from "../../../lib/owned-routes";
import { type FamilyScope, inTransaction } from "../../../lib/transaction";
import { acknowledge } from "../../notifications/notifications.queries";
import { taskById } from "../derived-tasks.queries";
import { taskHistory } from "./reminder-history.queries";
import { acknowledgeOccurrence, rotaOf, setRota, snoozeOccurrence } from "./reminders.queries";
import { assertStillDue } from "./task-actions";

const MINUTE = 60_000;
const notificationParams = z.object({ id: z.uuid({ error: "Notification not found" }) });

/** The task as the person's view sees it now, or 404. */
async function currentTask(db: Db | Tx, scope: FamilyScope, id: string, now: Date, timeZone: string) {
  const task = await taskById(db, scope, id, now, timeZone);
  if (!task) throw notFound("Task");
  return task;
}

/**
 * A task's reminders from the app (`/api/tasks/:id/snooze`, `/ack`, `/history`), a reminder read in
 * the inbox (`/api/notifications/:id/ack`) and who is on duty (`/api/family/reminders`). The links
 * of a reminder sent outside the app are `reminder-actions.routes.ts`.
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

  r.post(
    "/api/notifications/:id/ack",
    {
      config: { access: "person" },
      schema: { params: notificationParams, response: { 200: notificationRecord } },
    },
    async (request) => {
      const now = clock();
      const { actorId } = request.access();
      const row = await acknowledge(db, actorId, request.params.id, now);
      if (!row) throw notFound("Notification");
      // A reminder read is a reminder answered: "I'm on it" stops its ladder for everyone.
      if (row.taskId && row.dueAt && (await isCaregiverOf(db, row.familyId, actorId))) {
        await acknowledgeOccurrence(db, row.familyId, { taskId: row.taskId, dueAt: row.dueAt }, actorId, now);
      }
      return row;
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
        await setRota(tx, familyId, days, order);
        await request.server.familyChanges.announce(tx, familyId);
      });
      return rotaOf(db, familyId);
    },
  );
};
