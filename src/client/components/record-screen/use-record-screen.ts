import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import type { FieldValues } from "react-hook-form";
import {
  type ChildLinkFormValues,
  childSelectField,
  newRecordChild,
} from "@/client/components/children/child-select-field";
import { toast } from "@/client/components/ui/use-toast";
import { errorMessage } from "@/client/lib/api";
import { useDeviceOwner } from "@/client/lib/auth";
import { useChildFilter } from "@/client/lib/child-filter";
import { useChildren } from "@/client/lib/children-api";
import { useOutboxEntries, withWaiting } from "@/client/lib/pending-saves";
import { useCan } from "@/client/lib/permissions";
import { activityQueryKey } from "@/client/lib/query-keys";
import { type AuthoredRecord, authoredOf } from "@/client/lib/record-authors";
import { listParamsWithChild } from "@/client/lib/resource-api";
import { inSentence } from "@/domain/words";
import type { ConfirmDeleteDialogProps } from "./confirm-delete-dialog";
import type { RecordCardGridProps } from "./record-card-grid";
import {
  isFieldForm,
  type RecordCardActions,
  type RecordFormDialogProps,
  type RecordScreenConfig,
  type RecordScreenFields,
  type RecordScreenScope,
  type ScreenContext,
  type ScreenRecord,
} from "./types";
import { formDraftKey } from "./use-form-reopening";
import { useRecordDialogs } from "./use-record-dialogs";
import type { RecordFormProps } from "./use-record-form";
import { useResourceMutations, versionOf } from "./use-resource-mutations";

const NO_FIELDS: readonly never[] = [];

/** A form's title, the line under it, and for an edit form the record's authors. */
interface FormHeading {
  title: string;
  description?: string;
  authors?: AuthoredRecord | null;
}

export interface RecordScreenOptions<T> extends RecordScreenScope<T> {
  /** False while the screen has nothing to list (no child chosen yet): no request, no add. */
  enabled?: boolean;
}

/**
 * Everything a record screen runs on, for the screen components and for pages that place the
 * parts themselves (tabs with two lists): the list (the header's child filter, or the page's own
 * child and parameters), create/update/delete with the config's toasts (reloading the list, the
 * dashboard's activity feed and `alsoInvalidate`), which record the dialogs show, and the props
 * of the add/edit form and the delete confirmation.
 */
export function useRecordScreen<T extends ScreenRecord, TValues extends FieldValues, TOutput>(
  config: RecordScreenConfig<T, TValues, TOutput>,
  { childId: ownChildId, params, select, enabled = true }: RecordScreenOptions<T> = {},
) {
  const { api, deletion } = config;
  const filter = useChildFilter();
  /** The header's child, when this list follows it (a page's own child picker wins). */
  const filterChild = config.followsChildFilter && ownChildId === undefined ? filter.selectedChild : null;
  const childId = ownChildId === undefined ? (filterChild?.id ?? null) : ownChildId;
  const context: ScreenContext = { child: filter.children.find((c) => c.id === childId) ?? null };

  const listParams = listParamsWithChild(params, childId);
  const whole = useQuery({
    ...api.listOptions(listParams),
    enabled: enabled && !api.paged,
    // When the child changes, the cards (and an inline form open among them) stay mounted while
    // the next list loads, instead of giving way to skeletons.
    placeholderData: keepPreviousData,
  });
  // A list that grows without bound comes a page at a time; the screen asks for more as it scrolls.
  const pages = useInfiniteQuery({
    ...api.pageOptions(listParams),
    enabled: enabled && api.paged,
    placeholderData: keepPreviousData,
  });
  const list = api.paged
    ? {
        data: pages.data?.pages.flatMap((page) => page.items),
        isLoading: pages.isLoading,
        isPlaceholderData: pages.isPlaceholderData,
        error: pages.error,
        errorUpdatedAt: pages.errorUpdatedAt,
        refetch: pages.refetch,
      }
    : whole;
  useAnnouncedFailure(config.listError?.toast ? config.listError.title : undefined, list);

  const { create, createEntry, update, remove } = useResourceMutations(api, {
    messages: config.messages,
    failureTitle: config.failureTitle,
    alsoInvalidate: [...(config.alsoInvalidate ?? []), activityQueryKey],
    entryLabel: entryLabelOf(config.addLabel),
    // The list shows one child: a record saved for another one would vanish without a word.
    savedNote: (record) => {
      const own = config.savedNote?.(record);
      if (!filterChild || !record.childId || record.childId === filterChild.id) return own;
      const owner = filter.children.find((c) => c.id === record.childId)?.name ?? "another child";
      const elsewhere = `Saved for ${owner}. Showing ${filterChild.name}'s records — choose Show all to see it.`;
      return own ? `${own} ${elsewhere}` : elsewhere;
    },
  });
  /** A new record starts linked to the child shown, else to the family's only child, else asks. */
  const newRecordChildId = newRecordChild(childId, filter.children);
  const { form } = config;
  const fieldForm = isFieldForm(form) ? form : null;
  const fields = useScreenFields(fieldForm?.fields ?? NO_FIELDS);
  const dialogs = useRecordDialogs<T>();
  const { deleting, editing } = dialogs;
  // A role that only reads is offered nothing that writes: no add, edit, delete or form.
  const canWrite = useCan("write");
  /** A card's Edit (the dialog's, or `edit`) and Delete; none for a role that only reads. */
  const cardActions = (record: T, edit: () => void = () => dialogs.openEdit(record)): RecordCardActions =>
    canWrite ? { onEdit: edit, onDelete: () => dialogs.openDelete(record) } : {};

  // The records saved on this device and not sent yet are listed too, marked as waiting.
  const owner = useDeviceOwner();
  const outbox = useOutboxEntries();
  const paramsKey = JSON.stringify(listParams ?? {});
  // biome-ignore lint/correctness/useExhaustiveDependencies: the parameters by their value (paramsKey).
  const listed = useMemo(
    () => withWaiting(list.data, outbox, owner, api.basePath, listParams),
    [list.data, outbox, owner, api.basePath, paramsKey],
  );
  const items = listed && select ? select(listed) : listed;
  const gridProps = {
    items,
    isLoading: list.isLoading,
    isRefreshing: list.isPlaceholderData,
    error: list.error,
    errorTitle: config.listError?.title,
    onRetry: () => list.refetch(),
    getKey: (record: T) => record.id,
    skeletonCount: config.skeletonCount,
    loadingLabel: config.loadingLabel,
    more: api.paged
      ? {
          hasMore: pages.hasNextPage,
          loading: pages.isFetchingNextPage,
          load: () => {
            if (pages.hasNextPage && !pages.isFetchingNextPage) void pages.fetchNextPage();
          },
        }
      : undefined,
  } satisfies Partial<RecordCardGridProps<T>>;

  const confirmDeleteProps: ConfirmDeleteDialogProps = {
    open: dialogs.deleteOpen,
    onOpenChange: dialogs.setDeleteOpen,
    title: deletion.title,
    itemName: deleting ? deletion.itemName?.(deleting) : undefined,
    description: deleting ? deletion.description?.(deleting) : undefined,
    onConfirm: () =>
      deleting ? remove.mutateAsync({ id: deleting.id, version: versionOf(deleting) }) : Promise.resolve(),
  };

  /** The texts and request of the add form (record null) or of one record's edit form. */
  const formTexts = (record: T | null) => {
    if (record) {
      const { editForm } = config;
      return {
        title: editForm.title,
        description: editForm.description?.(record, context),
        submitLabel: editForm.submitLabel,
        pendingLabel: editForm.pendingLabel ?? "Updating...",
        onSubmit: (input: TOutput) =>
          update.mutateAsync({ id: record.id, input, version: versionOf(record) }),
      };
    }
    const { addForm } = config;
    return {
      title: addForm.title ?? config.addLabel,
      description:
        typeof addForm.description === "function" ? addForm.description(context) : addForm.description,
      submitLabel: addForm.submitLabel,
      pendingLabel: addForm.pendingLabel ?? "Adding...",
      onSubmit: (input: TOutput, entry?: { key: string }) =>
        entry ? createEntry.mutateAsync({ input, entryKey: entry.key }) : create.mutateAsync(input),
    };
  };

  /** The props of the generic form of a record (null: the add form), in a dialog or inline. */
  const formProps = (record: T | null): RecordFormProps<TValues, TOutput> & FormHeading => {
    if (!fieldForm) throw new Error(`${config.title}: formProps needs a field-driven form`);
    return {
      ...formTexts(record),
      authors: record ? authoredOf(record) : null,
      schema: fieldForm.schema,
      fields,
      defaultValues: fieldForm.toFormValues(record, newRecordChildId),
      draftKey: formDraftKey(config.title, record),
      secondLooks: fieldForm.secondLooks
        ? (output: TOutput) =>
            fieldForm.secondLooks?.(output, { record, items, edit: dialogs.openEdit }) ?? []
        : undefined,
    };
  };

  /** The props of the add/edit dialog, generic or the screen's own. */
  const formDialogProps: RecordFormDialogProps<T, TOutput> = {
    ...formTexts(editing),
    open: dialogs.formOpen,
    onOpenChange: dialogs.setFormOpen,
    record: editing,
  };

  return {
    config,
    list,
    /** The child whose records the list shows (null: every child). */
    childId,
    context,
    /** The header's child when this list follows it: the page says so and offers to show all. */
    filterChild,
    showAllChildren: () => filter.setChildId(null),
    /** Whether the add button works now (false while there is nothing to list). */
    canAdd: enabled,
    /** Whether the person's role may add, change and delete records: else none is offered. */
    canWrite,
    cardActions,
    /** Whether the family's children are known (a new record's child depends on them). */
    childrenLoaded: !filter.isLoading,
    dialogs,
    gridProps,
    formProps,
    formDialogProps,
    confirmDeleteProps,
    mutations: { create, update, remove },
  };
}

export type RecordScreenState<T extends ScreenRecord, TValues extends FieldValues, TOutput> = ReturnType<
  typeof useRecordScreen<T, TValues, TOutput>
>;

/** 'Add Symptom Entry' -> 'symptom entry': one record, named in a sentence. */
export function entryLabelOf(addLabel: string): string {
  return inSentence(addLabel.replace(/^(add|upload|new|log)\s+/i, "")) || "entry";
}

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

/** A failed load is shown in place of the list and, for the screens whose spec says so, announced once per failure. */
function useAnnouncedFailure(title: string | undefined, list: { errorUpdatedAt: number; error: unknown }) {
  const failedAt = list.error ? list.errorUpdatedAt : 0;
  const { error } = list;
  useEffect(() => {
    if (title && failedAt) toast({ title, description: errorMessage(error), variant: "destructive" });
  }, [title, failedAt, error]);
}
