import { useQuery } from "@tanstack/react-query";
import { Plus, StickyNote } from "lucide-react";
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
import { type Note, notesApi } from "./api";
import { NoteCard } from "./components/note-card";
import { type NoteFormValues, noteFields, noteFormSchema, noteFormValues } from "./notes-form";

export function NotesPage() {
  const { childId } = useChildFilter();
  const list = useQuery(notesApi.listOptions(childId ? { childId } : undefined));
  const { create, update, remove } = useResourceMutations(notesApi, {
    messages: {
      created: "Note created successfully",
      createFailed: "Failed to create note",
      updated: "Note updated successfully",
      updateFailed: "Failed to update note",
      deleted: "Note deleted successfully",
      deleteFailed: "Failed to delete note",
    },
    alsoInvalidate: [["dashboard", "activity"]],
  });
  const fields = noteFields(useChildSelectField<NoteFormValues>());
  const forms = useInlineRecordForms<Note>();
  const deletion = useRecordDialogs<Note>();

  return (
    <>
      <PageHeader
        title="Notes"
        subtitle="Keep track of important medical information and reminders."
        actions={
          <Button {...forms.addButtonProps}>
            <Plus aria-hidden="true" />
            Add Note
          </Button>
        }
      />
      {forms.adding ? (
        <InlineRecordForm
          id={forms.addFormId}
          className="mb-6"
          title="New Note"
          description="Title and content are required."
          schema={noteFormSchema}
          fields={fields}
          defaultValues={noteFormValues(null, childId)}
          submitLabel="Save Note"
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
        skeletonCount={3}
        className={inlineFormGridClassName}
        getKey={(note) => note.id}
        renderItem={(note) => (
          <>
            {forms.isEditing(note) ? (
              <InlineRecordForm
                title="Edit Note"
                schema={noteFormSchema}
                fields={fields}
                defaultValues={noteFormValues(note, childId)}
                submitLabel="Save Changes"
                pendingLabel="Updating..."
                onSubmit={(input) => update.mutateAsync({ id: note.id, input })}
                onClose={forms.close}
              />
            ) : null}
            <NoteCard
              note={note}
              className={forms.isEditing(note) ? "hidden" : undefined}
              onEdit={() => forms.openEdit(note)}
              onDelete={() => deletion.openDelete(note)}
            />
          </>
        )}
        empty={
          forms.adding ? null : (
            <EmptyState
              icon={StickyNote}
              title="No notes yet"
              text="Write down what the care team said, questions for the next visit, or anything worth remembering."
              action={
                <Button onClick={forms.openAdd}>
                  <Plus aria-hidden="true" />
                  Add First Note
                </Button>
              }
            />
          )
        }
      />
      <ConfirmDeleteDialog
        open={deletion.deleteOpen}
        onOpenChange={deletion.setDeleteOpen}
        title="Delete note"
        itemName={deletion.deleting?.title}
        onConfirm={() => (deletion.deleting ? remove.mutateAsync(deletion.deleting.id) : Promise.resolve())}
      />
    </>
  );
}
