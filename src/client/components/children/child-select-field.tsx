import { useMemo } from "react";
import type { FieldValues, Path } from "react-hook-form";
import { z } from "zod";
import type { RecordFieldConfig } from "@/client/components/record-screen/record-fields";
import { type Child, useChildren } from "@/client/lib/children-api";
import { ChildAvatar } from "./child-avatar";

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

/** Wraps a record schema so the Child field's `NO_CHILD` is sent as null. */
export function linkChild<TSchema extends z.ZodType>(
  schema: TSchema,
): z.ZodType<z.output<TSchema>, FieldValues> {
  return z.preprocess((values) => {
    if (values && typeof values === "object" && (values as ChildLinkFormValues).childId === NO_CHILD) {
      return { ...values, childId: null };
    }
    return values;
  }, schema) as unknown as z.ZodType<z.output<TSchema>, FieldValues>;
}

/** The linked child's avatar and name on a record card; nothing when the record has no child. */
export function LinkedChild({ childId }: { childId: string | null | undefined }) {
  const { data: children } = useChildren();
  const child = childId ? children?.find((c) => c.id === childId) : undefined;
  if (!child) return null;
  return (
    <span className="inline-flex min-w-0 max-w-full items-center gap-1.5 rounded-full border border-border bg-card py-0.5 pr-2.5 pl-0.5 font-medium text-xs">
      <ChildAvatar name={child.name} color={child.avatarColor} size="sm" className="size-5 text-[10px]" />
      <span className="sr-only">Child: </span>
      <span className="truncate">{child.name}</span>
    </span>
  );
}
