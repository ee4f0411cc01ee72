import { useQuery } from "@tanstack/react-query";
import { Activity, Plus } from "lucide-react";
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
import { type PhysicalTherapySession, physicalTherapyApi } from "./api";
import { PhysicalTherapyCard } from "./components/physical-therapy-card";
import {
  type PhysicalTherapyFormValues,
  physicalTherapyFields,
  physicalTherapyFormSchema,
  physicalTherapyFormValues,
} from "./physical-therapy-form";

export function PhysicalTherapyPage() {
  const { childId } = useChildFilter();
  const list = useQuery(physicalTherapyApi.listOptions(childId ? { childId } : undefined));
  const { create, update, remove } = useResourceMutations(physicalTherapyApi, {
    messages: {
      created: "Physical therapy session created successfully",
      createFailed: "Failed to create session",
      updated: "Physical therapy session updated successfully",
      updateFailed: "Failed to update session",
      deleted: "Session deleted successfully",
      deleteFailed: "Failed to delete session",
    },
    alsoInvalidate: [["dashboard", "activity"]],
  });
  const fields = physicalTherapyFields(useChildSelectField<PhysicalTherapyFormValues>());
  const forms = useInlineRecordForms<PhysicalTherapySession>();
  const deletion = useRecordDialogs<PhysicalTherapySession>();
  const deleting = deletion.deleting;

  return (
    <>
      <PageHeader
        title="Physical Therapy"
        subtitle="Therapy sessions: who and where, the exercises done, progress made and when the next one is."
        actions={
          <Button {...forms.addButtonProps}>
            <Plus aria-hidden="true" />
            Add Session
          </Button>
        }
      />
      {forms.adding ? (
        <InlineRecordForm
          id={forms.addFormId}
          className="mb-6"
          title="New Therapy Session"
          description="Date and therapist are required."
          schema={physicalTherapyFormSchema}
          fields={fields}
          defaultValues={physicalTherapyFormValues(null, childId)}
          submitLabel="Save Session"
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
        getKey={(session) => session.id}
        renderItem={(session) => (
          <>
            {forms.isEditing(session) ? (
              <InlineRecordForm
                title="Edit Therapy Session"
                schema={physicalTherapyFormSchema}
                fields={fields}
                defaultValues={physicalTherapyFormValues(session, childId)}
                submitLabel="Save Changes"
                pendingLabel="Updating..."
                onSubmit={(input) => update.mutateAsync({ id: session.id, input })}
                onClose={forms.close}
              />
            ) : null}
            <PhysicalTherapyCard
              session={session}
              className={forms.isEditing(session) ? "hidden" : undefined}
              onEdit={() => forms.openEdit(session)}
              onDelete={() => deletion.openDelete(session)}
            />
          </>
        )}
        empty={
          forms.adding ? null : (
            <EmptyState
              icon={Activity}
              title="No therapy sessions yet"
              text="Record each session with the exercises and progress, so the whole team can follow along."
              action={
                <Button onClick={forms.openAdd}>
                  <Plus aria-hidden="true" />
                  Add First Session
                </Button>
              }
            />
          )
        }
      />
      <ConfirmDeleteDialog
        open={deletion.deleteOpen}
        onOpenChange={deletion.setDeleteOpen}
        title="Delete therapy session"
        description={
          deleting
            ? `Are you sure you want to delete the session with ${deleting.therapist} on ${formatCardDate(deleting.date)}? This action cannot be undone.`
            : undefined
        }
        onConfirm={() => (deleting ? remove.mutateAsync(deleting.id) : Promise.resolve())}
      />
    </>
  );
}
