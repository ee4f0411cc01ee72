import { type ChildLinkFormValues, childFormValue } from "@/client/components/children/child-select-field";
import { linkChild } from "@/client/components/children/link-child";
import { toFormValues } from "@/client/components/record-screen/form-values";
import type { RecordFieldConfig } from "@/client/components/record-screen/record-fields";
import { toDateOnly } from "@/client/lib/format";
import { LAB_STATUS_LABELS, LAB_STATUSES, labTestInput } from "@/domain/labs";
import type { LabTest } from "./api";

const FORM_KEYS = ["testName", "date", "status", "orderedBy", "results", "normalRange", "notes"] as const;

export type LabTestFormValues = Record<(typeof FORM_KEYS)[number], string> & ChildLinkFormValues;

/** The server's schema; the Child field's "No specific child" becomes null. */
export const labTestFormSchema = linkChild(labTestInput);

/** The dialog's fields, with the family's Child select (from `useChildSelectField`). */
export function labTestFields(
  childField: RecordFieldConfig<LabTestFormValues>,
): RecordFieldConfig<LabTestFormValues>[] {
  return [
    {
      name: "testName",
      label: "Test Name *",
      required: true,
      placeholder: "Complete blood count",
      autoComplete: "off",
    },
    {
      name: "status",
      label: "Status *",
      type: "select",
      required: true,
      options: LAB_STATUSES.map((status) => ({ value: status, label: LAB_STATUS_LABELS[status] })),
    },
    { name: "date", label: "Date *", type: "date", required: true },
    { name: "orderedBy", more: true, label: "Ordered By", placeholder: "Dr. Emily Chen" },
    childField,
    { name: "normalRange", label: "Normal Range", placeholder: "4.5-11.0 x10^9/L" },
    { name: "results", label: "Results", type: "textarea", placeholder: "WBC 7.2, hemoglobin 12.1..." },
    {
      name: "notes",
      more: true,
      label: "Notes",
      type: "textarea",
      placeholder: "What the team said about the results...",
    },
  ];
}

/** Today, 'pending' and the filtered child when adding; the test's values when editing. */
export function labTestFormValues(test: LabTest | null, filterChildId: string | null): LabTestFormValues {
  const values = toFormValues(FORM_KEYS, test);
  return {
    ...values,
    date: test ? values.date : toDateOnly(),
    status: test ? values.status : "pending",
    childId: childFormValue(test, filterChildId),
  };
}

/** The lab test form as its record screen takes it: schema, fields and starting values. */
export const labTestForm = {
  schema: labTestFormSchema,
  fields: labTestFields,
  toFormValues: labTestFormValues,
};
