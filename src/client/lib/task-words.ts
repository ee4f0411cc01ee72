import { differenceInCalendarDays, format, formatDistanceStrict } from "date-fns";
import { instantOf, todayIn, zonedNow } from "@/domain/clock";
import { type TaskGroup, taskGroup } from "@/domain/tasks";
import { formatTime } from "./format";
import { personLabel, whenText } from "./record-authors";
import type { Task } from "./tasks-api";

/** The last instant of the family's today: what falls due before it is due "today". */
export const endOfFamilyDay = (now: Date, timeZone: string) =>
  new Date(instantOf(todayIn(timeZone, now), "23:59", timeZone).getTime() + 59_999);

/** A task's place on the Tasks screen: overdue, due now, later today, later. */
export const groupOf = (task: Pick<Task, "state" | "dueAt">, now: Date, timeZone: string): TaskGroup =>
  taskGroup(task, endOfFamilyDay(now, timeZone));

/**
 * When a task is due, as a row says it on the family's clock: "Overdue by 2 hours", "Due now",
 * "Due at 18:00", "Due tomorrow at 08:00", "Due Thursday at 08:00", "Due Dec 12".
 */
export function dueText(task: Pick<Task, "state" | "dueAt">, now: Date, timeZone: string): string {
  if (!task.dueAt) return "No more dates";
  const due = new Date(task.dueAt);
  if (task.state === "overdue") {
    return `Overdue by ${formatDistanceStrict(due, now, { roundingMethod: "floor" })}`;
  }
  if (task.state === "due") {
    const ago = now.getTime() - due.getTime();
    return ago < 60_000
      ? "Due now"
      : `Due ${formatDistanceStrict(due, now, { roundingMethod: "floor" })} ago`;
  }
  const wall = zonedNow(timeZone, due);
  const today = zonedNow(timeZone, now);
  const days = differenceInCalendarDays(wall, today);
  const time = formatTime(format(wall, "HH:mm"));
  if (days <= 0) return `Due at ${time}`;
  if (days === 1) return `Due tomorrow at ${time}`;
  if (days < 7) return `Due ${format(wall, "EEEE")} at ${time}`;
  return `Due ${format(wall, days > 300 ? "MMM d, yyyy" : "MMM d")}`;
}

/** "Done 2 hours ago by Maria", "Done Nov 20 by you"; "Not logged yet" when never. */
export function lastDoneText(
  task: Pick<Task, "lastDone">,
  reader: { viewerId: string | null; now: Date; timeZone: string },
): string {
  if (!task.lastDone) return "Not logged yet";
  const who = personLabel(task.lastDone.byId, task.lastDone.by, reader.viewerId);
  const when = whenText(task.lastDone.at, reader);
  return who ? `Done ${when} by ${who}` : `Done ${when}`;
}
