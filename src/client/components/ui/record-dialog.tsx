import { zodResolver } from "@hookform/resolvers/zod";
import { type DefaultValues, type FieldValues, type Path, type Resolver, useForm } from "react-hook-form";
import type { z } from "zod";
import { errorIssues } from "@/client/lib/api";
import { Button } from "./button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "./dialog";
import { FormAlert } from "./form-field";
import { type RecordFieldConfig, RecordFields } from "./record-fields";

export interface RecordDialogProps<TValues extends FieldValues, TOutput> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  /** Validates the form values and turns them into the request body (e.g. "" -> null). */
  schema: z.ZodType<TOutput, FieldValues>;
  fields: readonly RecordFieldConfig<TValues>[];
  /** The values the form starts with each time the dialog opens (empty, or the record being edited). */
  defaultValues: TValues;
  /** 'Add Care Team Member' / 'Update Care Team Member'. */
  submitLabel: string;
  /** 'Adding...' / 'Updating...', shown while the request runs. */
  pendingLabel: string;
  /** Sends the request. Resolving closes the dialog; rejecting keeps it open with the server's field messages. */
  onSubmit: (output: TOutput) => Promise<unknown>;
}

/** The add/edit dialog of a record screen, driven by a field list and a zod schema. */
export function RecordDialog<TValues extends FieldValues, TOutput>(
  props: RecordDialogProps<TValues, TOutput>,
) {
  const { open, onOpenChange, title, description } = props;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl" {...(description ? {} : { "aria-describedby": undefined })}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : null}
        </DialogHeader>
        {/* Mounted only while open, so every opening starts from `defaultValues`. */}
        <RecordForm {...props} />
      </DialogContent>
    </Dialog>
  );
}

function RecordForm<TValues extends FieldValues, TOutput>({
  onOpenChange,
  schema,
  fields,
  defaultValues,
  submitLabel,
  pendingLabel,
  onSubmit,
}: RecordDialogProps<TValues, TOutput>) {
  const form = useForm<TValues, unknown, TOutput>({
    // The schema's input type is wider than the all-string form values; its output is what we send.
    resolver: zodResolver(schema) as unknown as Resolver<TValues, unknown, TOutput>,
    defaultValues: defaultValues as DefaultValues<TValues>,
  });
  const fieldNames = new Set<string>(fields.map((f) => f.name));

  const submit = form.handleSubmit(async (output) => {
    try {
      await onSubmit(output);
      onOpenChange(false);
    } catch (err) {
      const unplaced: string[] = [];
      for (const issue of errorIssues(err)) {
        if (fieldNames.has(issue.path))
          form.setError(issue.path as Path<TValues>, { message: issue.message });
        else unplaced.push(issue.message);
      }
      if (unplaced.length) form.setError("root.server", { message: unplaced.join(" ") });
    }
  });

  const pending = form.formState.isSubmitting;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <RecordFields form={form} fields={fields} />
      <FormAlert message={form.formState.errors.root?.server?.message} />
      <DialogFooter>
        <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
