import { useQuery } from "@tanstack/react-query";
import { Activity, Plus } from "lucide-react";
import { useChildSelectField } from "@/client/components/children/child-select-field";
import { Button } from "@/client/components/ui/button";
import { ConfirmDeleteDialog } from "@/client/components/ui/confirm-delete-dialog";
import { EmptyState } from "@/client/components/ui/empty-state";
import { PageHeader } from "@/client/components/ui/page-header";
import { RecordCardGrid } from "@/client/components/ui/record-card-grid";
import { RecordDialog } from "@/client/components/ui/record-dialog";
import { useChildFilter } from "@/client/lib/child-filter";
import { formatListDate } from "@/client/lib/format";
import { dashboardStatsQueryKey } from "@/client/lib/query-keys";
import { useRecordDialogs } from "@/client/lib/use-record-dialogs";
import { useResourceMutations } from "@/client/lib/use-resource-mutations";
import { type SymptomEntry, symptomsApi } from "./api";
import { SymptomEntryCard } from "./components/symptom-entry-card";
import {
  type SymptomEntryFormValues,
  symptomEntryFields,
  symptomEntryFormSchema,
  symptomEntryFormValues,
} from "./symptom-entry-form";

export function SymptomsPainPage() {
  const { childId } = useChildFilter();
  const list = useQuery(symptomsApi.listOptions(childId ? { childId } : undefined));
  const { create, update, remove } = useResourceMutations(symptomsApi, {
    messages: {
      created: "Symptom entry added successfully",
      createFailed: "Failed to add symptom entry",
      updated: "Symptom entry updated successfully",
      updateFailed: "Failed to update symptom entry",
      deleted: "Symptom entry deleted successfully",
      deleteFailed: "Failed to delete symptom entry",
    },
    alsoInvalidate: [dashboardStatsQueryKey, ["dashboard", "activity"]],
  });
  const childField = useChildSelectField<SymptomEntryFormValues>();
  const dialogs = useRecordDialogs<SymptomEntry>();
  const editing = dialogs.editing;

  const addButton = (
    <Button onClick={dialogs.openAdd}>
      <Plus aria-hidden="true" />
      Add Symptom Entry
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Symptoms & Pain"
        subtitle="Log symptoms and pain levels as they happen, with triggers and what helped, to spot patterns early."
        actions={addButton}
      />
      <RecordCardGrid
        items={list.data}
        isLoading={list.isLoading}
        error={list.error}
        onRetry={() => list.refetch()}
        getKey={(entry) => entry.id}
        renderItem={(entry) => (
          <SymptomEntryCard
            entry={entry}
            onEdit={() => dialogs.openEdit(entry)}
            onDelete={() => dialogs.openDelete(entry)}
          />
        )}
        empty={
          <EmptyState
            icon={Activity}
            title="No symptom entries yet"
            text="Track symptoms daily, with a pain level from 1 to 10, so changes are easy to see and share."
            action={addButton}
          />
        }
      />
      <RecordDialog
        open={dialogs.formOpen}
        onOpenChange={dialogs.setFormOpen}
        title={editing ? "Edit Symptom Entry" : "Add Symptom Entry"}
        description={
          editing ? `Update the entry of ${formatListDate(editing.date)}.` : "Required fields are marked *."
        }
        schema={symptomEntryFormSchema}
        fields={symptomEntryFields(childField)}
        defaultValues={symptomEntryFormValues(editing, childId)}
        submitLabel={editing ? "Update Entry" : "Add Entry"}
        pendingLabel={editing ? "Updating..." : "Adding..."}
        onSubmit={(input) =>
          editing ? update.mutateAsync({ id: editing.id, input }) : create.mutateAsync(input)
        }
      />
      <ConfirmDeleteDialog
        open={dialogs.deleteOpen}
        onOpenChange={dialogs.setDeleteOpen}
        title="Delete symptom entry"
        description={`Are you sure you want to delete the symptom entry of ${formatListDate(dialogs.deleting?.date)}? This action cannot be undone.`}
        onConfirm={() => (dialogs.deleting ? remove.mutateAsync(dialogs.deleting.id) : Promise.resolve())}
      />
    </>
  );
}
