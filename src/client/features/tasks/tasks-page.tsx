import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ListChecks, Plus } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { ConfirmDeleteDialog } from "@/client/components/record-screen/confirm-delete-dialog";
import { ReadOnlyNote } from "@/client/components/record-screen/record-screen-parts";
import { TaskRow, useMinuteClock } from "@/client/components/tasks/task-row";
import { useTaskActions } from "@/client/components/tasks/use-task-actions";
import { Button } from "@/client/components/ui/button";
import { EmptyState } from "@/client/components/ui/empty-state";
import { PageHeader } from "@/client/components/ui/page-header";
import { Skeleton } from "@/client/components/ui/skeleton";
import { toast } from "@/client/components/ui/use-toast";
import { errorMessage } from "@/client/lib/api";
import { useAuth } from "@/client/lib/auth";
import { useChildFilter } from "@/client/lib/child-filter";
import { useCan } from "@/client/lib/permissions";
import { groupOf } from "@/client/lib/task-words";
import {
  type CareTask,
  type CareTaskValues,
  createCareTask,
  deleteCareTask,
  snoozeTask,
  type Task,
  tasksKey,
  tasksOptions,
  updateCareTask,
} from "@/client/lib/tasks-api";
import { useFamilyTimeZone } from "@/client/lib/use-family-today";
import { TASK_GROUP_LABELS, type TaskGroup } from "@/domain/tasks";
import { CareTaskDialog } from "./components/care-task-dialog";

const GROUPS: readonly TaskGroup[] = ["overdue", "due", "today", "later"];

// Loaded when first opened: the list stays small.
const TaskHistoryDialog = lazy(() =>
  import("@/client/components/tasks/task-history-dialog").then((m) => ({ default: m.TaskHistoryDialog })),
);

/**
 * Tasks: everything due for the children in view, derived from what the family logs (line care,
 * doses, the PN bag, supplies, labs, weighing) and the family's own tasks, grouped overdue, due
 * now, later today and later; each with who did it last, and Done where one tap logs it.
 */
export function TasksPage() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const { childId, children, selectedChild } = useChildFilter();
  const timeZone = useFamilyTimeZone();
  const now = useMinuteClock();
  const canWrite = useCan("write");
  const tasks = useQuery(tasksOptions(childId));
  const actions = useTaskActions();
  const [editing, setEditing] = useState<{ task: CareTask | null } | null>(null);
  const [deleting, setDeleting] = useState<CareTask | null>(null);
  const [historyOf, setHistoryOf] = useState<Task | null>(null);

  const reload = () => queryClient.invalidateQueries({ queryKey: tasksKey });
  const save = useMutation({
    mutationFn: ({ id, values }: { id: string | null; values: CareTaskValues }) =>
      id ? updateCareTask(id, values) : createCareTask(values),
    onSuccess: async (saved, { id }) => {
      toast({ title: id ? "Task saved" : "Task added", description: saved.title });
      await reload();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteCareTask(id),
    onSuccess: async () => {
      toast({ title: "Task deleted" });
      await reload();
    },
    onError: (error) =>
      toast({ title: "The task was not deleted", description: errorMessage(error), variant: "destructive" }),
  });
  const snooze = useMutation({
    mutationFn: (task: Task) => snoozeTask(task.id, task.dueAt ? { dueAt: task.dueAt } : {}),
    onSuccess: async (_answer, task) => {
      toast({ title: `${task.title}: snoozed`, description: "No reminders of it for 30 minutes." });
      await reload();
    },
    onError: (error) =>
      toast({ title: "Not snoozed", description: errorMessage(error), variant: "destructive" }),
  });

  const childOf = new Map(children.map((child) => [child.id, child]));
  const several = children.length > 1 && !selectedChild;
  const list = tasks.data ?? [];
  const grouped = new Map<TaskGroup, Task[]>(GROUPS.map((group) => [group, []]));
  for (const task of list) grouped.get(groupOf(task, now, timeZone))!.push(task);

  return (
    <>
      <PageHeader
        title="Tasks"
        subtitle={
          selectedChild
            ? `What is due for ${selectedChild.name}, and for the family.`
            : "What is due, from what the family logs: line care, doses, the PN bag, supplies, labs and weights."
        }
        actions={
          canWrite ? (
            <Button onClick={() => setEditing({ task: null })}>
              <Plus aria-hidden="true" />
              Add task
            </Button>
          ) : (
            <ReadOnlyNote />
          )
        }
      />
      {tasks.isLoading ? <TasksSkeleton /> : null}
      {tasks.isError ? (
        <div
          role="alert"
          className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900"
        >
          <p>The tasks could not be loaded. {errorMessage(tasks.error)}</p>
          <Button variant="outline" onClick={() => tasks.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {tasks.data && list.length === 0 ? (
        <EmptyState
          icon={ListChecks}
          title="Nothing to do yet"
          text="Tasks come from what you log: a line's dressing and tubing, medications given on a schedule, the PN prescription, supplies, labs and weights. Add a task of your own for anything else."
          action={
            canWrite ? (
              <Button onClick={() => setEditing({ task: null })}>
                <Plus aria-hidden="true" />
                Add task
              </Button>
            ) : undefined
          }
        />
      ) : null}
      <div className="flex flex-col gap-8">
        {GROUPS.map((group) => {
          const items = grouped.get(group)!;
          if (items.length === 0) return null;
          const headingId = `tasks-${group}`;
          return (
            <section key={group} aria-labelledby={headingId} data-task-group={group}>
              <h2 id={headingId} className="mb-3 flex items-center gap-2 font-semibold text-lg">
                {TASK_GROUP_LABELS[group]}
                <span className="rounded-full bg-muted px-2 py-0.5 font-medium text-muted-foreground text-sm">
                  {items.length}
                </span>
              </h2>
              <ul className="flex flex-col gap-2">
                {items.map((task) => (
                  <TaskRow
                    key={task.id}
                    task={task}
                    child={several && task.childId ? childOf.get(task.childId) : undefined}
                    now={now}
                    timeZone={timeZone}
                    viewerId={user?.id ?? null}
                    onDone={canWrite && task.dueAt ? () => actions.onDone(task) : undefined}
                    pending={actions.pendingId === task.id}
                    onEdit={canWrite && task.careTask ? () => setEditing({ task: task.careTask }) : undefined}
                    onDelete={canWrite && task.careTask ? () => setDeleting(task.careTask) : undefined}
                    onSnooze={canWrite && task.state !== "ok" ? () => snooze.mutate(task) : undefined}
                    onHistory={() => setHistoryOf(task)}
                  />
                ))}
              </ul>
            </section>
          );
        })}
      </div>
      {actions.dialogs}
      {historyOf ? (
        <Suspense fallback={null}>
          <TaskHistoryDialog
            task={historyOf}
            timeZone={timeZone}
            onOpenChange={(open) => !open && setHistoryOf(null)}
          />
        </Suspense>
      ) : null}
      {editing ? (
        <CareTaskDialog
          key={editing.task?.id ?? "new"}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          task={editing.task}
          childId={childId}
          childrenList={children}
          onSubmit={(values) => save.mutateAsync({ id: editing.task?.id ?? null, values })}
        />
      ) : null}
      <ConfirmDeleteDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete task"
        itemName={deleting?.title}
        onConfirm={() => remove.mutateAsync(deleting!.id)}
      />
    </>
  );
}

function TasksSkeleton() {
  return (
    <div role="status" aria-label="Loading tasks" className="flex flex-col gap-2">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center gap-3 rounded-xl border border-border bg-card p-4">
          <Skeleton className="size-8 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3.5 w-1/3" />
          </div>
        </div>
      ))}
    </div>
  );
}
