import { useMemo } from "react";
import type { FieldValues, Path } from "react-hook-form";
import type { RecordFieldConfig } from "@/client/components/record-screen/record-fields";
import { type Child, useChildren } from "@/client/lib/children-api";

/**
 * The select's value for "linked to no child". Radix selects cannot hold an empty value, so the
 * form carries this word and `linkChild` turns it back into null before the schema sees it.
 */
export const NO_CHILD = "none";

/**
 * The select's value while no child is chosen yet: the form shows 'Choose a child' and refuses to
 * save (see `linkChild`). A new record starts there when the family has several children and the
 * header shows all of them, so no record is filed under no child without the person saying so.
 */
export const CHOOSE_CHILD = "";

/** What the form says while its Child field is still unchosen. */
export const CHOOSE_CHILD_MESSAGE = "Choose the child this is for.";

/** The form value that links a record to a child: a child's id or `NO_CHILD`. */
export interface ChildLinkFormValues {
  childId: string;
}

/** A record form's 'Child' field: 'No specific child' plus each of the family's children. */
export function childSelectField<TValues extends FieldValues & ChildLinkFormValues>(
  children: readonly Pick<Child, "id" | "name">[],
): RecordFieldConfig<TValues> {
  return {
    name: "childId" as Path<TValues>,
    label: "Child",
    type: "select",
    placeholder: "Choose a child",
    options: [
      { value: NO_CHILD, label: "No specific child" },
      ...children.map((child) => ({ value: child.id, label: child.name })),
    ],
    hint: children.length ? undefined : "Add a child on the Children screen to link records to a child.",
  };
}

/** `childSelectField` for the family's current children list. */
export function useChildSelectField<TValues extends FieldValues & ChildLinkFormValues>() {
  const { data: children } = useChildren();
  return useMemo(() => childSelectField<TValues>(children ?? []), [children]);
}

/**
 * Whose a new record is: the child shown (the header's filter or the page's own picker), else the
 * family's only child; with several children and all of them shown, nobody yet (`CHOOSE_CHILD`:
 * the form asks); with no child at all, none.
 */
export function newRecordChild(
  shownChildId: string | null,
  children: readonly Pick<Child, "id">[],
): string | null {
  if (shownChildId) return shownChildId;
  if (children.length === 1) return children[0]?.id ?? null;
  return children.length > 1 ? CHOOSE_CHILD : null;
}

/**
 * The Child field's starting value: the record's child when editing; when adding, the child from
 * `newRecordChild` (so a record made while looking at one child belongs to that child).
 */
export function childFormValue(
  record: { childId?: string | null } | null,
  newChildId: string | null,
): string {
  if (record) return record.childId ?? NO_CHILD;
  return newChildId ?? NO_CHILD;
}
