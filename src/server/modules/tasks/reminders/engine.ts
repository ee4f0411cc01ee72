import { eq } from "drizzle-orm";
import { nextWake, type PlannedDelivery, plannedDeliveries } from "../../../../domain/escalation";
import { DONE_BY, DONE_LABELS } from "../../../../domain/tasks";
import type { Db } from "../../../db/client";
import { children } from "../../../db/schema/index";
import { wholeFamily } from "../../../lib/child-scope";
import type { NotifyDeps } from "../../../lib/notify-deps";
import type { Scheduler } from "../../../lib/scheduler";
import { deliver } from "../../notifications/deliver";
import { type DerivedTask, tasksOf } from "../derived-tasks.queries";
import {
  closeOccurrence,
  createActionToken,
  openOccurrences,
  reminderFacts,
  reminderOrderFor,
  startOccurrences,
} from "./reminders.queries";

/** The queue of the reminders: one job per family, keyed by its id, waiting for its next round. */
export const REMINDERS_QUEUE = "reminders";

const MINUTE = 60_000;
/** Deliveries of one family's round sent side by side (each waits on push services and mail). */
const SENDING_AT_ONCE = 4;

export interface ReminderDeps {
  db: Db;
  notify: NotifyDeps;
  scheduler: Scheduler;
}

/** The words a reminder says: the task, the child it is for, how late it is, and its detail. */
function wordsOf(task: DerivedTask, childName: string | undefined, now: Date) {
  const late = Math.floor((now.getTime() - (task.dueAt?.getTime() ?? now.getTime())) / MINUTE);
  const when =
    late < 1 ? "Due now" : late < 120 ? `Due ${late} min ago` : `Due ${Math.floor(late / 60)} h ago`;
  return { title: task.title, body: [childName, when, task.detail].filter(Boolean).join(" · ") };
}

async function mapLimit<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(runners);
}

/**
 * One round of a family's reminders at `now`: every task that has come due is followed up by the
 * escalation ladder (src/domain/escalation.ts): the person the ladder asks for now is told unless
 * already told of this round (a notification's identity: the person, the task, its due time and
 * the round); an occurrence whose task moved on (logged, Done, deleted) is closed, with who did it,
 * and everyone's notifications of it read. Answers when the family's next round is due, which the
 * job schedules. Sends outside any transaction; running it twice at once sends nothing twice.
 */
export async function remindFamily(
  deps: ReminderDeps,
  familyId: string,
  now: Date,
): Promise<{ sent: number; nextAt: Date | null }> {
  const { db } = deps;
  const facts = await reminderFacts(db, familyId, now);
  if (!facts) return { sent: 0, nextAt: null };
  const tasks = await tasksOf(db, wholeFamily(familyId), now, facts.timeZone);
  const childNames = new Map(
    (
      await db
        .select({ id: children.id, name: children.name })
        .from(children)
        .where(eq(children.familyId, familyId))
    ).map((child) => [child.id, child.name]),
  );
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const open = await openOccurrences(db, familyId);

  // What moved on since its reminders began: closed, with who did it (the task's last done).
  for (const occurrence of open) {
    const task = byId.get(occurrence.taskId);
    if (task?.dueAt && task.dueAt.getTime() === occurrence.dueAt.getTime()) continue;
    // Moved on by a log: its author did it (a task deleted, or gone with its child: nobody did).
    const last = task?.lastDone ?? null;
    await closeOccurrence(db, familyId, occurrence, { at: last?.at ?? now, by: last?.byId ?? null }, now);
  }
  const openOf = new Map(open.map((o) => [`${o.taskId}@${o.dueAt.getTime()}`, o]));

  let nextAt: Date | null = null;
  const wake = (at: Date | null) => {
    if (at && (!nextAt || at < nextAt)) nextAt = at;
  };
  const sends: { task: DerivedTask; delivery: PlannedDelivery; round: number }[] = [];
  for (const task of tasks) {
    if (!task.dueAt) continue;
    if (task.dueAt > now) {
      wake(task.dueAt);
      continue;
    }
    const occurrence = openOf.get(`${task.id}@${task.dueAt.getTime()}`);
    const state = {
      dueAt: task.dueAt,
      urgent: task.urgent,
      acknowledgedAt: occurrence?.acknowledgedAt ?? null,
      snoozedUntil: occurrence?.snoozedUntil ?? null,
    };
    const planned = plannedDeliveries(
      state,
      task.escalation,
      reminderOrderFor(facts, task),
      (userId) => facts.caregivers.find((c) => c.userId === userId)?.quiet,
      facts.timeZone,
      now,
      // The rounds of the last repeat only: a task overdue for months is not walked from its start.
      new Date(now.getTime() - task.escalation.repeatMinutes * MINUTE),
    );
    // Only each person's latest round: after a pause (a restart), one reminder, not a backlog.
    const latest = new Map<string, PlannedDelivery>();
    for (const delivery of planned) latest.set(delivery.userId, delivery);
    const start = state.snoozedUntil && state.snoozedUntil > state.dueAt ? state.snoozedUntil : state.dueAt;
    for (const delivery of latest.values()) {
      const round = Math.round(
        (delivery.at.getTime() - start.getTime()) / (task.escalation.repeatMinutes * MINUTE),
      );
      sends.push({ task, delivery, round: round + 1 });
    }
    wake(nextWake(state, task.escalation, now));
  }

  await startOccurrences(
    db,
    familyId,
    [...new Map(sends.map((s) => [s.task.id, { taskId: s.task.id, dueAt: s.task.dueAt! }])).values()],
    now,
  );
  let sent = 0;
  await mapLimit(sends, SENDING_AT_ONCE, async ({ task, delivery, round }) => {
    const childName = task.childId ? childNames.get(task.childId) : undefined;
    sent += (await send(deps, familyId, task, childName, delivery, round, now)) ? 1 : 0;
  });
  return { sent, nextAt };
}

/** Tells one person of one round, with their own single-use Done and Snooze; false when sent before. */
async function send(
  deps: ReminderDeps,
  familyId: string,
  task: DerivedTask,
  childName: string | undefined,
  delivery: PlannedDelivery,
  round: number,
  now: Date,
): Promise<boolean> {
  const dueAt = task.dueAt!;
  // A token works until the ladder's next round, which brings new ones.
  const expiresAt = new Date(delivery.at.getTime() + task.escalation.repeatMinutes * MINUTE);
  const token = (action: "done" | "snooze") =>
    createActionToken(deps.db, {
      familyId,
      userId: delivery.userId,
      taskId: task.id,
      dueAt,
      action,
      expiresAt,
    });
  const outcome = await deliver(deps.db, deps.notify, {
    familyId,
    userId: delivery.userId,
    taskId: task.id,
    taskKind: task.kind,
    step: round,
    ...wordsOf(task, childName, now),
    urgent: delivery.urgent,
    url: `/tasks#${encodeURIComponent(task.id)}`,
    // Made once the reminder is written and leaves the app: a round run twice makes none twice.
    addresses: async () => {
      const done = DONE_BY[task.kind] === "tap" ? await token("done") : null;
      const snooze = await token("snooze");
      return {
        actions: {
          ...(done ? { done: `/api/reminder-actions/${done}` } : {}),
          snooze: `/api/reminder-actions/${snooze}`,
          doneLabel: DONE_LABELS[task.kind],
        },
        links: { ...(done ? { done: `/act/${done}` } : {}), snooze: `/act/${snooze}` },
      };
    },
    reminder: { dueAt, roundAt: delivery.at },
  });
  return outcome.notification !== null;
}

/**
 * Runs a family's round and queues the next one (replacing whatever waited): the reminders' job.
 */
export async function runFamilyReminders(deps: ReminderDeps, familyId: string, now: Date): Promise<number> {
  const { sent, nextAt } = await remindFamily(deps, familyId, now);
  if (nextAt) await deps.scheduler.schedule(REMINDERS_QUEUE, familyId, nextAt, { familyId });
  return sent;
}
