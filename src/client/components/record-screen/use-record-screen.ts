import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { FieldValues } from "react-hook-form";
import { type ChildLinkFormValues, childSelectField } from "@/client/components/children/child-select-field";
import type { ConfirmDeleteDialogProps } from "@/client/components/ui/confirm-delete-dialog";
import type { RecordCardGridProps } from "@/client/components/ui/record-card-grid";
import type { RecordFormProps } from "@/client/components/ui/use-record-form";
import { useChildFilter } from "@/client/lib/child-filter";
import { useChildren } from "@/client/lib/children-api";
import { activityQueryKey } from "@/client/lib/query-keys";
import { useRecordDialogs } from "@/client/lib/use-record-dialogs";
import { useResourceMutations } from "@/client/lib/use-resource-mutations";
import type { RecordScreenConfig, RecordScreenFields, ScreenRecord } from "./types";

/** The config's fields, with the family's current children in the 'Child' select when it has one. */
function useScreenFields<TValues extends FieldValues>(fields: RecordScreenFields<TValues>) {
  const { data: children } = useChildren();
  return useMemo(
    () =>
      typeof fields === "function"
        ? fields(childSelectField<TValues & ChildLinkFormValues>(children ?? []))
        : fields,
    [fields, children],
  );
}

/** A form's title and the line under it. */
interface FormHeading {
  title: string;
  description?: string;
}

/**
 * What both record screens share: the list (following the header's child filter when the config
 * says so), create/update/delete with the config's toasts (reloading the list, the dashboard's
 * activity feed and `alsoInvalidate`), the add and edit forms' props, and the delete
 * confirmation's props. `dialogs` also carries the add/edit dialog's state for `DialogRecordScreen`.
 */
export function useRecordScreen<T extends ScreenRecord, TValues extends FieldValues, TOutput>(
  config: RecordScreenConfig<T, TValues, TOutput>,
) {
  const { api, deletion } = config;
  const { childId } = useChildFilter();
  const list = useQuery({
    ...api.listOptions(config.followsChildFilter && childId ? { childId } : undefined),
    // When the header's child changes, the cards (and an inline form open among them) stay
    // mounted while the next list loads, instead of giving way to skeletons.
    placeholderData: keepPreviousData,
  });
  const { create, update, remove } = useResourceMutations(api, {
    messages: config.messages,
    alsoInvalidate: [...(config.alsoInvalidate ?? []), activityQueryKey],
  });
  const fields = useScreenFields(config.form.fields);
  const dialogs = useRecordDialogs<T>();
  const deleting = dialogs.deleting;

  const gridProps = {
    items: list.data,
    isLoading: list.isLoading,
    isRefreshing: list.isPlaceholderData,
    error: list.error,
    onRetry: () => list.refetch(),
    getKey: (record: T) => record.id,
    skeletonCount: config.skeletonCount,
  } satisfies Partial<RecordCardGridProps<T>>;

  const confirmDeleteProps: ConfirmDeleteDialogProps = {
    open: dialogs.deleteOpen,
    onOpenChange: dialogs.setDeleteOpen,
    title: deletion.title,
    itemName: deleting ? deletion.itemName?.(deleting) : undefined,
    description: deleting ? deletion.description?.(deleting) : undefined,
    onConfirm: () => (deleting ? remove.mutateAsync(deleting.id) : Promise.resolve()),
  };

  /** The props of the add form (record null) or of one record's edit form, dialog or inline. */
  const formProps = (record: T | null): RecordFormProps<TValues, TOutput> & FormHeading => {
    const shared = { schema: config.form.schema, fields };
    if (record) {
      const { editForm } = config;
      return {
        ...shared,
        title: editForm.title,
        description: editForm.description?.(record),
        defaultValues: config.form.toFormValues(record, childId),
        submitLabel: editForm.submitLabel,
        pendingLabel: editForm.pendingLabel ?? "Updating...",
        onSubmit: (input) => update.mutateAsync({ id: record.id, input }),
      };
    }
    const { addForm } = config;
    return {
      ...shared,
      title: addForm.title ?? config.addLabel,
      description: addForm.description,
      defaultValues: config.form.toFormValues(null, childId),
      submitLabel: addForm.submitLabel,
      pendingLabel: addForm.pendingLabel ?? "Adding...",
      onSubmit: (input) => create.mutateAsync(input),
    };
  };

  return { dialogs, gridProps, formProps, confirmDeleteProps };
}
