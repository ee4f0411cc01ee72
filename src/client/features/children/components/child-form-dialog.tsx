import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { Controller, type Path, type Resolver, useForm } from "react-hook-form";
import { ChildAvatar } from "@/client/components/children/child-avatar";
import { useLeaveGuard } from "@/client/components/forms/unsaved-changes";
import { useGuardedDialog } from "@/client/components/forms/use-guarded-dialog";
import type { RecordFormDialogProps } from "@/client/components/record-screen/types";
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/client/components/ui/select";
import { Textarea } from "@/client/components/ui/textarea";
import { errorIssues } from "@/client/lib/api";
import { ageFromDateOfBirth, type ChildInput, GESTATION_WEEKS, MAX_CHILD_AGE } from "@/domain/children";
import type { Child } from "../api";
import { type ChildFormValues, childFormSchema, childFormValues, childRequestBody } from "../child-form";
import { AvatarColorPicker } from "./avatar-color-picker";

/** Radix Select items cannot have an empty value; this one stands for "no gender given". */
const GENDER_NOT_SPECIFIED = "not-specified";

/** The children screen's own add/edit dialog (its record screen gives the texts and the request). */
export type ChildFormDialogProps = RecordFormDialogProps<Child, ChildInput>;

/**
 * 'Add New Child' / 'Edit Child Information': colour, name, gender, birth date, age, gestational age
 * at birth, diagnosis, notes.
 */
export function ChildFormDialog(props: ChildFormDialogProps) {
  const { open, onOpenChange, title, description } = props;
  const guard = useGuardedDialog(onOpenChange);
  return (
    <Dialog open={open} onOpenChange={guard.onOpenChange}>
      <DialogContent
        className="sm:max-w-xl"
        onOpenAutoFocus={(event) => {
          // Start in the name field rather than on the first colour swatch.
          const nameInput = (event.target as HTMLElement).querySelector<HTMLInputElement>(
            'input[name="name"]',
          );
          if (nameInput) {
            event.preventDefault();
            nameInput.focus();
          }
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts from the child's values (or empty ones). */}
        <ChildForm {...props} onCancel={guard.requestClose} onDirtyChange={guard.report} />
      </DialogContent>
    </Dialog>
  );
}

function ChildForm({
  onOpenChange,
  record: child,
  submitLabel,
  pendingLabel,
  onSubmit,
  onCancel,
  onDirtyChange,
}: ChildFormDialogProps & {
  onCancel: () => void;
  onDirtyChange: (dirty: boolean, discard: () => void) => void;
}) {
  const form = useForm<ChildFormValues, unknown, ChildInput>({
    // The schema accepts wider input than these strings; its output is the request body.
    resolver: zodResolver(childFormSchema) as unknown as Resolver<ChildFormValues, unknown, ChildInput>,
    defaultValues: childFormValues(child),
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  useEffect(() => onDirtyChange(isDirty, () => {}), [isDirty, onDirtyChange]);
  useLeaveGuard(isDirty, () => {});

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(childRequestBody(values));
      onOpenChange(false);
    } catch (err) {
      // The toast said it failed; put any field problems the server named under their fields.
      const unplaced: string[] = [];
      for (const issue of errorIssues(err)) {
        if (issue.path in form.getValues())
          form.setError(issue.path as Path<ChildFormValues>, { message: issue.message });
        else unplaced.push(issue.message);
      }
      if (unplaced.length) form.setError("root.server", { message: unplaced.join(" ") });
    }
  });

  // Entering a date of birth fills the age with the whole years since (spec section 4).
  const dateOfBirth = form.register("dateOfBirth", {
    onChange: (event: { target: { value: string } }) => {
      const years = event.target.value ? ageFromDateOfBirth(event.target.value) : null;
      if (years !== null) form.setValue("age", String(years), { shouldDirty: true, shouldValidate: true });
    },
  });
  const name = form.watch("name");

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="flex items-center gap-4">
        <ChildAvatar name={name || "?"} color={form.watch("avatarColor")} size="lg" />
        <Controller
          control={form.control}
          name="avatarColor"
          render={({ field }) => <AvatarColorPicker value={field.value} onChange={field.onChange} />}
        />
      </div>

      <FormField label="Child's Name *" required error={errors.name?.message}>
        {(control) => <Input {...control} {...form.register("name")} autoComplete="off" />}
      </FormField>

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Gender" error={errors.gender?.message}>
          {(control) => (
            <Controller
              control={form.control}
              name="gender"
              render={({ field }) => (
                <Select
                  value={field.value || GENDER_NOT_SPECIFIED}
                  onValueChange={(v) => field.onChange(v === GENDER_NOT_SPECIFIED ? "" : v)}
                  name={field.name}
                >
                  <SelectTrigger {...control} ref={field.ref} onBlur={field.onBlur}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={GENDER_NOT_SPECIFIED}>Not specified</SelectItem>
                    <SelectItem value="male">Male</SelectItem>
                    <SelectItem value="female">Female</SelectItem>
                  </SelectContent>
                </Select>
              )}
            />
          )}
        </FormField>
        <FormField label="Date of Birth" error={errors.dateOfBirth?.message}>
          {(control) => <Input {...control} {...dateOfBirth} type="date" />}
        </FormField>
      </div>

      <FormField label="Age (years)" error={errors.age?.message}>
        {(control) => (
          <Input
            {...control}
            {...form.register("age")}
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_CHILD_AGE}
            step={1}
          />
        )}
      </FormField>

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Born at (weeks of pregnancy)"
          error={errors.gestationalAgeWeeks?.message}
          hint="Born before 37 weeks: the growth charts use the corrected age until 2 years."
        >
          {(control) => (
            <Input
              {...control}
              {...form.register("gestationalAgeWeeks")}
              type="number"
              inputMode="numeric"
              min={GESTATION_WEEKS.min}
              max={GESTATION_WEEKS.max}
              step={1}
            />
          )}
        </FormField>
        <FormField label="and days (0 to 6)" error={errors.gestationalAgeDays?.message}>
          {(control) => (
            <Input
              {...control}
              {...form.register("gestationalAgeDays")}
              type="number"
              inputMode="numeric"
              min={0}
              max={6}
              step={1}
            />
          )}
        </FormField>
      </div>

      <FormField label="Medical Diagnosis" error={errors.medicalDiagnosis?.message}>
        {(control) => (
          <Input
            {...control}
            {...form.register("medicalDiagnosis")}
            placeholder="e.g., Short bowel syndrome"
            autoComplete="off"
          />
        )}
      </FormField>

      <FormField label="Additional Notes" error={errors.notes?.message}>
        {(control) => (
          <Textarea
            {...control}
            {...form.register("notes")}
            rows={3}
            placeholder="Allergies, routines, anything the care team should know..."
          />
        )}
      </FormField>

      <FormAlert message={errors.root?.server?.message} />
      <DialogFooter className={stickyFooterClassName}>
        <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? pendingLabel : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
