import { useQueryClient } from "@tanstack/react-query";
import { type RefObject, useEffect, useMemo, useRef, useState } from "react";
import { ChoiceChips } from "@/client/components/forms/choice-chips";
import { useGuardedDialog } from "@/client/components/forms/use-guarded-dialog";
import type { RecordFieldConfig } from "@/client/components/record-screen/record-fields";
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
import { FormAlert, FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { Textarea } from "@/client/components/ui/textarea";
import { TimeInput } from "@/client/components/ui/time-input";
import { tooSoonQuestion } from "@/client/lib/dose-texts";
import { type DoseBody, tooSoonOf } from "@/client/lib/doses-api";
import { familyTimeFormat } from "@/client/lib/family-clock";
import { toDateOnly } from "@/client/lib/format";
import { type Medication, medicationsApi } from "@/client/lib/medications-api";
import { familyClock } from "@/domain/clock";
import { doseMomentText } from "@/domain/dose-moments";
import type { DoseStatus } from "@/domain/doses";
import { DOSE_FORM_FIELDS, type DoseFormValues, doseFormSchema, doseFormValues } from "./dose-form";
import { GiveAnywayDialog } from "./give-anyway-dialog";
import { useDoseMutations } from "./use-dose-mutations";

export interface DoseDialogProps {
  open: boolean;
  /** Also called with false once the dose is saved, or not given after the question. */
  onOpenChange: (open: boolean) => void;
  status: DoseStatus;
  /** The medication given or skipped; with `choices`, the one chosen first (null: none yet). */
  medication: Medication | null;
  /** Log now: the medications to choose among, as one-tap tiles. */
  choices?: readonly Medication[];
  /** When the dose is recorded at: now by default (a skip: the dose it skips). */
  startsAt?: Date;
  title: string;
  description?: string;
  submitLabel?: string;
  /** The values to start from, in place of now and the dosage (a dose waiting to be sent, edited). */
  values?: DoseFormValues;
  /** The record's id it saves under (a dose waiting to be sent: changed, it stays one dose). */
  entryKey?: string;
}

/** Why a dose is skipped, offered as the reason is typed; any other may be typed. */
const SKIP_REASONS = ["Asleep", "Vomiting", "Refused", "Held on the care team's advice", "None left"];

/** The request's fields, for the server's messages to land under them. */
const FIELDS = DOSE_FORM_FIELDS.map((name) => ({ name, label: name })) as RecordFieldConfig<DoseFormValues>[];

/**
 * A dose given or skipped, in the fewest taps: it opens filled in (now on the family's clock, the
 * medication's dosage as the amount) with the focus on Save, so Given then Save records it; the
 * time and amount can be changed first. A dose the server finds shortly after another given dose
 * asks "Give another dose?", naming who gave the first; "Give anyway" sends it again, confirmed.
 */
export function DoseDialog(props: DoseDialogProps) {
  const { open, onOpenChange, title, description } = props;
  const guard = useGuardedDialog(onOpenChange);
  const saveRef = useRef<HTMLButtonElement>(null);
  // A dose given now of a medication already chosen: the focus waits on Save. Otherwise which
  // medication, or why the dose is skipped, comes first.
  const focusSave = props.status === "given" && props.medication !== null;
  return (
    <Dialog open={open} onOpenChange={guard.onOpenChange}>
      <DialogContent
        {...(description ? {} : { "aria-describedby": undefined })}
        onOpenAutoFocus={(event) => {
          if (!focusSave || !saveRef.current) return;
          event.preventDefault();
          saveRef.current.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : null}
        </DialogHeader>
        <DoseForm {...props} saveRef={saveRef} onCancel={guard.requestClose} onDirtyChange={guard.report} />
      </DialogContent>
    </Dialog>
  );
}

/** A medication's tile: its dosage and, while one was given, when the last dose was ("60 mg, last 08:05 today"). */
function choiceHint(medication: Medication, now: Date): string {
  const last = medication.lastDose;
  if (last?.status !== "given") return `${medication.dosage}, ${medication.frequency}`;
  return `${medication.dosage}, last ${doseMomentText(last.givenAt, familyClock().timeZone, now, familyTimeFormat())}`;
}

interface Question {
  text: string;
  answer: (give: boolean) => void;
}

function DoseForm({
  status,
  medication,
  choices,
  startsAt,
  submitLabel = "Save",
  values,
  entryKey,
  onOpenChange,
  onCancel,
  onDirtyChange,
  saveRef,
}: DoseDialogProps & {
  onCancel: () => void;
  onDirtyChange: (dirty: boolean, discard: () => void) => void;
  saveRef: RefObject<HTMLButtonElement | null>;
}) {
  const queryClient = useQueryClient();
  const { createEntry } = useDoseMutations();
  const [question, setQuestion] = useState<Question | null>(null);
  const schema = useMemo(() => doseFormSchema(status), [status]);
  // The values the form opened with: now (or the skipped dose's time), on the family's clock.
  // biome-ignore lint/correctness/useExhaustiveDependencies: fixed while the form is open.
  const defaultValues = useMemo(
    () => values ?? doseFormValues(medication, startsAt ?? new Date(), familyClock().timeZone),
    [],
  );
  const medicationOf = (id: string) => (choices ?? (medication ? [medication] : [])).find((m) => m.id === id);

  /** Asks "Give another dose?"; resolves with the answer. */
  const ask = (text: string) =>
    new Promise<boolean>((resolve) =>
      setQuestion({
        text,
        answer: (give) => {
          setQuestion(null);
          resolve(give);
        },
      }),
    );

  const send = async (body: DoseBody, key: string) => {
    const given = medicationOf(body.medicationId);
    const name = given?.name ?? "The medication";
    const label = `dose of ${name}`;
    // Whose dose it is, for the list of entries waiting to send.
    const childId = given?.childId ?? undefined;
    try {
      await createEntry.mutateAsync({ input: body, entryKey: key, label, childId });
    } catch (err) {
      const tooSoon = tooSoonOf(err);
      if (!tooSoon) throw err;
      // The card behind shows the dose the other caregiver gave, whatever the answer.
      void queryClient.invalidateQueries({ queryKey: medicationsApi.key });
      const text = tooSoonQuestion(name, tooSoon, familyClock().timeZone, new Date());
      if (!(await ask(text))) return;
      // The same entry (its key): the first try was refused, so nothing was made yet.
      await createEntry.mutateAsync({ input: { ...body, confirm: true }, entryKey: key, label, childId });
    }
  };

  const { form, submit, pending, serverError, dirty, discardDraft } = useRecordForm<DoseFormValues, DoseBody>(
    {
      schema,
      fields: FIELDS,
      defaultValues,
      // No draft: a dose's time is the moment it is recorded, and one kept from hours ago could be
      // saved unnoticed as now's.
      onSubmit: (body, entry) => send(body, entryKey ?? entry.key),
      onSubmitted: () => onOpenChange(false),
    },
  );
  useEffect(() => onDirtyChange(dirty, discardDraft), [dirty, discardDraft, onDirtyChange]);

  const { errors } = form.formState;
  const message = (name: keyof DoseFormValues) => {
    const text = errors[name]?.message;
    return typeof text === "string" ? text : undefined;
  };
  const chosenId = form.watch("medicationId");
  const choose = (id: string) => {
    // The amount follows the medication chosen, unless one was typed.
    const amount = form.getValues("amount");
    const before = medicationOf(chosenId);
    if (!amount || amount === before?.dosage) {
      form.setValue("amount", medicationOf(id)?.dosage ?? "", { shouldDirty: true });
    }
    form.setValue("medicationId", id, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };
  const given = status === "given";

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {choices ? (
        <ChoiceChips
          label="Medication *"
          value={chosenId}
          onChange={choose}
          error={message("medicationId")}
          choices={choices.map((m) => ({ value: m.id, label: m.name, hint: choiceHint(m, new Date()) }))}
        />
      ) : null}
      {given ? (
        <FormField label="Amount" error={message("amount")}>
          {(control) => (
            <Input
              {...control}
              {...form.register("amount")}
              autoComplete="off"
              placeholder="The dose given"
            />
          )}
        </FormField>
      ) : (
        <FormField label="Reason" error={message("reason")}>
          {(control) => (
            <>
              <Input
                {...control}
                {...form.register("reason")}
                autoComplete="off"
                placeholder="Asleep, vomiting, refused..."
                list={`${control.id}-reasons`}
              />
              <datalist id={`${control.id}-reasons`}>
                {SKIP_REASONS.map((reason) => (
                  <option key={reason} value={reason} />
                ))}
              </datalist>
            </>
          )}
        </FormField>
      )}
      <div className="grid grid-cols-2 gap-4">
        <FormField label={given ? "Date given *" : "Date *"} error={message("date")} required>
          {(control) => <Input {...control} {...form.register("date")} type="date" max={toDateOnly()} />}
        </FormField>
        <FormField label={given ? "Time given *" : "Time *"} error={message("time")} required>
          {(control) => (
            <TimeInput
              {...control}
              value={form.watch("time") ?? ""}
              onChange={(time) => form.setValue("time", time, { shouldDirty: true })}
            />
          )}
        </FormField>
      </div>
      {given ? (
        <FormField label="Notes" error={message("notes")}>
          {(control) => (
            <Textarea {...control} {...form.register("notes")} rows={2} placeholder="Given with food" />
          )}
        </FormField>
      ) : null}
      <FormAlert message={serverError} />
      <DialogFooter className={stickyFooterClassName}>
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button ref={saveRef} type="submit" disabled={pending}>
          {pending ? "Saving..." : submitLabel}
        </Button>
      </DialogFooter>
      <GiveAnywayDialog question={question?.text ?? null} onAnswer={(give) => question?.answer(give)} />
    </form>
  );
}
