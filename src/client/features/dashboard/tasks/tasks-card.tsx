import { useQuery } from "@tanstack/react-query";
import { ListChecks } from "lucide-react";
import { TaskRow, useMinuteClock } from "@/client/components/tasks/task-row";
import { useTaskActions } from "@/client/components/tasks/use-task-actions";
import { useAuth } from "@/client/lib/auth";
import { useChildFilter } from "@/client/lib/child-filter";
import { useCan } from "@/client/lib/permissions";
import { groupOf } from "@/client/lib/task-words";
import { tasksOptions } from "@/client/lib/tasks-api";
import { useFamilyTimeZone } from "@/client/lib/use-family-today";
import { CardLoadError, DashboardCard } from "../components/dashboard-card";

/** How many tasks the card shows; the Tasks screen has the rest. */
const SHOWN = 3;

/**
 * What is due now: how many tasks are overdue and due, the first few (else what comes later
 * today) with Done, and the way to the Tasks screen. Nothing while the family has no task at all.
 */
export function TasksCard() {
  const { user } = useAuth();
  const { childId, children, selectedChild } = useChildFilter();
  const timeZone = useFamilyTimeZone();
  const now = useMinuteClock();
  const canWrite = useCan("write");
  const tasks = useQuery(tasksOptions(childId));
  const actions = useTaskActions();
  // Nothing until the tasks are in: a family with none never sees the card come and go.
  if (tasks.isError) {
    return (
      <DashboardCard
        title="Tasks"
        icon={ListChecks}
        tint="bg-amber-50 text-amber-700"
        href="/tasks"
        linkLabel="All tasks"
      >
        <CardLoadError onRetry={() => tasks.refetch()} />
      </DashboardCard>
    );
  }
  if (!tasks.data || tasks.data.length === 0) return null;
  const list = tasks.data;
  const overdue = list.filter((t) => t.state === "overdue").length;
  const due = list.filter((t) => t.state === "due").length;
  const today = list.filter((t) => groupOf(t, now, timeZone) === "today");
  const top = (overdue + due > 0 ? list.filter((t) => t.state !== "ok") : today).slice(0, SHOWN);
  const childOf = new Map(children.map((child) => [child.id, child]));
  const several = children.length > 1 && !selectedChild;
  const summary =
    overdue + due > 0
      ? [overdue ? `${overdue} overdue` : null, due ? `${due} due now` : null].filter(Boolean).join(" · ")
      : today.length
        ? `Nothing due now · ${today.length} later today`
        : "Nothing due today";
  return (
    <div data-tasks-card="">
      <DashboardCard
        title="Tasks"
        icon={ListChecks}
        tint={overdue ? "bg-red-50 text-red-700" : "bg-amber-50 text-amber-700"}
        href="/tasks"
        linkLabel="All tasks"
      >
        <p className={overdue ? "mb-3 font-semibold text-red-800" : "mb-3 font-medium"}>{summary}</p>
        {top.length ? (
          <ul className="flex flex-col gap-2">
            {top.map((task) => (
              <TaskRow
                key={task.id}
                task={task}
                child={several && task.childId ? childOf.get(task.childId) : undefined}
                now={now}
                timeZone={timeZone}
                viewerId={user?.id ?? null}
                onDone={canWrite && task.dueAt ? () => actions.onDone(task) : undefined}
                pending={actions.pendingId === task.id}
                className="p-3 sm:p-3"
              />
            ))}
          </ul>
        ) : null}
        {actions.dialogs}
      </DashboardCard>
    </div>
  );
}
