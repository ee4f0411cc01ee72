import { useQuery } from "@tanstack/react-query";
import { Plus, Utensils } from "lucide-react";
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
import { formatCardDate } from "@/client/lib/format";
import { useRecordDialogs } from "@/client/lib/use-record-dialogs";
import { useResourceMutations } from "@/client/lib/use-resource-mutations";
import { type FoodDiaryEntry, foodDiaryApi } from "./api";
import { FoodDiaryCard } from "./components/food-diary-card";
import {
  type FoodDiaryFormValues,
  foodDiaryFields,
  foodDiaryFormSchema,
  foodDiaryFormValues,
  MEAL_TYPE_LABELS,
} from "./food-diary-form";

export function FoodDiaryPage() {
  const { childId } = useChildFilter();
  const list = useQuery(foodDiaryApi.listOptions(childId ? { childId } : undefined));
  const { create, update, remove } = useResourceMutations(foodDiaryApi, {
    messages: {
      created: "Food diary entry created successfully",
      createFailed: "Failed to create entry",
      updated: "Food diary entry updated successfully",
      updateFailed: "Failed to update entry",
      deleted: "Entry deleted successfully",
      deleteFailed: "Failed to delete entry",
    },
    alsoInvalidate: [["dashboard", "activity"]],
  });
  const fields = foodDiaryFields(useChildSelectField<FoodDiaryFormValues>());
  const forms = useInlineRecordForms<FoodDiaryEntry>();
  const deletion = useRecordDialogs<FoodDiaryEntry>();
  const deleting = deletion.deleting;

  return (
    <>
      <PageHeader
        title="Food Diary"
        subtitle="What was eaten and when, how much, and any reaction or symptoms afterwards."
        actions={
          <Button {...forms.addButtonProps}>
            <Plus aria-hidden="true" />
            Add Entry
          </Button>
        }
      />
      {forms.adding ? (
        <InlineRecordForm
          id={forms.addFormId}
          className="mb-6"
          title="New Food Diary Entry"
          description="Date and meal type are required."
          schema={foodDiaryFormSchema}
          fields={fields}
          defaultValues={foodDiaryFormValues(null, childId)}
          submitLabel="Save Entry"
          pendingLabel="Creating..."
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
        getKey={(entry) => entry.id}
        renderItem={(entry) => (
          <>
            {forms.isEditing(entry) ? (
              <InlineRecordForm
                title="Edit Food Diary Entry"
                schema={foodDiaryFormSchema}
                fields={fields}
                defaultValues={foodDiaryFormValues(entry, childId)}
                submitLabel="Save Changes"
                pendingLabel="Updating..."
                onSubmit={(input) => update.mutateAsync({ id: entry.id, input })}
                onClose={forms.close}
              />
            ) : null}
            <FoodDiaryCard
              entry={entry}
              className={forms.isEditing(entry) ? "hidden" : undefined}
              onEdit={() => forms.openEdit(entry)}
              onDelete={() => deletion.openDelete(entry)}
            />
          </>
        )}
        empty={
          forms.adding ? null : (
            <EmptyState
              icon={Utensils}
              title="No food entries yet"
              text="Log meals and snacks with any reaction, to spot patterns and share them with the dietitian."
              action={
                <Button onClick={forms.openAdd}>
                  <Plus aria-hidden="true" />
                  Add First Entry
                </Button>
              }
            />
          )
        }
      />
      <ConfirmDeleteDialog
        open={deletion.deleteOpen}
        onOpenChange={deletion.setDeleteOpen}
        title="Delete food diary entry"
        description={
          deleting
            ? `Are you sure you want to delete the ${MEAL_TYPE_LABELS[deleting.mealType].toLowerCase()} entry of ${formatCardDate(deleting.date)}? This action cannot be undone.`
            : undefined
        }
        onConfirm={() => (deleting ? remove.mutateAsync(deleting.id) : Promise.resolve())}
      />
    </>
  );
}
