import { zodResolver } from "@hookform/resolvers/zod";
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
  useForm,
} from "react-hook-form";
import type { z } from "zod";
import { errorIssues } from "@/client/lib/api";
import type { RecordFieldConfig } from "./record-fields";

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
  /** Sends the request. Rejecting keeps the form open with the typed values and the server's field messages. */
  onSubmit: (output: TOutput) => Promise<unknown>;
}

export interface UseRecordFormOptions<TValues extends FieldValues, TOutput>
  extends Pick<RecordFormProps<TValues, TOutput>, "schema" | "fields" | "defaultValues" | "onSubmit"> {
  /** Runs once `onSubmit` resolved: close the dialog or the inline form. */
  onSubmitted: (form: UseFormReturn<TValues, unknown, TOutput>) => void;
}

/**
 * The react-hook-form state of a record form and its submit handler: the schema validates, then
 * `onSubmit` sends. A rejected request's field issues are shown on their fields, and the ones no
 * field of this form holds are joined into the form's alert (`serverError`).
 */
export function useRecordForm<TValues extends FieldValues, TOutput>({
  schema,
  fields,
  defaultValues,
  onSubmit,
  onSubmitted,
}: UseRecordFormOptions<TValues, TOutput>) {
  const form = useForm<TValues, unknown, TOutput>({
    // The schema's input type is wider than the all-string form values; its output is what we send.
    resolver: zodResolver(schema) as unknown as Resolver<TValues, unknown, TOutput>,
    defaultValues: defaultValues as DefaultValues<TValues>,
  });

  const submit = form.handleSubmit(async (output) => {
    try {
      await onSubmit(output);
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
    onSubmitted(form);
  });

  return {
    form,
    submit,
    pending: form.formState.isSubmitting,
    /** Whether a value differs from `defaultValues` (typed and not saved). */
    dirty: form.formState.isDirty,
    serverError: form.formState.errors.root?.server?.message,
  };
}
