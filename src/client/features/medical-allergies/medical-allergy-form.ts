import { type ChildLinkFormValues, childFormValue } from "@/client/components/children/child-select-field";
import { linkChild } from "@/client/components/children/link-child";
import { toFormValues } from "@/client/components/record-screen/form-values";
import type { RecordFieldConfig } from "@/client/components/record-screen/record-fields";
import { ALLERGY_SEVERITIES, ALLERGY_SEVERITY_LABELS, medicalAllergyInput } from "@/domain/allergies";
import type { MedicalAllergy } from "./api";

const FORM_KEYS = ["allergen", "reaction", "severity", "dateDiscovered", "treatment", "notes"] as const;

export type MedicalAllergyFormValues = Record<(typeof FORM_KEYS)[number], string> & ChildLinkFormValues;

export type AllergySeverity = (typeof ALLERGY_SEVERITIES)[number];

/** The server's schema; the Child field's "No specific child" becomes null. */
export const medicalAllergyFormSchema = linkChild(medicalAllergyInput);

/** The dialog's fields, with the family's Child select (from `useChildSelectField`). */
export function medicalAllergyFields(
  childField: RecordFieldConfig<MedicalAllergyFormValues>,
): RecordFieldConfig<MedicalAllergyFormValues>[] {
  return [
    { name: "allergen", label: "Allergen *", required: true, placeholder: "Penicillin", autoComplete: "off" },
    {
      name: "severity",
      label: "Severity *",
      type: "select",
      required: true,
      placeholder: "Select severity",
      options: ALLERGY_SEVERITIES.map((severity) => ({
        value: severity,
        label: ALLERGY_SEVERITY_LABELS[severity],
      })),
    },
    {
      name: "reaction",
      label: "Reaction *",
      type: "textarea",
      rows: 2,
      required: true,
      placeholder: "Hives and swelling of the lips",
    },
    { name: "dateDiscovered", label: "Date Discovered", type: "date" },
    childField,
    {
      name: "treatment",
      more: true,
      label: "Treatment",
      type: "textarea",
      rows: 2,
      placeholder: "Antihistamine, EpiPen...",
    },
    {
      name: "notes",
      more: true,
      label: "Notes",
      type: "textarea",
      placeholder: "Cross-reactions, who has been told...",
    },
  ];
}

/** The filtered child when adding; the allergy's values when editing. */
export function medicalAllergyFormValues(
  allergy: MedicalAllergy | null,
  filterChildId: string | null,
): MedicalAllergyFormValues {
  return { ...toFormValues(FORM_KEYS, allergy), childId: childFormValue(allergy, filterChildId) };
}

/** The medical allergy form as its record screen takes it: schema, fields and starting values. */
export const medicalAllergyForm = {
  schema: medicalAllergyFormSchema,
  fields: medicalAllergyFields,
  toFormValues: medicalAllergyFormValues,
};
