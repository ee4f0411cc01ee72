import { createResourceApi } from "@/client/lib/create-resource-api";
import type { NOTE_CATEGORIES, NoteInput, NotePriority } from "@/domain/notes";

export type NoteCategory = (typeof NOTE_CATEGORIES)[number];

/** A note as the server returns it. */
export interface Note {
  id: string;
  childId: string | null;
  title: string;
  content: string;
  category: NoteCategory;
  tags: string[];
  priority: NotePriority;
  createdAt: string;
  updatedAt: string;
}

export const notesApi = createResourceApi<Note, NoteInput, { childId?: string }>("/api/notes", "notes");
