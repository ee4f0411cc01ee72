import { type ChildLinkFormValues, childFormValue } from "@/client/components/children/child-select-field";
import { linkChild } from "@/client/components/children/link-child";
import { toFormValues } from "@/client/components/record-screen/form-values";
import type { RecordFieldConfig } from "@/client/components/record-screen/record-fields";
import { toDateOnly } from "@/client/lib/format";
import { specialistVisitInput } from "@/domain/visits";
import type { SpecialistVisit } from "./api";

const FORM_KEYS = [
  "doctorName",
  "specialty",
  "date",
  "time",
  "location",
  "purpose",
  "notes",
  "followUpNeeded",
] as const;

export type SpecialistVisitFormValues = Record<(typeof FORM_KEYS)[number], string> & ChildLinkFormValues;

/** The server's schema; the Child field's "No specific child" becomes null. */
export const specialistVisitFormSchema = linkChild(specialistVisitInput);

/** The dialog's fields, with the family's Child select (from `useChildSelectField`). */
export function specialistVisitFields(
  childField: RecordFieldConfig<SpecialistVisitFormValues>,
): RecordFieldConfig<SpecialistVisitFormValues>[] {
  return [
    {
      name: "doctorName",
      label: "Doctor Name *",
      required: true,
      placeholder: "Dr. Emily Chen",
      autoComplete: "off",
    },
    { name: "specialty", label: "Specialty *", required: true, placeholder: "Gastroenterology" },
    { name: "date", label: "Date *", type: "date", required: true },
    { name: "time", label: "Time", type: "time" },
    childField,
    { name: "location", label: "Location", placeholder: "Children's Hospital, Clinic B" },
    {
      name: "purpose",
      label: "Purpose",
      type: "textarea",
      rows: 2,
      placeholder: "Routine check of TPN tolerance",
    },
    {
      name: "notes",
      more: true,
      label: "Notes",
      type: "textarea",
      placeholder: "What the doctor said, changes to the plan...",
    },
    {
      name: "followUpNeeded",
      label: "Follow-up needed",
      type: "textarea",
      rows: 2,
      placeholder: "Repeat blood work in 2 weeks",
    },
  ];
}

/** Today and the filtered child when adding; the visit's values when editing. */
export function specialistVisitFormValues(
  visit: SpecialistVisit | null,
  filterChildId: string | null,
): SpecialistVisitFormValues {
  const values = toFormValues(FORM_KEYS, visit);
  return {
    ...values,
    date: visit ? values.date : toDateOnly(),
    childId: childFormValue(visit, filterChildId),
  };
}

/** The specialist visit form as its record screen takes it: schema, fields and starting values. */
export const specialistVisitForm = {
  schema: specialistVisitFormSchema,
  fields: specialistVisitFields,
  toFormValues: specialistVisitFormValues,
};
