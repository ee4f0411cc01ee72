import { X } from "lucide-react";
import { type ComponentProps, useEffect, useMemo, useState } from "react";
import type { Path } from "react-hook-form";
import { ChoiceChips } from "@/client/components/forms/choice-chips";
import { useGuardedDialog } from "@/client/components/forms/use-guarded-dialog";
import { RecordAuthors } from "@/client/components/record-screen/record-authors";
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
import { fieldClassName, Input } from "@/client/components/ui/input";
import { Textarea } from "@/client/components/ui/textarea";
import { useChildren } from "@/client/lib/children-api";
import { toDateOnly } from "@/client/lib/format";
import { cn } from "@/client/lib/utils";
import { ANALYTES } from "@/domain/lab-analytes";
import { MAX_EVERY, PANEL_UNITS, panelAnalyteLabel } from "@/domain/lab-panels";
import type { LabPanel, LabPanelBody } from "../api";
import {
  LAB_PANEL_FORM_FIELDS,
  type LabPanelFormValues,
  labPanelFormSchema,
  labPanelFormValues,
  namedToken,
  tokenAnalyte,
} from "../lab-panel-form";

const FIELDS = LAB_PANEL_FORM_FIELDS.map((name) => ({
  name,
  label: name,
})) as RecordFieldConfig<LabPanelFormValues>[];

function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(fieldClassName, "h-10 max-sm:h-11", className)} {...props} />;
}

export interface LabPanelDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The panel being changed; null when adding one. */
  record: LabPanel | null;
  /** The child a new panel is for (the child shown), when there is one. */
  childId: string | null;
  onSubmit: (body: LabPanelBody) => Promise<unknown>;
}

/**
 * Adds or changes a panel of a child's lab schedule: its name, its analytes (from the list HPN
 * teams follow, or any other typed in), every N weeks or months from its first due date, how the
 * blood is drawn, and whether it is followed now.
 */
export function LabPanelDialog(props: LabPanelDialogProps) {
  const { open, onOpenChange, record } = props;
  const guard = useGuardedDialog(onOpenChange);
  return (
    <Dialog open={open} onOpenChange={guard.onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{record ? "Edit Lab Panel" : "Add Lab Panel"}</DialogTitle>
          <DialogDescription>
            A blood test the team draws on a schedule. It becomes a task on its due date until its results are
            entered. Required fields are marked *.
          </DialogDescription>
          {record ? <RecordAuthors record={record} /> : null}
        </DialogHeader>
        {open ? <LabPanelForm {...props} onCancel={guard.requestClose} onDirtyChange={guard.report} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function LabPanelForm({
  record,
  childId: shownChild,
  onSubmit,
  onOpenChange,
  onCancel,
  onDirtyChange,
}: LabPanelDialogProps & {
  onCancel: () => void;
  onDirtyChange: (dirty: boolean, discard: () => void) => void;
}) {
  const { data: children = [] } = useChildren();
  // biome-ignore lint/correctness/useExhaustiveDependencies: fixed while the form is open.
  const defaultValues = useMemo(
    () =>
      labPanelFormValues(record, {
        childId: shownChild ?? (children.length === 1 ? children[0]!.id : null),
        today: toDateOnly(),
      }),
    [],
  );
  const { form, submit, pending, serverError, dirty, discardDraft } = useRecordForm<
    LabPanelFormValues,
    LabPanelBody
  >({
    schema: labPanelFormSchema,
    fields: FIELDS,
    defaultValues,
    onSubmit: (body) => onSubmit(body),
    onSubmitted: () => onOpenChange(false),
  });
  useEffect(() => onDirtyChange(dirty, discardDraft), [dirty, discardDraft, onDirtyChange]);
  const { errors } = form.formState;
  const message = (name: Path<LabPanelFormValues>) => {
    const error = errors[name as keyof typeof errors] as { message?: unknown } | undefined;
    return typeof error?.message === "string" ? error.message : undefined;
  };
  const childId = form.watch("childId");
  const analytes = form.watch("analytes");
  const [other, setOther] = useState("");
  const setAnalytes = (next: string[]) =>
    form.setValue("analytes", next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const addOther = () => {
    const name = other.trim();
    if (!name) return;
    const token = namedToken(name);
    if (!analytes.includes(token)) setAnalytes([...analytes, token]);
    setOther("");
  };
  const askChild = !record && !defaultValues.childId && children.length > 0;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {askChild ? (
        <ChoiceChips
          label="Child *"
          value={childId}
          onChange={(id) => form.setValue("childId", id, { shouldDirty: true })}
          error={message("childId")}
          choices={children.map((child) => ({ value: child.id, label: child.name }))}
        />
      ) : null}
      <FormField label="Name *" error={message("name")} required>
        {(control) => (
          <Input {...control} {...form.register("name")} placeholder="Electrolytes and glucose" />
        )}
      </FormField>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium text-sm">Analytes *</legend>
        {analytes.length ? (
          <ul className="flex flex-wrap gap-2" aria-label="Analytes of the panel">
            {analytes.map((token) => {
              const label = panelAnalyteLabel(tokenAnalyte(token));
              return (
                <li
                  key={token}
                  className="inline-flex items-center gap-1 rounded-full border border-border bg-muted py-0.5 pr-1 pl-3 text-sm"
                >
                  {label}
                  <button
                    type="button"
                    className="inline-flex size-7 items-center justify-center rounded-full hover:bg-background focus-visible:outline-2 focus-visible:outline-ring"
                    aria-label={`Remove ${label}`}
                    onClick={() => setAnalytes(analytes.filter((t) => t !== token))}
                  >
                    <X aria-hidden="true" className="size-4" />
                  </button>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="text-muted-foreground text-sm">None yet: add them from the list or by name.</p>
        )}
        <div className="grid gap-2 sm:grid-cols-2">
          <NativeSelect
            aria-label="Add an analyte from the list"
            value=""
            onChange={(event) => {
              const key = event.target.value;
              if (key && !analytes.includes(key)) setAnalytes([...analytes, key]);
            }}
          >
            <option value="">Add from the list…</option>
            {ANALYTES.filter((a) => !analytes.includes(a.key)).map((a) => (
              <option key={a.key} value={a.key}>
                {a.label}
              </option>
            ))}
          </NativeSelect>
          <div className="flex gap-2">
            <Input
              aria-label="Another analyte by name"
              placeholder="Another, by name (TSH)"
              value={other}
              onChange={(event) => setOther(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Enter") {
                  event.preventDefault();
                  addOther();
                }
              }}
            />
            <Button type="button" variant="outline" onClick={addOther} disabled={!other.trim()}>
              Add
            </Button>
          </div>
        </div>
        {message("analytes") ? (
          <p className="text-destructive text-sm" role="alert">
            {message("analytes")}
          </p>
        ) : null}
      </fieldset>

      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <FormField label="Every *" error={message("every")} required>
          {(control) => (
            <Input
              {...control}
              {...form.register("every")}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_EVERY}
            />
          )}
        </FormField>
        <FormField label="Weeks or months *" error={message("unit")} required>
          {(control) => (
            <NativeSelect {...control} {...form.register("unit")}>
              {PANEL_UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {unit === "weeks" ? "Weeks" : "Months"}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField
          label="First due *"
          error={message("firstDue")}
          required
          className="col-span-2 sm:col-span-1"
          hint="Later dates follow from it; a month's 31st falls on a shorter month's last day."
        >
          {(control) => <Input {...control} {...form.register("firstDue")} type="date" />}
        </FormField>
      </div>
      <FormField label="How to draw" error={message("instructions")}>
        {(control) => (
          <Textarea
            {...control}
            {...form.register("instructions")}
            rows={2}
            placeholder="Before the PN starts, from a peripheral vein, fasting"
          />
        )}
      </FormField>
      <FormField
        label="Schedule from"
        error={message("source")}
        hint="Who set this schedule: the team, a guideline."
      >
        {(control) => <Input {...control} {...form.register("source")} placeholder="GI clinic" />}
      </FormField>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-5 accent-primary" {...form.register("active")} />
        Followed now (a paused panel makes no task)
      </label>
      <FormAlert message={serverError} />
      <DialogFooter className={stickyFooterClassName}>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? "Saving..." : record ? "Save Changes" : "Add Panel"}
        </Button>
      </DialogFooter>
    </form>
  );
}
