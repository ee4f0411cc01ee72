import type { ReactNode } from "react";
import { useEffect } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { useGuardedDialog } from "@/client/components/forms/use-guarded-dialog";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  stickyFooterClassName,
} from "@/client/components/ui/dialog";
import { FormAlert } from "@/client/components/ui/form-field";
import type { AuthoredRecord } from "@/client/lib/record-authors";
import { RecordAuthors } from "./record-authors";
import { RecordFields } from "./record-fields";
import { SecondLookDialog } from "./second-look";
import { type RecordFormProps, useRecordForm } from "./use-record-form";

export interface RecordDialogProps<TValues extends FieldValues, TOutput>
  extends RecordFormProps<TValues, TOutput> {
  open: boolean;
  /** Also called with false once `onSubmit` resolved. */
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  /** The record edited: who added and changed it, under the title. */
  authors?: AuthoredRecord | null;
  /** Inputs the field list cannot describe, above the fields (choice chips bound to the form). */
  renderBefore?: (form: UseFormReturn<TValues, unknown, TOutput>) => ReactNode;
}

/**
 * The add/edit dialog of a record screen, driven by a field list and a zod schema. Its Save and
 * Cancel stay in view (a sticky footer); closing it with unsaved changes asks first, and what was
 * typed is kept as a draft on the device (`draftKey`) until it is saved or discarded.
 */
export function RecordDialog<TValues extends FieldValues, TOutput>(
  props: RecordDialogProps<TValues, TOutput>,
) {
  const { open, onOpenChange, title, description, authors } = props;
  const guard = useGuardedDialog(onOpenChange);
  return (
    <Dialog open={open} onOpenChange={guard.onOpenChange}>
      <DialogContent className="sm:max-w-2xl" {...(description ? {} : { "aria-describedby": undefined })}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : null}
          {authors ? <RecordAuthors record={authors} /> : null}
        </DialogHeader>
        {/* Mounted only while open, so every opening starts from `defaultValues` (or the draft). */}
        <RecordForm {...props} onCancel={guard.requestClose} onDirtyChange={guard.report} />
      </DialogContent>
    </Dialog>
  );
}

function RecordForm<TValues extends FieldValues, TOutput>(
  props: RecordDialogProps<TValues, TOutput> & {
    onCancel: () => void;
    onDirtyChange: (dirty: boolean, discard: () => void) => void;
  },
) {
  const { onOpenChange, onCancel, onDirtyChange, fields, submitLabel, pendingLabel, renderBefore } = props;
  const { form, submit, pending, serverError, dirty, restored, discardDraft, secondLook, answerSecondLook } =
    useRecordForm({
      ...props,
      onSubmitted: () => onOpenChange(false),
    });
  useEffect(() => onDirtyChange(dirty, discardDraft), [dirty, discardDraft, onDirtyChange]);

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {restored ? <DraftRestoredNote /> : null}
      {renderBefore?.(form)}
      <RecordFields form={form} fields={fields} />
      <FormAlert message={serverError} />
      <DialogFooter className={stickyFooterClassName}>
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </DialogFooter>
      <SecondLookDialog look={secondLook} onAnswer={answerSecondLook} />
    </form>
  );
}

/** Says that the form shows what was typed earlier and not saved. */
export function DraftRestoredNote() {
  return (
    <p
      role="status"
      className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900 text-sm"
    >
      Restored what you typed earlier and had not saved yet.
    </p>
  );
}
