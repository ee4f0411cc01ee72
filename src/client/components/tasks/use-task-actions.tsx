import { useMutation, useQueryClient } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { useLocation } from "wouter";
import { DONT_GIVE_LABEL, SECOND_DOSE_LABEL } from "@/client/components/doses/give-anyway-dialog";
import { SafeChoiceDialog } from "@/client/components/ui/safe-choice-dialog";
import { toast } from "@/client/components/ui/use-toast";
import { errorMessage, errorStatus } from "@/client/lib/api";
import { dashboardStatsQueryKey } from "@/client/lib/query-keys";
import { isSessionEndedError } from "@/client/lib/session-expiry";
import { markTaskDone, type Task, tasksKey } from "@/client/lib/tasks-api";
import { taskKind } from "@/domain/task-kinds";

// The weight's form loads on the first "Log weight": the lists stay small.
const WeightDialog = lazy(() => import("./weight-dialog").then((m) => ({ default: m.WeightDialog })));

/**
 * Done on a task, for the Tasks screen and the dashboard's card: one tap logs it (a dose given
 * within the interval after the last one asks first, naming who gave it), a weight opens its form,
 * labs open the Lab Tests form, a lab panel the Lab Results form with its analytes. `dialogs` goes once into the page.
 */
export function useTaskActions(): {
  onDone: (task: Task) => void;
  pendingId: string | null;
  dialogs: ReactNode;
} {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [tooSoon, setTooSoon] = useState<{ task: Task; message: string } | null>(null);
  const [weighing, setWeighing] = useState<Task | null>(null);
  const [weighOpened, setWeighOpened] = useState(false);

  const done = useMutation({
    mutationFn: ({ task, confirm }: { task: Task; confirm?: boolean }) =>
      // The due time seen goes along: a Done by someone else since is refused, naming them. A dose
      // given again on purpose (`confirm`) is a new one whatever was given.
      markTaskDone(task.id, confirm ? { confirm } : task.dueAt ? { dueAt: task.dueAt } : {}),
    onSuccess: async (_answer, { task }) => {
      toast({ title: `${task.title}: done`, description: taskKind(task.kind).doneSays });
      await Promise.all(
        [tasksKey, dashboardStatsQueryKey, ["dashboard"], ...taskKind(task.kind).doneChanges].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
    onError: (error, { task }) => {
      if (isSessionEndedError(error)) return;
      if (errorStatus(error) === 409 && task.kind === "dose") {
        setTooSoon({ task, message: errorMessage(error) });
        return;
      }
      toast({
        title: `${task.title} was not logged`,
        description: errorMessage(error),
        variant: "destructive",
      });
    },
  });

  const onDone = (task: Task) => {
    if (task.kind === "weigh") {
      setWeighing(task);
      setWeighOpened(true);
      return;
    }
    if (task.kind === "labs") {
      navigate("/lab-tests?add=1");
      return;
    }
    if (task.kind === "lab-panel") {
      // The Lab Results form with the panel's analytes (its lab schedule opens it).
      navigate(`/lab-results?panel=${task.subjectId}`);
      return;
    }
    done.mutate({ task });
  };

  const dialogs = (
    <>
      <SafeChoiceDialog
        choice={
          tooSoon
            ? {
                title: "Give another dose?",
                description: tooSoon.message,
                safeLabel: DONT_GIVE_LABEL,
                riskyLabel: SECOND_DOSE_LABEL,
              }
            : null
        }
        onAnswer={(answer) => {
          if (answer === "risky" && tooSoon) done.mutate({ task: tooSoon.task, confirm: true });
          setTooSoon(null);
        }}
      />
      {weighOpened && weighing ? (
        <Suspense fallback={null}>
          <WeightDialog
            task={weighing}
            open={weighing !== null}
            onOpenChange={(open) => !open && setWeighing(null)}
          />
        </Suspense>
      ) : null}
    </>
  );

  return { onDone, pendingId: done.isPending ? (done.variables?.task.id ?? null) : null, dialogs };
}
