import { useQuery } from "@tanstack/react-query";
import { Pill, Plus } from "lucide-react";
import { useChildSelectField } from "@/client/components/children/child-select-field";
import { Button } from "@/client/components/ui/button";
import { ConfirmDeleteDialog } from "@/client/components/ui/confirm-delete-dialog";
import { EmptyState } from "@/client/components/ui/empty-state";
import {
  InlineRecordForm,
  inlineFormGridClassName,
  useInlineRecordForms,
} from "@/client/components/ui/inline-record-form";
import { PageHeader } from "@/client/components/ui/page-header";
import { RecordCardGrid } from "@/client/components/ui/record-card-grid";
import { useChildFilter } from "@/client/lib/child-filter";
import { useRecordDialogs } from "@/client/lib/use-record-dialogs";
import { useResourceMutations } from "@/client/lib/use-resource-mutations";
import { type Medication, medicationsApi } from "./api";
import { MedicationCard } from "./components/medication-card";
import {
  type MedicationFormValues,
  medicationFields,
  medicationFormSchema,
  medicationFormValues,
} from "./medication-form";

export function MedicationsPage() {
  const { childId } = useChildFilter();
  const list = useQuery(medicationsApi.listOptions(childId ? { childId } : undefined));
  const { create, update, remove } = useResourceMutations(medicationsApi, {
    messages: {
      created: "Medication added successfully",
      createFailed: "Failed to add medication",
      updated: "Medication updated successfully",
      updateFailed: "Failed to update medication",
      deleted: "Medication deleted successfully",
      deleteFailed: "Failed to delete medication",
    },
    alsoInvalidate: [["dashboard", "activity"]],
  });
  const fields = medicationFields(useChildSelectField<MedicationFormValues>());
  const forms = useInlineRecordForms<Medication>();
  const deletion = useRecordDialogs<Medication>();

  return (
    <>
      <PageHeader
        title="Medications"
        subtitle="Current and past medications: doses, schedules, who prescribed them and what to watch for."
        actions={
          <Button {...forms.addButtonProps}>
            <Plus aria-hidden="true" />
            Add Medication
          </Button>
        }
      />
      {forms.adding ? (
        <InlineRecordForm
          id={forms.addFormId}
          className="mb-6"
          title="New Medication"
          description="Name, dosage and frequency are required."
          schema={medicationFormSchema}
          fields={fields}
          defaultValues={medicationFormValues(null, childId)}
          submitLabel="Save Medication"
          pendingLabel="Adding..."
          onSubmit={(input) => create.mutateAsync(input)}
          onClose={forms.close}
        />
      ) : null}
      <RecordCardGrid
        items={list.data}
        isLoading={list.isLoading}
        error={list.error}
        onRetry={() => list.refetch()}
        className={inlineFormGridClassName}
        getKey={(medication) => medication.id}
        renderItem={(medication) => (
          <>
            {forms.isEditing(medication) ? (
              <InlineRecordForm
                title="Edit Medication"
                schema={medicationFormSchema}
                fields={fields}
                defaultValues={medicationFormValues(medication, childId)}
                submitLabel="Save Changes"
                pendingLabel="Updating..."
                onSubmit={(input) => update.mutateAsync({ id: medication.id, input })}
                onClose={forms.close}
              />
            ) : null}
            <MedicationCard
              medication={medication}
              className={forms.isEditing(medication) ? "hidden" : undefined}
              onEdit={() => forms.openEdit(medication)}
              onDelete={() => deletion.openDelete(medication)}
            />
          </>
        )}
        empty={
          forms.adding ? null : (
            <EmptyState
              icon={Pill}
              title="No medications yet"
              text="List each medication with its dose and schedule, so anyone caring for your child can check it."
              action={
                <Button onClick={forms.openAdd}>
                  <Plus aria-hidden="true" />
                  Add First Medication
                </Button>
              }
            />
          )
        }
      />
      <ConfirmDeleteDialog
        open={deletion.deleteOpen}
        onOpenChange={deletion.setDeleteOpen}
        title="Delete medication"
        itemName={deletion.deleting?.name}
        onConfirm={() => (deletion.deleting ? remove.mutateAsync(deletion.deleting.id) : Promise.resolve())}
      />
    </>
  );
}
