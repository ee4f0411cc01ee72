import { and, eq, isNull, or } from "drizzle-orm";
import { ruleInWords, ruleOccurrences } from "../../../../domain/recurrence";
import { currentOccurrence, everyInterval, HOUR, TASK_KIND_TABLE } from "../../../../domain/tasks";
import { careTasks } from "../../../db/schema/index";
import { withAuthorNames } from "../../../lib/authors";
import { inView } from "../../../lib/child-scope";
import { type Context, doneBy, type Part, type TaskSource } from "./source";

const kind = TASK_KIND_TABLE.family;

/** The family's own tasks, each on its current occurrence, with its own ladder and assignee. */
async function derive(c: Context): Promise<Part[]> {
  const rows = await withAuthorNames(
    c.db,
    await c.db
      .select()
      .from(careTasks)
      .where(
        and(
          inView(c.view, careTasks),
          c.childId ? or(isNull(careTasks.childId), eq(careTasks.childId, c.childId)) : undefined,
        ),
      ),
  );
  return rows.map((task): Part => {
    const done = c.eventOf("family", { careTaskId: task.id });
    const occurrences = task.rrule
      ? ruleOccurrences(task.rrule, task.startAt, c.timeZone)
      : everyInterval(task.startAt, (task.intervalHours ?? 24) * HOUR);
    return {
      id: `family:${task.id}`,
      kind: "family",
      childId: task.childId,
      subjectId: task.id,
      title: kind.title(task),
      detail: kind.detail({
        rule: task.rrule ? ruleInWords(task.rrule) : null,
        intervalHours: task.intervalHours ?? 24,
        notes: task.notes,
      }),
      dueAt: currentOccurrence(occurrences, done?.forDueAt ?? null, c.now),
      lastDone: done ? doneBy(done.doneAt, done) : null,
      careTask: task,
      assigneeId: task.assigneeId,
      urgent: task.urgent,
      escalation: {
        repeatMinutes: task.repeatMinutes,
        nextAfterMinutes: task.nextAfterMinutes,
        everyoneAfterMinutes: task.everyoneAfterMinutes,
      },
    };
  });
}

export const familySource: TaskSource = { derive };
