import type { FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  DEFAULT_SNOOZE_MINUTES,
  type ReminderActionPreview,
  reminderActionInput,
  reminderActionPreview,
  reminderLinkResult,
} from "../../../../domain/reminders";
import { can } from "../../../../domain/roles";
import { DONE_LABELS } from "../../../../domain/tasks";
import type { ModuleRoutes } from "../../../app-context";
import type { Db } from "../../../db/client";
import { conflict, HttpError, notFound } from "../../../lib/errors";
import { type FamilyScope, inTransaction } from "../../../lib/transaction";
import { type DerivedTask, taskById } from "../derived-tasks.queries";
import {
  findActionToken,
  findOccurrence,
  memberScope,
  nameOnly,
  snoozeOccurrence,
  useActionToken,
} from "./reminders.queries";
import { alreadyDoneText, doTask, movedOn } from "./task-actions";

const gone = (message: string) => new HttpError(410, message);
const MINUTE = 60_000;

/** What a link answers about a task someone did, to anyone without the family's sign-in. */
const TAKEN_CARE_OF = "Already taken care of.";

/** A token's row with the person's membership and the family's clock; 404 when it does not work at all. */
async function tokenFacts(db: Db, token: string) {
  const row = await findActionToken(db, token);
  if (!row) throw notFound("Reminder");
  const member = await memberScope(db, row.familyId, row.userId);
  if (!member) throw notFound("Reminder");
  return { row, ...member };
}

/**
 * Who reads a link's answer: a member of its family signed in on this browser who sees the task
 * (its child is theirs to see), or null: anyone else, who is told nothing private.
 */
async function familyReader(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  found: Awaited<ReturnType<typeof tokenFacts>>,
  task: DerivedTask | undefined,
  now: Date,
): Promise<{ userId: string } | null> {
  const userId = await request.loadSession(reply);
  // A personal API token reads its family's records, not a person's reminder links: anyone else.
  if (!userId || request.apiToken) return null;
  if (userId === found.row.userId) return { userId };
  const member = await memberScope(db, found.row.familyId, userId);
  if (!member) return null;
  if (task && !(await taskById(db, member.scope, task.id, now, found.timeZone))) return null;
  return { userId };
}

/**
 * The public Done and Snooze of a reminder sent outside the app (`/api/reminder-actions/:token`):
 * the token is the authority to act, once, for the person it was sent to (a push or ntfy button
 * POSTs it with no session; an email's link opens a page that asks first). What the answer says
 * depends on who reads it: the task, its time and who did it only to the family signed in.
 */
export const reminderActionRoutes: ModuleRoutes = (scope, context) => {
  const { db, clock } = context;
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const tokenParams = z.object({ token: z.string().max(200) });

  r.get(
    "/api/reminder-actions/:token",
    { schema: { params: tokenParams, response: { 200: reminderActionPreview } } },
    async (request, reply) => {
      const now = clock();
      const found = await tokenFacts(db, request.params.token);
      const { row } = found;
      const task = await taskById(db, found.scope, row.taskId, now, found.timeZone);
      const state: ReminderActionPreview["state"] = row.usedAt
        ? "used"
        : row.expiresAt <= now
          ? "expired"
          : !task || task.dueAt?.getTime() !== row.dueAt.getTime()
            ? "answered"
            : "ready";
      const reader = await familyReader(db, request, reply, found, task, now);
      if (!reader) {
        return {
          action: row.action,
          state,
          details: false,
          title: null,
          doneLabel: "Done",
          dueAt: null,
          done: null,
        };
      }
      const occurrence = await findOccurrence(db, row.familyId, row);
      const last =
        state === "answered" && task?.lastDone ? { at: task.lastDone.at, byId: task.lastDone.byId } : null;
      const did = occurrence?.doneAt ? { at: occurrence.doneAt, byId: occurrence.doneBy } : last;
      return {
        action: row.action,
        state,
        details: true,
        title: task?.title ?? "A care task",
        doneLabel: task ? DONE_LABELS[task.kind] : "Done",
        dueAt: row.dueAt,
        done: did ? { at: did.at, by: await nameOnly(db, did.byId) } : null,
      };
    },
  );

  r.post(
    "/api/reminder-actions/:token",
    { schema: { params: tokenParams, body: reminderActionInput, response: { 200: reminderLinkResult } } },
    async (request, reply) => {
      const now = clock();
      const found = await tokenFacts(db, request.params.token);
      const { row, timeZone } = found;
      if (row.usedAt) throw gone("This link was used already.");
      if (row.expiresAt <= now)
        throw gone("This link has expired: the next reminder brings a new one, or open Tasks in the app.");
      if (!can(found.scope.role, "write")) throw notFound("Reminder");
      const seen = await taskById(db, found.scope, row.taskId, now, timeZone);
      const reader = await familyReader(db, request, reply, found, seen, now);
      const scope: FamilyScope = {
        ...found.scope,
        changed: (tx) => context.familyChanges.announce(tx, row.familyId),
      };
      return inTransaction(db, scope, async (ctx) => {
        if (!(await useActionToken(ctx.tx, row.tokenHash, now))) throw gone("This link was used already.");
        const task = await taskById(ctx.tx, ctx, row.taskId, now, timeZone);
        if (!task) throw notFound("Task");
        if (movedOn(task, row.dueAt)) {
          if (!reader) throw conflict(TAKEN_CARE_OF);
          const byId = task.lastDone?.byId ?? null;
          const by =
            byId === reader.userId
              ? "you"
              : ((await nameOnly(ctx.tx, byId)) ?? (byId ? "another caregiver" : null));
          throw conflict(alreadyDoneText(task.lastDone, by, timeZone, now));
        }
        const title = reader ? task.title : null;
        if (row.action === "done") {
          await doTask(ctx, task, now, timeZone, { notes: null });
          return { action: "done" as const, title, until: null };
        }
        const until = new Date(now.getTime() + (request.body.minutes ?? DEFAULT_SNOOZE_MINUTES) * MINUTE);
        await snoozeOccurrence(
          ctx.tx,
          ctx.familyId,
          { taskId: task.id, dueAt: row.dueAt },
          row.userId,
          until,
          now,
        );
        return { action: "snooze" as const, title, until };
      });
    },
  );
};
