import type { FieldValues } from "react-hook-form";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { FormAlert } from "@/client/components/ui/form-field";
import { RecordFields } from "./record-fields";
import { type RecordFormProps, useRecordForm } from "./use-record-form";

export interface RecordDialogProps<TValues extends FieldValues, TOutput>
  extends RecordFormProps<TValues, TOutput> {
  open: boolean;
  /** Also called with false once `onSubmit` resolved. */
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
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

function RecordForm<TValues extends FieldValues, TOutput>(props: RecordDialogProps<TValues, TOutput>) {
  const { onOpenChange, fields, submitLabel, pendingLabel } = props;
  const { form, submit, pending, serverError } = useRecordForm({
    ...props,
    onSubmitted: () => onOpenChange(false),
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <RecordFields form={form} fields={fields} />
      <FormAlert message={serverError} />
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
