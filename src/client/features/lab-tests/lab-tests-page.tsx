import { useQuery } from "@tanstack/react-query";
import { FlaskConical, Plus } from "lucide-react";
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
import { type LabTest, labTestsApi } from "./api";
import { LabTestCard } from "./components/lab-test-card";
import { type LabTestFormValues, labTestFields, labTestFormSchema, labTestFormValues } from "./lab-test-form";

export function LabTestsPage() {
  const { childId } = useChildFilter();
  const list = useQuery(labTestsApi.listOptions(childId ? { childId } : undefined));
  const { create, update, remove } = useResourceMutations(labTestsApi, {
    messages: {
      created: "Lab test added successfully",
      createFailed: "Failed to add lab test",
      updated: "Lab test updated successfully",
      updateFailed: "Failed to update lab test",
      deleted: "Lab test deleted successfully",
      deleteFailed: "Failed to delete lab test",
    },
    alsoInvalidate: [dashboardStatsQueryKey, ["dashboard", "activity"]],
  });
  const childField = useChildSelectField<LabTestFormValues>();
  const dialogs = useRecordDialogs<LabTest>();
  const editing = dialogs.editing;

  const addButton = (
    <Button onClick={dialogs.openAdd}>
      <Plus aria-hidden="true" />
      Add Lab Test
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Lab Tests"
        subtitle="Blood work and other tests: results, normal ranges, who ordered them and whether they have been reviewed."
        actions={addButton}
      />
      <RecordCardGrid
        items={list.data}
        isLoading={list.isLoading}
        error={list.error}
        onRetry={() => list.refetch()}
        getKey={(test) => test.id}
        renderItem={(test) => (
          <LabTestCard
            test={test}
            onEdit={() => dialogs.openEdit(test)}
            onDelete={() => dialogs.openDelete(test)}
          />
        )}
        empty={
          <EmptyState
            icon={FlaskConical}
            title="No lab tests yet"
            text="Record lab tests and their results to follow trends and have them ready for appointments."
            action={addButton}
          />
        }
      />
      <RecordDialog
        open={dialogs.formOpen}
        onOpenChange={dialogs.setFormOpen}
        title={editing ? "Edit Lab Test" : "Add Lab Test"}
        description={editing ? `Update ${editing.testName}.` : "Required fields are marked *."}
        schema={labTestFormSchema}
        fields={labTestFields(childField)}
        defaultValues={labTestFormValues(editing, childId)}
        submitLabel={editing ? "Update Test" : "Add Test"}
        pendingLabel={editing ? "Updating..." : "Adding..."}
        onSubmit={(input) =>
          editing ? update.mutateAsync({ id: editing.id, input }) : create.mutateAsync(input)
        }
      />
      <ConfirmDeleteDialog
        open={dialogs.deleteOpen}
        onOpenChange={dialogs.setDeleteOpen}
        title="Delete lab test"
        itemName={
          dialogs.deleting
            ? `${dialogs.deleting.testName}, ${formatListDate(dialogs.deleting.date)}`
            : undefined
        }
        onConfirm={() => (dialogs.deleting ? remove.mutateAsync(dialogs.deleting.id) : Promise.resolve())}
      />
    </>
  );
}
