import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  careTaskInput,
  careTaskRecord,
  taskDoneInput,
  taskDoneRecord,
  taskRecord,
  taskSettingsInput,
  taskSettingsRecord,
} from "../../../domain/task-records";
import type { ModuleRoutes } from "../../app-context";
import { notFound } from "../../lib/errors";
import { childListQuery, familyScope, idParams, registerOwnedRoutes } from "../../lib/owned-routes";
import { claimOf, madeBefore } from "../../lib/record-ids";
import { inTransaction } from "../../lib/transaction";
import { taskById, tasksOf } from "./derived-tasks.queries";
import { assertStillDue, doTask } from "./reminders/task-actions";
import { careTaskRecords, childInView, setTaskSettings, taskSettingsOf } from "./tasks.queries";

/**
 * `/api/tasks`: every care task with its due time and state (`?childId=`), the family's own tasks
 * (create, read, change, delete), Done on any task, and the family's settings for them.
 */
export const taskRoutes: ModuleRoutes = (scope, { db, clock }) => {
  const r = scope.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/tasks",
    { schema: { querystring: childListQuery, response: { 200: z.array(taskRecord) } } },
    async (request) => {
      const view = request.access();
      const { childId } = request.query;
      if (childId && !(await childInView(db, view, childId))) throw notFound("Child");
      return tasksOf(db, view, clock(), request.familyClock.timeZone, { childId });
    },
  );

  registerOwnedRoutes(scope, db, {
    path: "/api/tasks",
    records: careTaskRecords,
    input: careTaskInput,
    record: careTaskRecord,
    updateMethods: ["PATCH"],
    customList: true,
  });

  r.post(
    "/api/tasks/:id/done",
    { schema: { params: idParams, body: taskDoneInput, response: { 200: taskDoneRecord } } },
    async (request) => {
      const { id } = request.params;
      const now = clock();
      const { timeZone } = request.familyClock;
      // With the id of the record it makes, a Done sent again (its answer was lost) is done once.
      const claim = claimOf(`/api/tasks/${id}/done`, request.body);
      await inTransaction(db, familyScope(request), async (ctx) => {
        if (claim && (await madeBefore(ctx.tx, ctx.familyId, claim))) return;
        const task = await taskById(ctx.tx, ctx, id, now, timeZone);
        if (!task) throw notFound("Task");
        assertStillDue(task, request.body.dueAt ? new Date(request.body.dueAt) : undefined, timeZone, now);
        await doTask(ctx, task, now, timeZone, request.body, claim);
      });
      return { task: (await taskById(db, request.access(), id, now, timeZone)) ?? null };
    },
  );

  r.get("/api/family/task-settings", { schema: { response: { 200: taskSettingsRecord } } }, (request) =>
    taskSettingsOf(db, request.access().familyId),
  );

  r.patch(
    "/api/family/task-settings",
    {
      config: { access: "manage" },
      schema: { body: taskSettingsInput, response: { 200: taskSettingsRecord } },
    },
    (request) => {
      const { familyId } = request.access();
      // New due times, steps or a latest PN start: the family's reminders follow at once.
      return db.transaction(async (tx) => {
        const settings = await setTaskSettings(tx, familyId, request.body);
        await request.server.familyChanges.announce(tx, familyId);
        return settings;
      });
    },
  );
};
