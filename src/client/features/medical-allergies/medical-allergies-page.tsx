import { useQuery } from "@tanstack/react-query";
import { Plus, TriangleAlert } from "lucide-react";
import { useChildSelectField } from "@/client/components/children/child-select-field";
import { Button } from "@/client/components/ui/button";
import { ConfirmDeleteDialog } from "@/client/components/ui/confirm-delete-dialog";
import { EmptyState } from "@/client/components/ui/empty-state";
import { PageHeader } from "@/client/components/ui/page-header";
import { RecordCardGrid } from "@/client/components/ui/record-card-grid";
import { RecordDialog } from "@/client/components/ui/record-dialog";
import { useChildFilter } from "@/client/lib/child-filter";
import { dashboardStatsQueryKey } from "@/client/lib/query-keys";
import { useRecordDialogs } from "@/client/lib/use-record-dialogs";
import { useResourceMutations } from "@/client/lib/use-resource-mutations";
import { allergiesApi, type MedicalAllergy } from "./api";
import { MedicalAllergyCard } from "./components/medical-allergy-card";
import {
  type MedicalAllergyFormValues,
  medicalAllergyFields,
  medicalAllergyFormSchema,
  medicalAllergyFormValues,
} from "./medical-allergy-form";

export function MedicalAllergiesPage() {
  const { childId } = useChildFilter();
  const list = useQuery(allergiesApi.listOptions(childId ? { childId } : undefined));
  const { create, update, remove } = useResourceMutations(allergiesApi, {
    messages: {
      created: "Medical allergy added successfully",
      createFailed: "Failed to add medical allergy",
      updated: "Medical allergy updated successfully",
      updateFailed: "Failed to update medical allergy",
      deleted: "Medical allergy deleted successfully",
      deleteFailed: "Failed to delete medical allergy",
    },
    alsoInvalidate: [dashboardStatsQueryKey, ["dashboard", "activity"]],
  });
  const childField = useChildSelectField<MedicalAllergyFormValues>();
  const dialogs = useRecordDialogs<MedicalAllergy>();
  const editing = dialogs.editing;

  const addButton = (
    <Button onClick={dialogs.openAdd}>
      <Plus aria-hidden="true" />
      Add Medical Allergy
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Medical Allergies"
        subtitle="Allergens, the reactions they cause, how severe they are and how to treat them, ready to share in an emergency."
        actions={addButton}
      />
      <RecordCardGrid
        items={list.data}
        isLoading={list.isLoading}
        error={list.error}
        onRetry={() => list.refetch()}
        getKey={(allergy) => allergy.id}
        renderItem={(allergy) => (
          <MedicalAllergyCard
            allergy={allergy}
            onEdit={() => dialogs.openEdit(allergy)}
            onDelete={() => dialogs.openDelete(allergy)}
          />
        )}
        empty={
          <EmptyState
            icon={TriangleAlert}
            title="No medical allergies recorded"
            text="Record medicines, foods and materials your child reacts to, so everyone caring for them knows."
            action={addButton}
          />
        }
      />
      <RecordDialog
        open={dialogs.formOpen}
        onOpenChange={dialogs.setFormOpen}
        title={editing ? "Edit Medical Allergy" : "Add Medical Allergy"}
        description={editing ? `Update the allergy to ${editing.allergen}.` : "Required fields are marked *."}
        schema={medicalAllergyFormSchema}
        fields={medicalAllergyFields(childField)}
        defaultValues={medicalAllergyFormValues(editing, childId)}
        submitLabel={editing ? "Update Allergy" : "Add Allergy"}
        pendingLabel={editing ? "Updating..." : "Adding..."}
        onSubmit={(input) =>
          editing ? update.mutateAsync({ id: editing.id, input }) : create.mutateAsync(input)
        }
      />
      <ConfirmDeleteDialog
        open={dialogs.deleteOpen}
        onOpenChange={dialogs.setDeleteOpen}
        title="Delete medical allergy"
        itemName={dialogs.deleting?.allergen}
        onConfirm={() => (dialogs.deleting ? remove.mutateAsync(dialogs.deleting.id) : Promise.resolve())}
      />
    </>
  );
}
