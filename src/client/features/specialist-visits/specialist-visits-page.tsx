import { useQuery } from "@tanstack/react-query";
import { Plus, Stethoscope } from "lucide-react";
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
import { type SpecialistVisit, specialistVisitsApi } from "./api";
import { SpecialistVisitCard } from "./components/specialist-visit-card";
import {
  type SpecialistVisitFormValues,
  specialistVisitFields,
  specialistVisitFormSchema,
  specialistVisitFormValues,
} from "./specialist-visit-form";

export function SpecialistVisitsPage() {
  const { childId } = useChildFilter();
  const list = useQuery(specialistVisitsApi.listOptions(childId ? { childId } : undefined));
  const { create, update, remove } = useResourceMutations(specialistVisitsApi, {
    messages: {
      created: "Specialist visit added successfully",
      createFailed: "Failed to add specialist visit",
      updated: "Specialist visit updated successfully",
      updateFailed: "Failed to update specialist visit",
      deleted: "Specialist visit deleted successfully",
      deleteFailed: "Failed to delete specialist visit",
    },
    alsoInvalidate: [dashboardStatsQueryKey, ["dashboard", "activity"]],
  });
  const childField = useChildSelectField<SpecialistVisitFormValues>();
  const dialogs = useRecordDialogs<SpecialistVisit>();
  const editing = dialogs.editing;

  const addButton = (
    <Button onClick={dialogs.openAdd}>
      <Plus aria-hidden="true" />
      Add Specialist Visit
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Specialist Visits"
        subtitle="Appointments with specialists: when and where, why, what was said and what follow-up is needed."
        actions={addButton}
      />
      <RecordCardGrid
        items={list.data}
        isLoading={list.isLoading}
        error={list.error}
        onRetry={() => list.refetch()}
        getKey={(visit) => visit.id}
        renderItem={(visit) => (
          <SpecialistVisitCard
            visit={visit}
            onEdit={() => dialogs.openEdit(visit)}
            onDelete={() => dialogs.openDelete(visit)}
          />
        )}
        empty={
          <EmptyState
            icon={Stethoscope}
            title="No specialist visits yet"
            text="Record each appointment with a specialist so the notes and follow-ups are in one place."
            action={addButton}
          />
        }
      />
      <RecordDialog
        open={dialogs.formOpen}
        onOpenChange={dialogs.setFormOpen}
        title={editing ? "Edit Specialist Visit" : "Add Specialist Visit"}
        description={
          editing ? `Update the visit with ${editing.doctorName}.` : "Required fields are marked *."
        }
        schema={specialistVisitFormSchema}
        fields={specialistVisitFields(childField)}
        defaultValues={specialistVisitFormValues(editing, childId)}
        submitLabel={editing ? "Update Visit" : "Add Visit"}
        pendingLabel={editing ? "Updating..." : "Adding..."}
        onSubmit={(input) =>
          editing ? update.mutateAsync({ id: editing.id, input }) : create.mutateAsync(input)
        }
      />
      <ConfirmDeleteDialog
        open={dialogs.deleteOpen}
        onOpenChange={dialogs.setDeleteOpen}
        title="Delete specialist visit"
        itemName={
          dialogs.deleting
            ? `${dialogs.deleting.doctorName}, ${formatListDate(dialogs.deleting.date)}`
            : undefined
        }
        onConfirm={() => (dialogs.deleting ? remove.mutateAsync(dialogs.deleting.id) : Promise.resolve())}
      />
    </>
  );
}
