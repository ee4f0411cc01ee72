import {
  CHOOSE_CHILD,
  type ChildLinkFormValues,
  childFormValue,
} from "@/client/components/children/child-select-field";
import { linkChild } from "@/client/components/children/link-child";
import type { RecordFieldConfig } from "@/client/components/record-screen/record-fields";
import type { Note } from "@/client/lib/notes-api";
import {
  NOTE_CATEGORIES,
  NOTE_CATEGORY_LABELS,
  NOTE_PRIORITIES,
  NOTE_PRIORITY_LABELS,
  noteInput,
} from "@/domain/notes";

export interface NoteFormValues extends ChildLinkFormValues {
  title: string;
  content: string;
  category: string;
  /** Typed comma-separated; the schema splits it into a trimmed list. */
  tags: string;
  priority: string;
}

/** The server's schema; the Child field's "No specific child" becomes null. */
export const noteFormSchema = linkChild(noteInput);

/** The form's fields, with the family's Child select (from `useChildSelectField`). */
export function noteFields(
  childField: RecordFieldConfig<NoteFormValues>,
): RecordFieldConfig<NoteFormValues>[] {
  return [
    {
      name: "title",
      label: "Title *",
      required: true,
      placeholder: "Questions for the next GI appointment",
      autoComplete: "off",
      wide: true,
    },
    {
      name: "category",
      label: "Category",
      type: "select",
      options: NOTE_CATEGORIES.map((value) => ({ value, label: NOTE_CATEGORY_LABELS[value] })),
    },
    {
      name: "priority",
      label: "Priority",
      type: "select",
      options: NOTE_PRIORITIES.map((value) => ({ value, label: NOTE_PRIORITY_LABELS[value] })),
    },
    {
      name: "content",
      label: "Content *",
      type: "textarea",
      required: true,
      rows: 4,
      placeholder: "What happened, what to remember, what to ask...",
    },
    {
      name: "tags",
      more: true,
      label: "Tags",
      placeholder: "line care, questions",
      hint: "Separate tags with commas.",
    },
    childField,
  ];
}

/**
 * General, medium priority and the filtered child when adding; the note's values when editing. A
 * note may be about the family as a whole (the spec's notes carry no child), so with all children
 * shown a new note starts as 'No specific child' instead of asking.
 */
export function noteFormValues(note: Note | null, filterChildId: string | null): NoteFormValues {
  return {
    title: note?.title ?? "",
    content: note?.content ?? "",
    category: note?.category ?? "general",
    tags: note?.tags.join(", ") ?? "",
    priority: note?.priority ?? "medium",
    childId: childFormValue(note, filterChildId === CHOOSE_CHILD ? null : filterChildId),
  };
}

/** The note form as its record screen takes it: schema, fields and starting values. */
export const noteForm = { schema: noteFormSchema, fields: noteFields, toFormValues: noteFormValues };
