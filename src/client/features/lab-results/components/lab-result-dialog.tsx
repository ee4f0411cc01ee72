import { useQuery } from "@tanstack/react-query";
import { Plus, Trash2 } from "lucide-react";
import { type ComponentProps, useEffect, useMemo } from "react";
import { type Path, useFieldArray } from "react-hook-form";
import { ChoiceChips } from "@/client/components/forms/choice-chips";
import { useGuardedDialog } from "@/client/components/forms/use-guarded-dialog";
import { RecordAuthors } from "@/client/components/record-screen/record-authors";
import type { RecordFieldConfig } from "@/client/components/record-screen/record-fields";
import type { RecordFormDialogProps } from "@/client/components/record-screen/types";
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
import { TimeInput } from "@/client/components/ui/time-input";
import { useChildFilter } from "@/client/lib/child-filter";
import { useChildren } from "@/client/lib/children-api";
import { toDateOnly } from "@/client/lib/format";
import { cn } from "@/client/lib/utils";
import {
  ANALYTES,
  analyteOf,
  convert,
  DRAW_SITE_LABELS,
  DRAW_SITES,
  FASTING_LABELS,
  FASTING_STATES,
  LAB_FLAG_LABELS,
  LAB_FLAGS,
  PN_TIMING_LABELS,
  PN_TIMINGS,
} from "@/domain/lab-results";
import { type LabPanel, type LabResult, type LabResultBody, labTestsListApi } from "../api";
import { panelRows } from "../lab-panel-form";
import {
  type AnalyteRowValues,
  EMPTY_ANALYTE,
  LAB_RESULT_FORM_FIELDS,
  type LabResultFormValues,
  labResultFormSchema,
  labResultFormValues,
  OTHER_ANALYTE,
  rowInUnit,
  rowWithChoice,
} from "../lab-result-form";

const FIELDS = LAB_RESULT_FORM_FIELDS.map((name) => ({
  name,
  label: name,
})) as RecordFieldConfig<LabResultFormValues>[];

/** A native select: one tap on a phone opens the system's list; arrow keys and typing work on a desktop. */
function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(fieldClassName, "h-10 max-sm:h-11", className)} {...props} />;
}

/**
 * Adds or changes a lab result: the child, when and how the blood was drawn, and its analytes,
 * one row each (from the list HPN teams follow, in one of its units, converting what was typed
 * when the unit changes; or any other by name), each with the lab's range and flag.
 */
export function LabResultDialog(
  props: RecordFormDialogProps<LabResult, LabResultBody> & {
    /** A panel of the lab schedule whose results these are: its child and analytes filled in. */
    panel?: LabPanel | undefined;
  },
) {
  const { open, onOpenChange, title, description, record } = props;
  const guard = useGuardedDialog(onOpenChange);
  return (
    <Dialog open={open} onOpenChange={guard.onOpenChange}>
      <DialogContent className="sm:max-w-3xl" {...(description ? {} : { "aria-describedby": undefined })}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : null}
          {record ? <RecordAuthors record={record} /> : null}
        </DialogHeader>
        <LabResultForm {...props} onCancel={guard.requestClose} onDirtyChange={guard.report} />
      </DialogContent>
    </Dialog>
  );
}

function LabResultForm({
  record,
  submitLabel,
  pendingLabel,
  onSubmit,
  onOpenChange,
  onCancel,
  onDirtyChange,
  panel,
}: RecordFormDialogProps<LabResult, LabResultBody> & {
  panel?: LabPanel | undefined;
  onCancel: () => void;
  onDirtyChange: (dirty: boolean, discard: () => void) => void;
}) {
  const { data: children = [] } = useChildren();
  const { childId: filterChildId } = useChildFilter();
  // biome-ignore lint/correctness/useExhaustiveDependencies: fixed while the form is open.
  const defaultValues = useMemo(() => {
    const values = labResultFormValues(record, {
      childId: panel?.childId ?? filterChildId ?? (children.length === 1 ? children[0]!.id : null),
      date: toDateOnly(),
    });
    return panel && !record ? { ...values, analytes: panelRows(panel) } : values;
  }, []);
  const { form, submit, pending, serverError, dirty, discardDraft } = useRecordForm<
    LabResultFormValues,
    LabResultBody
  >({
    schema: labResultFormSchema,
    fields: FIELDS,
    defaultValues,
    onSubmit: (body, entry) => onSubmit(body, record ? undefined : entry),
    onSubmitted: () => onOpenChange(false),
  });
  useEffect(() => onDirtyChange(dirty, discardDraft), [dirty, discardDraft, onDirtyChange]);
  const rows = useFieldArray({ control: form.control, name: "analytes" });
  const { errors } = form.formState;
  const childId = form.watch("childId");
  const values = form.watch("analytes");
  const tests = useQuery(labTestsListApi.listOptions()).data ?? [];
  const testsOfChild = tests.filter((test) => test.childId === null || test.childId === childId);

  const message = (name: Path<LabResultFormValues>) => {
    const error = name
      .split(".")
      .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], errors) as
      | { message?: unknown }
      | undefined;
    return typeof error?.message === "string" ? error.message : undefined;
  };
  const setRow = (index: number, row: AnalyteRowValues) => {
    for (const [key, value] of Object.entries(row))
      form.setValue(`analytes.${index}.${key as keyof AnalyteRowValues}`, value, {
        shouldDirty: true,
        shouldValidate: form.formState.isSubmitted,
      });
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
      <div className="grid grid-cols-2 gap-4">
        <FormField label="Date drawn *" error={message("date")} required>
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

      {panel?.instructions ? (
        <p className="rounded-lg border border-border bg-muted/50 p-3 text-sm">
          <span className="font-medium">How to draw {panel.name}:</span> {panel.instructions}
        </p>
      ) : null}
      <div className="flex flex-col gap-3">
        <h3 className="font-semibold text-base">Analytes</h3>
        {rows.fields.map((field, index) => {
          const row = values[index] ?? EMPTY_ANALYTE;
          const analyte = analyteOf(row.choice);
          const first = analyte?.units[0].unit;
          const typed = Number(row.value);
          const inFirst =
            analyte && first && row.unit !== first && row.value.trim() !== "" && Number.isFinite(typed)
              ? convert(analyte, typed, row.unit, first)
              : undefined;
          return (
            <fieldset key={field.id} className="rounded-lg border border-border p-3">
              <legend className="px-1 font-medium text-sm">Analyte {index + 1}</legend>
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                <FormField
                  label="Analyte *"
                  error={message(`analytes.${index}.choice`)}
                  className="col-span-2"
                  required
                >
                  {(control) => (
                    <NativeSelect
                      {...control}
                      value={row.choice}
                      onChange={(event) => setRow(index, rowWithChoice(row, event.target.value))}
                    >
                      <option value="">Choose an analyte</option>
                      {ANALYTES.map((a) => (
                        <option key={a.key} value={a.key}>
                          {a.label}
                        </option>
                      ))}
                      <option value={OTHER_ANALYTE}>Another (type its name)</option>
                    </NativeSelect>
                  )}
                </FormField>
                {row.choice === OTHER_ANALYTE ? (
                  <FormField
                    label="Name *"
                    error={message(`analytes.${index}.name`)}
                    className="col-span-2"
                    required
                  >
                    {(control) => (
                      <Input {...control} {...form.register(`analytes.${index}.name`)} autoComplete="off" />
                    )}
                  </FormField>
                ) : null}
                <FormField
                  label="Value *"
                  error={message(`analytes.${index}.value`)}
                  hint={inFirst === undefined ? undefined : `= ${Number(inFirst.toPrecision(4))} ${first}`}
                  required
                >
                  {(control) => (
                    <Input
                      {...control}
                      {...form.register(`analytes.${index}.value`)}
                      inputMode="decimal"
                      autoComplete="off"
                    />
                  )}
                </FormField>
                <FormField label="Unit *" error={message(`analytes.${index}.unit`)} required>
                  {(control) =>
                    analyte ? (
                      <NativeSelect
                        {...control}
                        value={row.unit}
                        onChange={(event) => setRow(index, rowInUnit(row, event.target.value))}
                      >
                        {analyte.units.map((u) => (
                          <option key={u.unit} value={u.unit}>
                            {u.unit}
                          </option>
                        ))}
                      </NativeSelect>
                    ) : (
                      <Input {...control} {...form.register(`analytes.${index}.unit`)} autoComplete="off" />
                    )
                  }
                </FormField>
                <FormField label="Range low" error={message(`analytes.${index}.referenceLow`)}>
                  {(control) => (
                    <Input
                      {...control}
                      {...form.register(`analytes.${index}.referenceLow`)}
                      inputMode="decimal"
                      autoComplete="off"
                    />
                  )}
                </FormField>
                <FormField label="Range high" error={message(`analytes.${index}.referenceHigh`)}>
                  {(control) => (
                    <Input
                      {...control}
                      {...form.register(`analytes.${index}.referenceHigh`)}
                      inputMode="decimal"
                      autoComplete="off"
                    />
                  )}
                </FormField>
                <FormField label="Lab's flag" error={message(`analytes.${index}.flag`)}>
                  {(control) => (
                    <NativeSelect {...control} {...form.register(`analytes.${index}.flag`)}>
                      <option value="">From range</option>
                      {LAB_FLAGS.map((f) => (
                        <option key={f} value={f}>
                          {LAB_FLAG_LABELS[f]}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                </FormField>
                {rows.fields.length > 1 ? (
                  <div className="flex items-end">
                    <Button
                      variant="ghost"
                      onClick={() => rows.remove(index)}
                      aria-label={`Remove analyte ${index + 1}`}
                      className="text-destructive"
                    >
                      <Trash2 aria-hidden="true" />
                      Remove
                    </Button>
                  </div>
                ) : null}
              </div>
            </fieldset>
          );
        })}
        <FormAlert message={message("analytes")} />
        <div>
          <Button variant="outline" onClick={() => rows.append({ ...EMPTY_ANALYTE })}>
            <Plus aria-hidden="true" />
            Add analyte
          </Button>
        </div>
      </div>

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <FormField label="Drawn from" error={message("drawSite")}>
          {(control) => (
            <NativeSelect {...control} {...form.register("drawSite")}>
              <option value="">Not said</option>
              {DRAW_SITES.map((site) => (
                <option key={site} value={site}>
                  {DRAW_SITE_LABELS[site]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="PN at the draw" error={message("pnTiming")}>
          {(control) => (
            <NativeSelect {...control} {...form.register("pnTiming")}>
              <option value="">Not said</option>
              {PN_TIMINGS.map((timing) => (
                <option key={timing} value={timing}>
                  {PN_TIMING_LABELS[timing]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Fasting" error={message("fasting")}>
          {(control) => (
            <NativeSelect {...control} {...form.register("fasting")}>
              <option value="">Not said</option>
              {FASTING_STATES.map((state) => (
                <option key={state} value={state}>
                  {FASTING_LABELS[state]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField label="Part of lab test" error={message("labTestId")}>
          {(control) => (
            <NativeSelect {...control} {...form.register("labTestId")}>
              <option value="">None</option>
              {testsOfChild.map((test) => (
                <option key={test.id} value={test.id}>
                  {test.testName}, {test.date}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Lab" error={message("labName")}>
          {(control) => (
            <Input {...control} {...form.register("labName")} placeholder="Children's Hospital lab" />
          )}
        </FormField>
      </div>
      <FormField label="Notes" error={message("notes")}>
        {(control) => (
          <Textarea
            {...control}
            {...form.register("notes")}
            rows={2}
            placeholder="What the team said about the results..."
          />
        )}
      </FormField>
      {!record && !defaultValues.childId && children.length === 0 ? (
        <FormAlert message="Lab results belong to a child: add a child profile on Children first." />
      ) : null}
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
    </form>
  );
}
