import { zodResolver } from "@hookform/resolvers/zod";
import { useCallback, useEffect, useRef, useState } from "react";
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
  useForm,
} from "react-hook-form";
import type { z } from "zod";
import { useLeaveGuard } from "@/client/components/forms/unsaved-changes";
import { errorIssues } from "@/client/lib/api";
import { useDeviceOwner } from "@/client/lib/auth";
import { clearDraft, type DraftValues, readDraft, writeDraft } from "@/client/lib/drafts";
import { newEntryKey } from "@/client/lib/pending-saves";
import type { RecordFieldConfig } from "./record-fields";
import type { SecondLook, SecondLookAnswer } from "./second-look";

/** What a record form needs, whether it sits in a dialog (`RecordDialog`) or in the page (`InlineRecordForm`). */
export interface RecordFormProps<TValues extends FieldValues, TOutput> {
  /** Validates the form values and turns them into the request body ("" -> null, "a, b" -> ["a", "b"]). */
  schema: z.ZodType<TOutput, FieldValues>;
  fields: readonly RecordFieldConfig<TValues>[];
  /** The values the form starts from each time it is mounted (empty, or the record being edited). */
  defaultValues: TValues;
  /** 'Add Member' / 'Save Changes'. */
  submitLabel: string;
  /** 'Adding...' / 'Updating...', shown while the request runs. */
  pendingLabel: string;
  /**
   * Sends the request. Rejecting keeps the form open with the typed values and the server's field
   * messages. `entry.key` is the typed entry's own key (an Idempotency-Key for a create): the same
   * for every try of this entry, a new one once it is saved.
   */
  onSubmit: (output: TOutput, entry: { key: string }) => Promise<unknown>;
  /**
   * Where what is typed is kept on this device until it is saved or discarded ('Lab Tests:new',
   * 'Lab Tests:<id>'), so it survives a reload. No draft without one.
   */
  draftKey?: string;
  /**
   * Questions to ask before saving what the form holds (a volume no bag holds, a second entry
   * for the day): each is answered before the request is sent. None by default.
   */
  secondLooks?: (output: TOutput) => readonly SecondLook[];
}

export interface UseRecordFormOptions<TValues extends FieldValues, TOutput>
  extends Pick<
    RecordFormProps<TValues, TOutput>,
    "schema" | "fields" | "defaultValues" | "onSubmit" | "draftKey" | "secondLooks"
  > {
  /** Runs once `onSubmit` resolved: close the dialog or the inline form. */
  onSubmitted: (form: UseFormReturn<TValues, unknown, TOutput>) => void;
}

/**
 * The react-hook-form state of a record form and its submit handler: the schema validates, then
 * `onSubmit` sends. A rejected request's field issues are shown on their fields, and the ones no
 * field of this form holds are joined into the form's alert (`serverError`). With a `draftKey`,
 * typed values are kept as a draft on this device and restored when the form opens again; while
 * the form holds unsaved changes, leaving the page asks first.
 */
export function useRecordForm<TValues extends FieldValues, TOutput>({
  schema,
  fields,
  defaultValues,
  onSubmit,
  onSubmitted,
  draftKey,
  secondLooks,
}: UseRecordFormOptions<TValues, TOutput>) {
  const owner = useDeviceOwner();
  const draft = draftKey && owner ? { owner, key: draftKey } : null;
  const [restored] = useState(() => (draft ? readDraft(draft.owner, draft.key) : null));
  const form = useForm<TValues, unknown, TOutput>({
    // The schema's input type is wider than the all-string form values; its output is what we send.
    resolver: zodResolver(schema) as unknown as Resolver<TValues, unknown, TOutput>,
    defaultValues: defaultValues as DefaultValues<TValues>,
    // A restored draft starts as typed values over the defaults, so the form counts as changed.
    ...(restored ? { values: { ...defaultValues, ...pick(restored, defaultValues) } as TValues } : {}),
    resetOptions: { keepDefaultValues: true },
  });

  const draftOwner = draft?.owner;
  const draftName = draft?.key;
  useEffect(() => {
    if (!draftOwner || !draftName) return;
    const subscription = form.watch((values) => {
      // Compared with the values the form opened with (a new entry's time is the minute it opened).
      const opened = form.formState.defaultValues ?? defaultValues;
      if (sameValues(values as DraftValues, opened)) clearDraft(draftOwner, draftName);
      else writeDraft(draftOwner, draftName, values as DraftValues);
    });
    return () => subscription.unsubscribe();
  }, [form, draftOwner, draftName, defaultValues]);

  const discardDraft = useCallback(() => {
    if (draftOwner && draftName) clearDraft(draftOwner, draftName);
  }, [draftOwner, draftName]);
  const dirty = form.formState.isDirty;
  useLeaveGuard(dirty, discardDraft);

  const entryKey = useRef<string>(null);
  entryKey.current ??= newEntryKey();
  const send = async (output: TOutput) => {
    try {
      await onSubmit(output, { key: entryKey.current ?? newEntryKey() });
    } catch (err) {
      const fieldNames = new Set<string>(fields.map((f) => f.name));
      const unplaced: string[] = [];
      for (const issue of errorIssues(err)) {
        if (fieldNames.has(issue.path))
          form.setError(issue.path as Path<TValues>, { message: issue.message });
        else unplaced.push(issue.message);
      }
      if (unplaced.length) form.setError("root.server", { message: unplaced.join(" ") });
      return;
    }
    entryKey.current = newEntryKey();
    discardDraft();
    onSubmitted(form);
  };
  const [asking, setAsking] = useState<readonly SecondLook[]>([]);
  const submit = form.handleSubmit(async (output) => {
    const looks = secondLooks?.(output) ?? [];
    if (looks.length) setAsking(looks);
    else await send(output);
  });
  /** The person's answer to the second look shown: the next one, the save, or back to the form. */
  const answerSecondLook = (answer: SecondLookAnswer) => {
    const [look, ...rest] = asking;
    if (!look) return;
    if (answer === "confirm" && rest.length) return setAsking(rest);
    setAsking([]);
    if (answer === "confirm") void form.handleSubmit(send)();
    else if (answer === "alternative" && look.alternative) {
      discardDraft();
      look.alternative.choose();
    }
  };

  return {
    form,
    submit,
    pending: form.formState.isSubmitting,
    /** Whether a value differs from `defaultValues` (typed and not saved). */
    dirty,
    /** Whether the form opened with a draft typed earlier on this device. */
    restored: restored !== null,
    /** Forgets the draft (the person chose to discard their changes). */
    discardDraft,
    serverError: form.formState.errors.root?.server?.message,
    /** The question to answer before the save goes ahead (`secondLooks`), or null. */
    secondLook: asking[0] ?? null,
    answerSecondLook,
  };
}

/** The draft's values of the form's own fields (a stored draft may be from an older form). */
function pick(draft: DraftValues, defaults: FieldValues): DraftValues {
  return Object.fromEntries(
    Object.keys(defaults)
      .filter((key) => typeof draft[key] === typeof defaults[key])
      .map((key) => [key, draft[key]]),
  );
}

function sameValues(values: DraftValues, defaults: FieldValues): boolean {
  return Object.keys(defaults).every((key) => (values[key] ?? "") === (defaults[key] ?? ""));
}
