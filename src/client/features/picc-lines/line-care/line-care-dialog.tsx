import { useEffect, useId } from "react";
import { Controller, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { ChoiceChips } from "@/client/components/forms/choice-chips";
import { useGuardedDialog } from "@/client/components/forms/use-guarded-dialog";
import { LengthFlag } from "@/client/components/line-care/length-flag";
import { RecordAuthors } from "@/client/components/record-screen/record-authors";
import { RecordFields } from "@/client/components/record-screen/record-fields";
import { useRecordForm } from "@/client/components/record-screen/use-record-form";
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
import { lengthFlagText, typedLength } from "@/client/lib/line-length-flag";
import { cn } from "@/client/lib/utils";
import { DRESSING_TYPE_LABELS, DRESSING_TYPES, SITE_FINDING_LABELS, SITE_FINDINGS } from "@/domain/line-care";
import type { lineCareInput } from "@/domain/line-care-records";
import type { LineCareEvent, PiccLine } from "../api";
import {
  COMMON_FIELDS,
  KIND_CHOICES,
  kindFields,
  LINE_CARE_FIELD_NAMES,
  type LineCareFormValues,
  lineCareFormSchema,
  lineCareFormValues,
} from "./line-care-form";

type Output = z.output<typeof lineCareInput>;

export interface LineCareDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  line: PiccLine;
  /** "Double lumen, right arm, in Jul 5, 2026" */
  lineName: string;
  /** The event changed; null to log a new one. */
  event: LineCareEvent | null;
  onSubmit: (output: Output, entry: { key: string }) => Promise<unknown>;
}

/**
 * Log care (or change what was logged) for one line: what was done as one-tap choices, then only
 * that kind's fields, the date and time (now, on the family's clock) and notes. Checked with the
 * server's schema; a length more than 1 cm off the length at insertion is flagged as it is typed.
 */
export function LineCareDialog(props: LineCareDialogProps) {
  const { open, onOpenChange, event, lineName } = props;
  const guard = useGuardedDialog(onOpenChange);
  return (
    <Dialog open={open} onOpenChange={guard.onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{event ? "Edit Line Care" : "Log Line Care"}</DialogTitle>
          <DialogDescription>{lineName}. Required fields are marked *.</DialogDescription>
          {event ? <RecordAuthors record={event} /> : null}
        </DialogHeader>
        <LineCareForm {...props} onCancel={guard.requestClose} onDirtyChange={guard.report} />
      </DialogContent>
    </Dialog>
  );
}

function LineCareForm({
  line,
  event,
  onSubmit,
  onOpenChange,
  onCancel,
  onDirtyChange,
}: LineCareDialogProps & {
  onCancel: () => void;
  onDirtyChange: (dirty: boolean, discard: () => void) => void;
}) {
  const { form, submit, pending, serverError, dirty, discardDraft } = useRecordForm<
    LineCareFormValues,
    Output
  >({
    schema: lineCareFormSchema,
    fields: LINE_CARE_FIELD_NAMES,
    defaultValues: lineCareFormValues(line, event),
    onSubmit,
    onSubmitted: () => onOpenChange(false),
  });
  useEffect(() => onDirtyChange(dirty, discardDraft), [dirty, discardDraft, onDirtyChange]);
  const kind = form.watch("kind");
  const length = form.watch("externalLengthCm");
  const { errors } = form.formState;
  const showsLength = kind === "dressing" || kind === "external-length";
  const own = kindFields(line, kind);
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <ChoiceChips
        label="What was done? *"
        choices={KIND_CHOICES}
        value={kind}
        onChange={(value) => form.setValue("kind", value, { shouldDirty: true, shouldValidate: true })}
        error={errors.kind ? "Choose what was done" : undefined}
      />
      {kind === "dressing" ? (
        <ChoiceChips
          label="Dressing *"
          choices={DRESSING_TYPES.map((value) => ({ value, label: DRESSING_TYPE_LABELS[value] }))}
          value={form.watch("dressingType")}
          onChange={(value) =>
            form.setValue("dressingType", value, { shouldDirty: true, shouldValidate: true })
          }
          error={errors.dressingType?.message}
        />
      ) : null}
      {kind === "site-check" ? <FindingsField form={form} /> : null}
      {own.length ? <RecordFields key={kind} form={form} fields={own} /> : null}
      {showsLength ? (
        <LengthFlag live text={lengthFlagText(line.externalLengthCm, typedLength(length))} />
      ) : null}
      {kind ? <RecordFields form={form} fields={COMMON_FIELDS} /> : null}
      <FormAlert message={serverError} />
      <DialogFooter className={stickyFooterClassName}>
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? "Saving..." : event ? "Update" : "Save"}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** What the site looked like: one or more; Normal and a finding exclude each other. */
function FindingsField({ form }: { form: UseFormReturn<LineCareFormValues, unknown, Output> }) {
  const errorId = useId();
  const error = form.formState.errors.findings?.message;
  return (
    <Controller
      control={form.control}
      name="findings"
      render={({ field }) => {
        const ticked = field.value ?? [];
        const toggle = (finding: string, on: boolean) => {
          const others = ticked.filter((f) => f !== finding);
          const next = on
            ? finding === "normal"
              ? ["normal"]
              : [...others.filter((f) => f !== "normal"), finding]
            : others;
          field.onChange(next);
        };
        return (
          <fieldset aria-describedby={error ? errorId : undefined} className="flex flex-col gap-1.5">
            <legend className="mb-1.5 font-medium text-sm">What did the site look like? *</legend>
            <div className="flex flex-wrap gap-2">
              {SITE_FINDINGS.map((finding) => {
                const on = ticked.includes(finding);
                return (
                  <label
                    key={finding}
                    className={cn(
                      "flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 py-1.5 text-sm has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-ring/40",
                      on
                        ? "border-primary bg-accent font-semibold text-accent-foreground"
                        : "border-input bg-card",
                    )}
                  >
                    <input
                      type="checkbox"
                      checked={on}
                      onChange={(e) => toggle(finding, e.target.checked)}
                      onBlur={field.onBlur}
                      className="size-4 accent-primary"
                    />
                    {SITE_FINDING_LABELS[finding]}
                  </label>
                );
              })}
            </div>
            {typeof error === "string" ? (
              <p id={errorId} className="font-medium text-destructive text-sm">
                {error}
              </p>
            ) : null}
          </fieldset>
        );
      }}
    />
  );
}
