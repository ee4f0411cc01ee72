import type { Task } from "../../../../domain/task-records";
import type { EscalationPolicy, TaskKind, TaskSettings, TaskState } from "../../../../domain/tasks";
import type { TimeFormat } from "../../../../domain/time-format";
import type { Db, Tx } from "../../../db/client";
import type { careTasks } from "../../../db/schema/index";
import type { FamilyView } from "../../../lib/child-scope";
import type { RecordClaim } from "../../../lib/record-ids";
import type { WriteContext } from "../../../lib/transaction";
import type { EventLookup } from "./shared.queries";

/** Who did a task last, and when: the author of the record or the Done that answered it. */
export type LastDone = { at: Date; by: string | null; byId: string | null } | null;

/** A task as the server holds it: its instants as dates (the response schema writes them). */
export interface DerivedTask {
  id: string;
  kind: TaskKind;
  childId: string | null;
  subjectId: string;
  title: string;
  detail: string | null;
  dueAt: Date | null;
  state: TaskState;
  graceMinutes: number;
  lastDone: LastDone;
  urgent: boolean;
  escalation: EscalationPolicy;
  assigneeId: string | null;
  doneBy: Task["doneBy"];
  careTask:
    | (typeof careTasks.$inferSelect & { createdByName: string | null; updatedByName: string | null })
    | null;
}

/** What a source derives: a task without what its kind's entry gives it (state, grace, ladder...). */
export type Part = Omit<
  DerivedTask,
  "state" | "graceMinutes" | "escalation" | "doneBy" | "careTask" | "assigneeId" | "urgent"
> &
  Partial<Pick<DerivedTask, "careTask" | "assigneeId" | "urgent" | "escalation">>;

/** What every source derives from: the view, the family's clock and settings, its children. */
export interface Context {
  db: Db | Tx;
  view: FamilyView;
  now: Date;
  timeZone: string;
  /** How the family writes a time of day: a task's words say its times so. */
  timeFormat: TimeFormat;
  today: string;
  settings: TaskSettings;
  /** The children the view sees (all of them, or the one asked for). */
  children: { id: string; name: string; createdAt: Date }[];
  childIds: string[];
  /** Only this child's tasks and the family's, when asked for one. */
  childId: string | undefined;
  /** The latest Done of an event kind's subject (src/domain/task-kinds.ts, `recordedAs`). */
  eventOf: EventLookup;
}

/** Done on a task, on the family's clock: `date` and `time` are `now`'s there. */
export interface DoneAt {
  now: Date;
  date: string;
  time: string;
  body: { confirm?: boolean | undefined; notes: string | null };
  /** The id the device gave the record Done makes, with the hash of the Done that carries it. */
  claim?: RecordClaim | undefined;
}

/**
 * One source of tasks (its file is named by the kind's `source`): how it derives its kinds' tasks
 * from the records, and, for a kind kept as a record of its own, how Done logs that record (the
 * other kinds' Done is a task event, written by task-done.queries.ts).
 */
export interface TaskSource {
  derive(c: Context): Promise<Part[]>;
  done?(ctx: WriteContext, task: DerivedTask, at: DoneAt): Promise<void>;
}

/** The `lastDone` of a record or an event: `at`, by its author. */
export const doneBy = (at: Date, row: { createdBy: string | null; createdByName: string | null }) => ({
  at,
  by: row.createdByName,
  byId: row.createdBy,
});
