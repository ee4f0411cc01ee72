import { format } from "date-fns";
import { familyClock, timeIn, todayIn, zonedNow } from "../../../../domain/clock";
import { formatTimeOfDay } from "../../../../domain/time-format";
import { conflict } from "../../../lib/errors";
import type { RecordClaim } from "../../../lib/record-ids";
import type { WriteContext } from "../../../lib/transaction";
import type { DerivedTask } from "../derived-tasks.queries";
import { markTaskDone } from "../task-done.queries";
import { closeOccurrence } from "./reminders.queries";

/** Whether the coming-due a person saw is not the task's any more: someone did it. */
export function movedOn(task: DerivedTask, dueAt: Date | undefined): boolean {
  return Boolean(dueAt) && !(task.dueAt && task.dueAt.getTime() === dueAt!.getTime());
}

/** "Already done by Ben Lopez at 08:10." (`by` null: without a name). */
export function alreadyDoneText(
  last: DerivedTask["lastDone"],
  by: string | null,
  timeZone: string,
  now: Date,
): string {
  if (!last) return "This reminder is for a time that has passed: see Tasks.";
  const day =
    todayIn(timeZone, last.at) === todayIn(timeZone, now)
      ? ""
      : ` on ${format(zonedNow(timeZone, last.at), "EEE MMM d")}`;
  const time = formatTimeOfDay(timeIn(timeZone, last.at), familyClock().timeFormat ?? "24h");
  return `Already done${by ? ` by ${by}` : ""} at ${time}${day}.`;
}

/** 409 when the coming-due the person saw is not the task's any more, naming who did it. */
export function assertStillDue(
  task: DerivedTask,
  dueAt: Date | undefined,
  timeZone: string,
  now = new Date(),
) {
  if (movedOn(task, dueAt))
    throw conflict(alreadyDoneText(task.lastDone, task.lastDone?.by ?? null, timeZone, now));
}

/** Done on a task's current coming-due, recorded on its reminders with who did it. */
export async function doTask(
  ctx: WriteContext,
  task: DerivedTask,
  now: Date,
  timeZone: string,
  body: { confirm?: boolean | undefined; notes: string | null },
  claim?: RecordClaim,
) {
  const dueAt = task.dueAt;
  await markTaskDone(ctx, task, now, timeZone, body, claim);
  if (dueAt)
    await closeOccurrence(
      ctx.tx,
      ctx.familyId,
      { taskId: task.id, dueAt },
      { at: now, by: ctx.actorId },
      now,
    );
}
