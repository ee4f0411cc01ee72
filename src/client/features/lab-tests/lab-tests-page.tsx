import { FlaskConical } from "lucide-react";
import { DialogRecordScreen } from "@/client/components/record-screen/dialog-record-screen";
import { defineRecordScreen } from "@/client/components/record-screen/types";
import { formatListDate } from "@/client/lib/format";
import { dashboardStatsQueryKey } from "@/client/lib/query-keys";
import { labTestsApi } from "./api";
import { LabTestCard } from "./components/lab-test-card";
import { LabTrends } from "./components/lab-trends";
import { labTestForm } from "./lab-test-form";

const labTestsScreen = defineRecordScreen({
  title: "Lab Tests",
  subtitle:
    "Blood work and other tests: results, normal ranges, who ordered them and whether they have been reviewed.",
  addLabel: "Add Lab Test",
  api: labTestsApi,
  followsChildFilter: true,
  messages: {
    created: "Lab test added successfully",
    createFailed: "Failed to add lab test",
    updated: "Lab test updated successfully",
    updateFailed: "Failed to update lab test",
    deleted: "Lab test deleted successfully",
    deleteFailed: "Failed to delete lab test",
  },
  alsoInvalidate: [dashboardStatsQueryKey],
  form: labTestForm,
  addForm: { submitLabel: "Add Test" },
  editForm: {
    title: "Edit Lab Test",
    description: (test) => `Update ${test.testName}.`,
    submitLabel: "Update Test",
  },
  renderCard: (test, actions) => <LabTestCard test={test} {...actions} />,
  empty: {
    icon: FlaskConical,
    title: "No lab tests yet",
    text: "Record lab tests and their results to follow trends and have them ready for appointments.",
  },
  deletion: {
    title: "Delete lab test",
    itemName: (test) => `${test.testName}, ${formatListDate(test.date)}`,
  },
});

/** Lab Tests: results, normal ranges and review status of the child's tests. */
export function LabTestsPage() {
  return <DialogRecordScreen config={labTestsScreen} filters={<LabTrends />} />;
}
