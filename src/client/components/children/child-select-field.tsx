import { useMemo } from "react";
import type { FieldValues, Path } from "react-hook-form";
import type { RecordFieldConfig } from "@/client/components/record-screen/record-fields";
import { type Child, useChildren } from "@/client/lib/children-api";

/**
 * The select's value for "linked to no child". Radix selects cannot hold an empty value, so the
 * form carries this word and `linkChild` turns it back into null before the schema sees it.
 */
export const NO_CHILD = "none";

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
 * The Child field's starting value: the record's child when editing; when adding, the child the
 * header's filter shows (so a record made while looking at one child belongs to that child).
 */
export function childFormValue(
  record: { childId?: string | null } | null,
  filterChildId: string | null,
): string {
  if (record) return record.childId ?? NO_CHILD;
  return filterChildId ?? NO_CHILD;
}
