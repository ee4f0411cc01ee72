import { StickyNote } from "lucide-react";
import { InlineRecordScreen } from "@/client/components/record-screen/inline-record-screen";
import { defineRecordScreen } from "@/client/components/record-screen/types";
import { notesApi } from "@/client/lib/notes-api";
import { NoteCard } from "./components/note-card";
import { noteForm } from "./notes-form";

const notesScreen = defineRecordScreen({
  title: "Notes",
  subtitle: "Keep track of important medical information and reminders.",
  addLabel: "Add Note",
  api: notesApi,
  followsChildFilter: true,
  messages: {
    created: "Note created successfully",
    createFailed: "Failed to create note",
    updated: "Note updated successfully",
    updateFailed: "Failed to update note",
    deleted: "Note deleted successfully",
    deleteFailed: "Failed to delete note",
  },
  form: noteForm,
  addForm: {
    title: "New Note",
    description: "Title and content are required.",
    submitLabel: "Save Note",
    pendingLabel: "Creating...",
  },
  editForm: { title: "Edit Note", submitLabel: "Save Changes" },
  renderCard: (note, actions) => <NoteCard note={note} {...actions} />,
  empty: {
    icon: StickyNote,
    title: "No notes yet",
    text: "Write down what the care team said, questions for the next visit, or anything worth remembering.",
    actionLabel: "Add First Note",
  },
  deletion: { title: "Delete note", itemName: (note) => note.title },
  skeletonCount: 3,
});

/** Notes: important medical information and reminders, edited in place. */
export function NotesPage() {
  return <InlineRecordScreen config={notesScreen} />;
}
