import { useCallback, useEffect, useId, useRef, useState } from "react";
import type { FieldValues } from "react-hook-form";
import { confirmDiscard } from "@/client/components/forms/unsaved-changes";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeader } from "@/client/components/ui/card";
import { FormAlert } from "@/client/components/ui/form-field";
import { useBackCloses } from "@/client/components/ui/use-back-closes";
import type { AuthoredRecord } from "@/client/lib/record-authors";
import { cn } from "@/client/lib/utils";
import { RecordAuthors } from "./record-authors";
import { DraftRestoredNote } from "./record-dialog";
import { RecordFields } from "./record-fields";
import { type RecordFormProps, useRecordForm } from "./use-record-form";

export interface InlineRecordFormProps<TValues extends FieldValues, TOutput>
  extends RecordFormProps<TValues, TOutput> {
  /** The form's heading and accessible name: 'New Note' / 'Edit Note'. */
  title: string;
  description?: string;
  /** The record edited: who added and changed it, under the heading. */
  authors?: AuthoredRecord | null;
  /**
   * Cancel, and after a successful submit (the page unmounts the form, so the next opening starts
   * empty); a rejected submit keeps the form open.
   */
  onClose: () => void;
  /**
   * Told whether the form holds changes not saved yet (false again once it closes), and how to
   * drop its draft if another form replaces it.
   */
  onDirtyChange?: (dirty: boolean, discard: () => void) => void;
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
    authors,
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
  const { form, submit, pending, serverError, dirty, restored, discardDraft } = useRecordForm({
    ...props,
    onSubmitted: (submitted) => {
      submitted.reset(defaultValues);
      onClose();
    },
  });
  /** Cancel, Esc and the phone's Back: close, asking first when something was typed. */
  const cancel = async () => {
    if (dirty && !(await confirmDiscard())) return;
    discardDraft();
    onClose();
  };
  useBackCloses(true, () => void cancel());

  useEffect(() => {
    onDirtyChange?.(dirty, discardDraft);
    return () => onDirtyChange?.(false, () => {});
  }, [dirty, discardDraft, onDirtyChange]);

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
      <form
        onSubmit={submit}
        noValidate
        aria-labelledby={titleId}
        onKeyDown={(event) => {
          if (event.key === "Escape" && !event.defaultPrevented) {
            event.preventDefault();
            void cancel();
          }
        }}
      >
        <CardHeader>
          <h2 id={titleId} className="font-semibold text-lg leading-tight">
            {title}
          </h2>
          {description ? <p className="text-muted-foreground text-sm">{description}</p> : null}
          <RecordAuthors record={authors ?? null} />
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {restored ? <DraftRestoredNote /> : null}
          <RecordFields form={form} fields={fields} />
          <FormAlert message={serverError} />
          {/* Save and Cancel stay at the bottom of the screen (above the phone's bottom bar) while the form is in view. */}
          <div
            data-form-footer=""
            className="sticky bottom-(--bottom-clear) z-10 -mx-5 -mb-5 flex flex-col-reverse gap-2 rounded-b-xl border-border border-t bg-card px-5 py-3 sm:-mx-6 sm:-mb-6 sm:flex-row sm:justify-end sm:px-6"
          >
            <Button variant="outline" onClick={() => void cancel()} disabled={pending}>
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
  const dirtyRef = useRef({ dirty: false, discard: () => {} });
  const onDirtyChange = useCallback((dirty: boolean, discard: () => void) => {
    dirtyRef.current = { dirty, discard };
  }, []);
  /** Whether the open form may give way to another: nothing typed, or the person says to discard it. */
  const mayReplace = async () => {
    if (!dirtyRef.current.dirty) return true;
    if (!(await confirmDiscard())) return false;
    dirtyRef.current.discard();
    return true;
  };

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

  const openAdd = async () => {
    rememberFocus();
    if (state.mode === "edit" && !(await mayReplace())) return;
    setState({ mode: "add" });
  };
  const toggleAdd = async () => {
    if (state.mode !== "add") return openAdd();
    if (await mayReplace()) close();
  };
  const openEdit = async (record: T) => {
    rememberFocus();
    if (state.mode !== "closed" && !(await mayReplace())) return;
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
