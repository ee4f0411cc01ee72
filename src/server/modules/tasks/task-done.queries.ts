import { timeIn, todayIn } from "../../../domain/clock";
import { taskKind } from "../../../domain/task-kinds";
import { conflict } from "../../lib/errors";
import type { RecordClaim } from "../../lib/record-ids";
import type { WriteContext } from "../../lib/transaction";
import { TASK_SOURCES } from "./sources/index";
import type { DerivedTask } from "./sources/source";
import { careTaskEventRecords } from "./tasks.queries";

/**
 * Done on a task logs the thing itself, now on the family's clock: a kind kept as a record of its
 * own is logged by its source (a line's care, a dose, a pending lab test; a weight needs its value:
 * that is the Vitals form's), and what nothing else records is a task event answering the task's
 * due time, about the subject its kind's entry names.
 */
export async function markTaskDone(
  ctx: WriteContext,
  task: DerivedTask,
  now: Date,
  timeZone: string,
  body: { confirm?: boolean | undefined; notes: string | null },
  claim?: RecordClaim,
): Promise<void> {
  const date = todayIn(timeZone, now);
  const time = timeIn(timeZone, now);
  const kind = taskKind(task.kind);
  const source = TASK_SOURCES[kind.source];
  if (kind.recordedAs === "record") {
    if (!source.done) throw conflict("This task is done where its record is logged.");
    await source.done(ctx, task, { now, date, time, body, claim });
    return;
  }
  if (!task.dueAt) throw conflict("This task has no more dates to do.");
  const subject = kind.recordedAs.event;
  await careTaskEventRecords.create(
    ctx,
    {
      kind: task.kind as Parameters<typeof careTaskEventRecords.create>[1]["kind"],
      childId: task.childId,
      careTaskId: subject === "careTaskId" ? task.subjectId : null,
      supplyId: subject === "supplyId" ? task.subjectId : null,
      forDueAt: task.dueAt,
      doneAt: now,
      date,
      time,
      notes: body.notes,
    },
    claim,
  );
}
