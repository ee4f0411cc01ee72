import { createResourceApi } from "@/client/lib/resource-api";
import type { Note, NoteCategory, NoteInput } from "@/domain/notes";

export type { Note, NoteCategory };

export const notesApi = createResourceApi<Note, NoteInput, { childId?: string }>("/api/notes", "notes", {
  paged: true,
});
