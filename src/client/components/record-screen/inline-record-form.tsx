import { useCallback, useEffect, useId, useRef, useState } from "react";
import type { FieldValues } from "react-hook-form";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeader } from "@/client/components/ui/card";
import { FormAlert } from "@/client/components/ui/form-field";
import { cn } from "@/client/lib/utils";
import { RecordFields } from "./record-fields";
import { type RecordFormProps, useRecordForm } from "./use-record-form";

export interface InlineRecordFormProps<TValues extends FieldValues, TOutput>
  extends RecordFormProps<TValues, TOutput> {
  /** The form's heading and accessible name: 'New Note' / 'Edit Note'. */
  title: string;
  description?: string;
  /**
   * Cancel, and after a successful submit (the page unmounts the form, so the next opening starts
   * empty); a rejected submit keeps the form open.
   */
  onClose: () => void;
  /** Told whether the form holds changes not saved yet (false again once it closes). */
  onDirtyChange?: (dirty: boolean) => void;
  /** The id the add button's aria-controls points at. */
  id?: string;
  className?: string;
}

/**
 * A record's create/edit form shown in the page rather than in a dialog (notes, therapy,
 * medications, food diary): driven by a field list and a zod schema like `RecordDialog`.
 * It takes the focus when it opens and scrolls into view, so it works from a keyboard and on phones.
 */
export function InlineRecordForm<TValues extends FieldValues, TOutput>(
  props: InlineRecordFormProps<TValues, TOutput>,
) {
  const {
    title,
    description,
    fields,
    defaultValues,
    submitLabel,
    pendingLabel,
    onClose,
    onDirtyChange,
    id,
    className,
  } = props;
  const titleId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const { form, submit, pending, serverError, dirty } = useRecordForm({
    ...props,
    onSubmitted: (submitted) => {
      submitted.reset(defaultValues);
      onClose();
    },
  });

  useEffect(() => {
    onDirtyChange?.(dirty);
    return () => onDirtyChange?.(false);
  }, [dirty, onDirtyChange]);

  // On opening: bring the form's top into view when it is off screen (or low on a phone), then
  // put the cursor in the first field without a second jump.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const top = container.getBoundingClientRect().top;
    if (top < 0 || top > window.innerHeight * 0.6) container.scrollIntoView({ block: "start" });
    container
      .querySelector<HTMLElement>("input, textarea, button[role='combobox']")
      ?.focus({ preventScroll: true });
  }, []);

  return (
    <Card
      ref={containerRef}
      id={id}
      data-inline-record-form=""
      className={cn("scroll-mt-24 border-primary/40 shadow-md ring-3 ring-primary/10", className)}
    >
      <form onSubmit={submit} noValidate aria-labelledby={titleId}>
        <CardHeader>
          <h2 id={titleId} className="font-semibold text-lg leading-tight">
            {title}
          </h2>
          {description ? <p className="text-muted-foreground text-sm">{description}</p> : null}
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <RecordFields form={form} fields={fields} />
          <FormAlert message={serverError} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? pendingLabel : submitLabel}
            </Button>
          </div>
        </CardContent>
      </form>
    </Card>
  );
}

/**
 * Give a `RecordCardGrid` this class so a card being edited in place (an `InlineRecordForm` in
 * its list item) spans the whole row instead of squeezing ten fields into one column.
 */
export const inlineFormGridClassName = "[&>li:has(>[data-inline-record-form])]:col-span-full";

type FormState<T> = { mode: "closed" } | { mode: "add" } | { mode: "edit"; record: T };

/** Asked before opening a form would throw away the open one's unsaved changes. */
export const DISCARD_CHANGES_QUESTION = "Discard the changes you have not saved?";

/**
 * Which inline form a screen shows: none, the add form (toggled by the add button), or the edit
 * form of one record. Closing gives the focus back to the button that opened the form (the add
 * button, or the card's Edit button), or to the add button when that one is gone. Opening
 * another form in place of one with unsaved changes (pass `onDirtyChange` to the form) asks
 * first, and keeps the open form when the answer is no.
 *
 * @example
 * const forms = useInlineRecordForms<Note>();
 * <Button {...forms.addButtonProps}>Add Note</Button>
 * {forms.adding ? <InlineRecordForm id={forms.addFormId} onClose={forms.close} onDirtyChange={forms.onDirtyChange} ... /> : null}
 * renderItem={(note) => forms.isEditing(note) ? <InlineRecordForm onDirtyChange={forms.onDirtyChange} ... /> : <NoteCard onEdit={() => forms.openEdit(note)} />}
 */
export function useInlineRecordForms<T extends { id: string }>() {
  const [state, setState] = useState<FormState<T>>({ mode: "closed" });
  const addFormId = useId();
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const [closings, setClosings] = useState(0);
  const dirtyRef = useRef(false);
  const onDirtyChange = useCallback((dirty: boolean) => {
    dirtyRef.current = dirty;
  }, []);
  /** Whether the open form may give way to another: nothing typed, or the person says so. */
  const mayReplace = () => !dirtyRef.current || window.confirm(DISCARD_CHANGES_QUESTION);

  useEffect(() => {
    if (!closings) return;
    const target = returnFocusRef.current;
    returnFocusRef.current = null;
    (target?.isConnected ? target : addButtonRef.current)?.focus();
  }, [closings]);

  const rememberFocus = () => {
    returnFocusRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };

  const close = useCallback(() => {
    setState({ mode: "closed" });
    setClosings((n) => n + 1);
  }, []);

  const openAdd = () => {
    if (state.mode === "edit" && !mayReplace()) return;
    rememberFocus();
    setState({ mode: "add" });
  };
  const toggleAdd = () => (state.mode === "add" ? close() : openAdd());
  const openEdit = (record: T) => {
    if (state.mode !== "closed" && !mayReplace()) return;
    rememberFocus();
    setState({ mode: "edit", record });
  };

  const adding = state.mode === "add";
  const editing = state.mode === "edit" ? state.record : null;
  return {
    adding,
    editing,
    isEditing: (record: T) => editing?.id === record.id,
    addFormId,
    openAdd,
    toggleAdd,
    openEdit,
    close,
    /** Pass to the open `InlineRecordForm`, so opening another one can ask before discarding it. */
    onDirtyChange,
    /** Spread on the header's add button: it toggles the add form and says whether it is open. */
    addButtonProps: {
      ref: addButtonRef,
      onClick: toggleAdd,
      "aria-expanded": adding,
      "aria-controls": adding ? addFormId : undefined,
    },
  };
}
