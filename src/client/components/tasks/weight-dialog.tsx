import { useQueryClient } from "@tanstack/react-query";
import { useResourceMutations } from "@/client/components/record-screen/use-resource-mutations";
import { VitalFormDialog } from "@/client/components/vitals/vital-form-dialog";
import { useChildren } from "@/client/lib/children-api";
import { dashboardStatsQueryKey } from "@/client/lib/query-keys";
import { type Task, tasksKey } from "@/client/lib/tasks-api";
import { type VitalBody, vitalsApi } from "@/client/lib/vitals-api";

/** "Log weight" on a weighing task: the Vitals weight form for that child, now. */
export function WeightDialog({
  task,
  open,
  onOpenChange,
}: {
  task: Task;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const child = useChildren().data?.find((c) => c.id === task.childId);
  const { createEntry } = useResourceMutations(vitalsApi, {
    messages: {
      created: { title: "Weight logged", description: "Saved in Vitals." },
      createFailed: "Failed to log the weight",
      deleted: "",
      deleteFailed: "",
    },
    alsoInvalidate: [dashboardStatsQueryKey, tasksKey],
    entryLabel: "weight",
  });
  const save = async (body: VitalBody, entry: { key: string }) => {
    await createEntry.mutateAsync({ input: body, entryKey: entry.key });
    await queryClient.invalidateQueries({ queryKey: tasksKey });
  };
  return (
    <VitalFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Log weight"
      description={child ? `For ${child.name}. Saved in Vitals.` : "Saved in Vitals."}
      record={null}
      kind="weight"
      childId={task.childId}
      submitLabel="Save"
      pendingLabel="Saving..."
      draftKey="Tasks:weight"
      onSubmit={save}
    />
  );
}
