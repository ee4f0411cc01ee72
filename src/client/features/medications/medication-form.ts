import { type ChildLinkFormValues, childFormValue } from "@/client/components/children/child-select-field";
import { linkChild } from "@/client/components/children/link-child";
import { toFormValues } from "@/client/components/record-screen/form-values";
import type { RecordFieldConfig } from "@/client/components/record-screen/record-fields";
import type { Medication } from "@/client/lib/medications-api";
import { medicationInput } from "@/domain/medications";

const FORM_KEYS = [
  "name",
  "dosage",
  "frequency",
  "prescribedBy",
  "startDate",
  "endDate",
  "purpose",
  "instructions",
  "isActive",
  "notes",
] as const;

export type MedicationFormValues = Record<(typeof FORM_KEYS)[number], string> &
  ChildLinkFormValues & {
    /** Typed comma-separated; the schema splits it into a trimmed list. */
    sideEffects: string;
  };

/** The server's schema: side effects become a list, "No specific child" null. */
export const medicationFormSchema = linkChild(medicationInput);

/** The form's fields, with the family's Child select (from `useChildSelectField`). */
export function medicationFields(
  childField: RecordFieldConfig<MedicationFormValues>,
): RecordFieldConfig<MedicationFormValues>[] {
  return [
    {
      name: "name",
      label: "Medication Name *",
      required: true,
      placeholder: "Omeprazole",
      autoComplete: "off",
    },
    { name: "dosage", label: "Dosage *", required: true, placeholder: "5 mg" },
    { name: "frequency", label: "Frequency *", required: true, placeholder: "Twice daily" },
    { name: "prescribedBy", more: true, label: "Prescribed By", placeholder: "Dr. Emily Chen" },
    { name: "startDate", label: "Start Date", type: "date" },
    { name: "endDate", label: "End Date", type: "date" },
    { name: "purpose", more: true, label: "Purpose", placeholder: "Reflux" },
    {
      name: "isActive",
      label: "Status",
      type: "select",
      options: [
        { value: "true", label: "Active" },
        { value: "false", label: "Discontinued" },
      ],
    },
    {
      name: "sideEffects",
      more: true,
      label: "Side Effects",
      placeholder: "Drowsiness, upset stomach",
      hint: "Separate side effects with commas.",
    },
    childField,
    {
      name: "instructions",
      more: true,
      label: "Instructions",
      type: "textarea",
      rows: 2,
      placeholder: "Give 30 minutes before feeds",
    },
    {
      name: "notes",
      more: true,
      label: "Notes",
      type: "textarea",
      placeholder: "Pharmacy, refills, anything else...",
    },
  ];
}

/** Active and the filtered child when adding; the medication's values (side effects as "a, b") when editing. */
export function medicationFormValues(
  medication: Medication | null,
  filterChildId: string | null,
): MedicationFormValues {
  const values = toFormValues(FORM_KEYS, medication);
  return {
    ...values,
    isActive: medication?.isActive ?? "true",
    sideEffects: medication?.sideEffects.join(", ") ?? "",
    childId: childFormValue(medication, filterChildId),
  };
}

/** The medication form as its record screen takes it: schema, fields and starting values. */
export const medicationForm = {
  schema: medicationFormSchema,
  fields: medicationFields,
  toFormValues: medicationFormValues,
};
