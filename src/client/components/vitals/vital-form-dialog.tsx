import { useEffect, useMemo } from "react";
import { ChoiceChips } from "@/client/components/forms/choice-chips";
import { useGuardedDialog } from "@/client/components/forms/use-guarded-dialog";
import { RecordAuthors } from "@/client/components/record-screen/record-authors";
import { DraftRestoredNote } from "@/client/components/record-screen/record-dialog";
import type { RecordFieldConfig } from "@/client/components/record-screen/record-fields";
import { SecondLookDialog } from "@/client/components/record-screen/second-look";
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
import { useAuth } from "@/client/lib/auth";
import { useChildren } from "@/client/lib/children-api";
import { toDateOnly, toTimeOnly } from "@/client/lib/format";
import { vitalValueLabel } from "@/client/lib/vital-values";
import type { Vital, VitalBody } from "@/client/lib/vitals-api";
import {
  TEMPERATURE_SITE_LABELS,
  type TemperatureSite,
  VITAL_KINDS,
  VITAL_LABELS,
  type VitalKind,
} from "@/domain/vitals";
import {
  VITAL_FORM_FIELDS,
  type VitalFormValues,
  vitalFormSchema,
  vitalFormValues,
  vitalSecondLooks,
} from "./vital-form";

export interface VitalFormDialogProps {
  open: boolean;
  /** Also called with false once `onSubmit` resolved. */
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  /** The record edited; null when adding. */
  record: Vital | null;
  /** What a new entry measures. */
  kind: VitalKind;
  /** The child of a new entry; null asks which child (for a family with several). */
  childId: string | null;
  /** Whether the form offers the four kinds (the Vitals screen) or keeps `kind` (the quick log). */
  chooseKind?: boolean;
  submitLabel: string;
  pendingLabel: string;
  /** Where what is typed is kept on this device until saved ('Vitals:new'). */
  draftKey?: string;
  /** Sends the request; rejecting keeps the form open with the server's messages under the fields. */
  onSubmit: (body: VitalBody, entry: { key: string }) => Promise<unknown>;
}

/** The sites in the order a parent reaches for them: under the arm and in the mouth first. */
const SITES: readonly TemperatureSite[] = ["axillary", "oral", "tympanic", "temporal", "rectal"];

/** The request's fields, for the server's messages to land under them. */
const FIELDS = VITAL_FORM_FIELDS.map((name) => ({
  name,
  label: name,
})) as RecordFieldConfig<VitalFormValues>[];

/**
 * Adds or changes a temperature, weight, length or head circumference: the value in the family's
 * unit (a decimal keyboard on phones; the focus starts there), where a temperature was taken, the
 * date and time (now on the family's clock) and notes. A temperature below 35.0 °C asks for a second
 * look before it is saved. Closing with unsaved typing asks first; what was typed is kept as a draft
 * on the device.
 */
export function VitalFormDialog(props: VitalFormDialogProps) {
  const { open, onOpenChange, title, description, record } = props;
  const guard = useGuardedDialog(onOpenChange);
  return (
    <Dialog open={open} onOpenChange={guard.onOpenChange}>
      <DialogContent {...(description ? {} : { "aria-describedby": undefined })}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : null}
          {record ? <RecordAuthors record={record} /> : null}
        </DialogHeader>
        <VitalForm {...props} onCancel={guard.requestClose} onDirtyChange={guard.report} />
      </DialogContent>
    </Dialog>
  );
}

function VitalForm({
  record,
  kind: startKind,
  childId,
  chooseKind = false,
  submitLabel,
  pendingLabel,
  draftKey,
  onSubmit,
  onOpenChange,
  onCancel,
  onDirtyChange,
}: VitalFormDialogProps & {
  onCancel: () => void;
  onDirtyChange: (dirty: boolean, discard: () => void) => void;
}) {
  const unit = useAuth().user?.temperatureUnit ?? "C";
  const { data: children = [] } = useChildren();
  const original = record?.kind === "temperature" ? record.value : null;
  const schema = useMemo(() => vitalFormSchema(unit, original), [unit, original]);
  // The values the form opened with: now, on the family's clock, for a new entry.
  // biome-ignore lint/correctness/useExhaustiveDependencies: fixed while the form is open.
  const defaultValues = useMemo(
    () => vitalFormValues(record, { kind: startKind, childId, date: toDateOnly(), time: toTimeOnly() }, unit),
    [],
  );
  const { form, submit, pending, serverError, dirty, restored, discardDraft, secondLook, answerSecondLook } =
    useRecordForm<VitalFormValues, VitalBody>({
      schema,
      fields: FIELDS,
      defaultValues,
      draftKey,
      onSubmit,
      onSubmitted: () => onOpenChange(false),
      secondLooks: (body) => vitalSecondLooks(body, unit),
    });
  useEffect(() => onDirtyChange(dirty, discardDraft), [dirty, discardDraft, onDirtyChange]);
  // The number is what is typed first: the cursor waits in it.
  useEffect(() => form.setFocus("value"), [form]);

  const { errors } = form.formState;
  const kind = form.watch("kind");
  const set = (name: "childId" | "kind" | "site", value: string) =>
    form.setValue(name, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const message = (name: keyof VitalFormValues) => {
    const text = errors[name]?.message;
    return typeof text === "string" ? text : undefined;
  };
  // A new entry of a family with several children, none chosen yet: which child.
  const askChild = !record && !defaultValues.childId && children.length > 0;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {restored ? <DraftRestoredNote /> : null}
      {askChild ? (
        <ChoiceChips
          label="Child *"
          value={form.watch("childId")}
          onChange={(id) => set("childId", id)}
          error={message("childId")}
          choices={children.map((child) => ({ value: child.id, label: child.name }))}
        />
      ) : null}
      {chooseKind ? (
        <ChoiceChips
          label="Measurement"
          value={kind}
          onChange={(next) => {
            set("kind", next);
            if (next !== "temperature") set("site", "");
          }}
          choices={VITAL_KINDS.map((k) => ({ value: k, label: VITAL_LABELS[k] }))}
        />
      ) : null}
      <FormField label={`${vitalValueLabel(kind, unit)} *`} error={message("value")} required>
        {(control) => (
          <Input
            {...control}
            {...form.register("value")}
            inputMode="decimal"
            autoComplete="off"
            enterKeyHint="done"
            className="h-12 max-w-48 text-lg max-sm:h-12"
          />
        )}
      </FormField>
      {kind === "temperature" ? (
        <ChoiceChips
          label="Taken"
          value={form.watch("site")}
          onChange={(site) => set("site", site)}
          error={message("site")}
          choices={SITES.map((site) => ({ value: site, label: TEMPERATURE_SITE_LABELS[site] }))}
        />
      ) : null}
      <div className="grid grid-cols-2 gap-4">
        <FormField label="Date *" error={message("date")} required>
          {(control) => <Input {...control} {...form.register("date")} type="date" max={toDateOnly()} />}
        </FormField>
        <FormField label="Time" error={message("time")}>
          {(control) => (
            <TimeInput
              {...control}
              value={form.watch("time") ?? ""}
              onChange={(time) => form.setValue("time", time, { shouldDirty: true })}
            />
          )}
        </FormField>
      </div>
      <FormField label="Notes" error={message("notes")}>
        {(control) => (
          <Textarea
            {...control}
            {...form.register("notes")}
            rows={2}
            placeholder={kind === "temperature" ? "Chills after the flush, fever medicine given..." : ""}
          />
        )}
      </FormField>
      {!record && !defaultValues.childId && children.length === 0 ? (
        <FormAlert message="Vitals belong to a child: add a child profile on Children first." />
      ) : null}
      {/* A child the form does not offer (no choice shown) can still be refused. */}
      <FormAlert
        message={[askChild ? undefined : message("childId"), serverError].filter(Boolean).join(" ")}
      />
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
