import { Activity } from "lucide-react";
import { DialogRecordScreen } from "@/client/components/record-screen/dialog-record-screen";
import { defineRecordScreen } from "@/client/components/record-screen/types";
import { formatListDate } from "@/client/lib/format";
import { dashboardStatsQueryKey } from "@/client/lib/query-keys";
import { symptomsApi } from "./api";
import { PainTrend } from "./components/pain-trend";
import { SymptomEntryCard } from "./components/symptom-entry-card";
import { symptomEntryForm } from "./symptom-entry-form";

const symptomsPainScreen = defineRecordScreen({
  title: "Symptoms & Pain",
  subtitle:
    "Log symptoms and pain levels as they happen, with triggers and what helped, to spot patterns early.",
  addLabel: "Add Symptom Entry",
  api: symptomsApi,
  followsChildFilter: true,
  messages: {
    created: "Symptom entry added successfully",
    createFailed: "Failed to add symptom entry",
    updated: "Symptom entry updated successfully",
    updateFailed: "Failed to update symptom entry",
    deleted: "Symptom entry deleted successfully",
    deleteFailed: "Failed to delete symptom entry",
  },
  alsoInvalidate: [dashboardStatsQueryKey],
  form: symptomEntryForm,
  addForm: { submitLabel: "Add Entry" },
  editForm: {
    title: "Edit Symptom Entry",
    description: (entry) => `Update the entry of ${formatListDate(entry.date)}.`,
    submitLabel: "Update Entry",
  },
  renderCard: (entry, actions) => <SymptomEntryCard entry={entry} {...actions} />,
  empty: {
    icon: Activity,
    title: "No symptom entries yet",
    text: "Track symptoms daily, with a pain level from 1 to 10, so changes are easy to see and share.",
  },
  deletion: {
    title: "Delete symptom entry",
    description: (entry) =>
      `Are you sure you want to delete the symptom entry of ${formatListDate(entry.date)}? This action cannot be undone.`,
  },
});

/** Symptoms & Pain: symptoms and pain levels as they happen, with triggers and relief. */
export function SymptomsPainPage() {
  return <DialogRecordScreen config={symptomsPainScreen} filters={<PainTrend />} />;
}
