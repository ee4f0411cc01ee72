import { and, eq } from "drizzle-orm";
import { todayIn } from "../../../domain/clock";
import { type TaskSourceName, taskKind } from "../../../domain/task-kinds";
import { escalationOf, parseTaskId, taskState } from "../../../domain/tasks";
import { DEFAULT_TIME_FORMAT } from "../../../domain/time-format";
import type { Db, Tx } from "../../db/client";
import { children, families } from "../../db/schema/index";
import { type FamilyView, inView } from "../../lib/child-scope";
import { TASK_SOURCES } from "./sources/index";
import { latestEvents } from "./sources/shared.queries";
import type { Context, DerivedTask } from "./sources/source";
import { taskSettingsOf } from "./tasks.queries";

export type { DerivedTask } from "./sources/source";

export interface TasksOptions {
  /** Only this child's tasks and the family's (supplies, tasks for no child). */
  childId?: string | undefined;
  /** Only the tasks of these sources (a task by its id needs its kind's only). */
  sources?: readonly TaskSourceName[];
}

/**
 * Every care task the view sees at `now` on the family's clock (`timeZone`), soonest due first:
 * each source's (src/server/modules/tasks/sources/, one per source a kind names in
 * src/domain/task-kinds.ts) with what its kind's entry gives it: its state by the kind's grace,
 * its ladder (the family's, else the kind's), its urgency and how it is done. Nothing here is
 * stored: each due time is read from the records. The escalation engine asks this which tasks are
 * due (`state` "due" or "overdue") and how to escalate them (`escalation`, `urgent`,
 * `assigneeId`); a child the view does not see has no tasks here.
 */
export async function tasksOf(
  db: Db | Tx,
  view: FamilyView,
  now: Date,
  timeZone: string,
  options: TasksOptions = {},
): Promise<DerivedTask[]> {
  const settings = await taskSettingsOf(db, view.familyId);
  const [family] = await db
    .select({ timeFormat: families.timeFormat })
    .from(families)
    .where(eq(families.id, view.familyId));
  const childRows = await db
    .select({ id: children.id, name: children.name, createdAt: children.createdAt })
    .from(children)
    .where(and(inView(view, children), options.childId ? eq(children.id, options.childId) : undefined));
  const c: Context = {
    db,
    view,
    now,
    timeZone,
    timeFormat: family?.timeFormat ?? DEFAULT_TIME_FORMAT,
    today: todayIn(timeZone, now),
    settings,
    children: childRows,
    childIds: childRows.map((child) => child.id),
    childId: options.childId,
    eventOf: await latestEvents(db, view),
  };
  const parts = [];
  for (const [name, source] of Object.entries(TASK_SOURCES)) {
    if (!options.sources || options.sources.includes(name as TaskSourceName))
      parts.push(...(await source.derive(c)));
  }
  return parts
    .filter((part) => !options.childId || part.childId === null || part.childId === options.childId)
    .map((part): DerivedTask => {
      const kind = taskKind(part.kind);
      return {
        careTask: null,
        assigneeId: null,
        urgent: kind.urgent,
        escalation: escalationOf(settings, part.kind),
        ...part,
        state: taskState(part.dueAt, now, kind.graceMinutes),
        graceMinutes: kind.graceMinutes,
        doneBy: kind.doneBy,
      };
    })
    .sort(
      (a, b) =>
        (a.dueAt?.getTime() ?? Number.POSITIVE_INFINITY) - (b.dueAt?.getTime() ?? Number.POSITIVE_INFINITY) ||
        a.title.localeCompare(b.title),
    );
}

/** The task `id` as the view sees it at `now` (only its kind's source is read), or undefined. */
export async function taskById(
  db: Db | Tx,
  view: FamilyView,
  id: string,
  now: Date,
  timeZone: string,
): Promise<DerivedTask | undefined> {
  const parsed = parseTaskId(id);
  if (!parsed) return undefined;
  const tasks = await tasksOf(db, view, now, timeZone, { sources: [taskKind(parsed.kind).source] });
  return tasks.find((task) => task.id === id);
}
