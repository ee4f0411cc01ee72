import { useResourceMutations } from "@/client/components/record-screen/use-resource-mutations";
import { useChildren } from "@/client/lib/children-api";
import { dashboardStatsQueryKey } from "@/client/lib/query-keys";
import { tasksKey } from "@/client/lib/tasks-api";
import { type LabPanel, type LabResultBody, labPanelsApi, labResultsApi } from "../api";
import { LabResultDialog } from "./lab-result-dialog";

/**
 * "Enter results" of a panel (on the lab schedule, or a panel's task): the lab result form for
 * its child with a row for each of its analytes, values to fill in. Saving a result holding all
 * of them moves the panel to its next date and clears its task.
 */
export function PanelResultDialog({ panel, onClose }: { panel: LabPanel; onClose: () => void }) {
  const child = useChildren().data?.find((c) => c.id === panel.childId);
  const { createEntry } = useResourceMutations(labResultsApi, {
    messages: {
      created: { title: "Lab result added", description: `${panel.name}: the next date follows from it.` },
      createFailed: "Failed to add the lab result",
      deleted: "",
      deleteFailed: "",
    },
    alsoInvalidate: [labPanelsApi.key, tasksKey, dashboardStatsQueryKey],
    entryLabel: "lab result",
  });
  return (
    <LabResultDialog
      open
      onOpenChange={(open) => !open && onClose()}
      record={null}
      panel={panel}
      title={`Enter results: ${panel.name}`}
      description={`${child ? `For ${child.name}. ` : ""}A row for each analyte of the panel: once all of them are in, the panel moves to its next date. Required fields are marked *.`}
      submitLabel="Save Result"
      pendingLabel="Saving..."
      onSubmit={(body: LabResultBody, entry) =>
        createEntry.mutateAsync({ input: body, entryKey: entry?.key ?? crypto.randomUUID() })
      }
    />
  );
}
