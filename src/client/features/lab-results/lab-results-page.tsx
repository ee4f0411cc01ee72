import { TestTubes } from "lucide-react";
import { DialogRecordScreen } from "@/client/components/record-screen/dialog-record-screen";
import { defineRecordScreen } from "@/client/components/record-screen/types";
import { useChildFilter } from "@/client/lib/child-filter";
import { useCan } from "@/client/lib/permissions";
import { labPanelsApi, labResultsApi } from "./api";
import { AnalyteTrend } from "./components/analyte-trend";
import { drawnWhen, LabResultCard } from "./components/lab-result-card";
import { LabResultDialog } from "./components/lab-result-dialog";
import { LabSchedule } from "./components/lab-schedule";

const labResultsScreen = defineRecordScreen({
  title: "Lab Results",
  subtitle:
    "Blood results with numbers: each value with its unit, the lab's range and flag, and how the blood was drawn.",
  addLabel: "Add Lab Result",
  api: labResultsApi,
  followsChildFilter: true,
  // A result may answer a panel of the lab schedule: its next date moves.
  alsoInvalidate: [labPanelsApi.key],
  messages: {
    created: "Lab result added",
    createFailed: "Failed to add the lab result",
    updated: "Lab result updated",
    updateFailed: "Failed to update the lab result",
    deleted: "Lab result deleted",
    deleteFailed: "Failed to delete the lab result",
  },
  form: { Dialog: LabResultDialog },
  addForm: {
    submitLabel: "Save Result",
    pendingLabel: "Saving...",
    description: ({ child }) =>
      child ? `For ${child.name}. Required fields are marked *.` : "Required fields are marked *.",
  },
  editForm: { title: "Edit Lab Result", submitLabel: "Save Changes", pendingLabel: "Saving..." },
  renderCard: (result, actions) => <LabResultCard result={result} {...actions} />,
  empty: {
    icon: TestTubes,
    title: "No lab results yet",
    text: "Add the numbers of each blood test (bilirubin, electrolytes, trace elements) to follow them over time.",
  },
  deletion: {
    title: "Delete lab result",
    description: (result) => `Delete the lab result of ${drawnWhen(result)}? This action cannot be undone.`,
  },
});

/**
 * Lab Results: the child's lab schedule (its panels and when each is due), each draw's analytes
 * with their ranges and flags, and an analyte's trend over time.
 */
export function LabResultsPage() {
  const { childId } = useChildFilter();
  const canWrite = useCan("write");
  return (
    <DialogRecordScreen
      config={labResultsScreen}
      filters={
        <>
          <LabSchedule childId={childId} canWrite={canWrite} />
          <AnalyteTrend childId={childId} />
        </>
      }
    />
  );
}
