import { z } from "zod";
import { type ChildLinkFormValues, childFormValue } from "@/client/components/children/child-select-field";
import { linkChild } from "@/client/components/children/link-child";
import { toFormValues } from "@/client/components/record-screen/form-values";
import type { RecordFieldConfig } from "@/client/components/record-screen/record-fields";
import { toDateOnly, toTimeOnly } from "@/client/lib/format";
import { painLabel, SYMPTOM_SEVERITIES, SYMPTOM_SEVERITY_LABELS, symptomEntryInput } from "@/domain/symptoms";
import type { SymptomEntry } from "./api";

const FORM_KEYS = ["date", "time", "painLevel", "severity", "triggers", "treatments", "notes"] as const;

export type SymptomEntryFormValues = Record<(typeof FORM_KEYS)[number] | "symptoms", string> &
  ChildLinkFormValues;

/** The pain scale as the form explains it (spec section 4); `painLabel` names each level. */
export const PAIN_SCALE_HINT =
  "1 No Pain · 2-3 Mild · 4-6 Moderate · 7-8 Severe · 9 Very Severe · 10 Worst Pain";

/** The pain select's levels (spec section 9: 1 to 10 on the form). */
const PAIN_LEVELS = Array.from({ length: 10 }, (_, i) => i + 1);

/** The select value that clears an optional choice (a select cannot hold an empty value). */
const NOT_RECORDED = "none";

/** The server's schema; "Not recorded" and "No specific child" are sent as null. */
export const symptomEntryFormSchema = linkChild(
  z.preprocess((values) => {
    if (!values || typeof values !== "object") return values;
    const v = values as Partial<SymptomEntryFormValues>;
    return {
      ...v,
      painLevel: v.painLevel === NOT_RECORDED ? "" : v.painLevel,
      severity: v.severity === NOT_RECORDED ? "" : v.severity,
    };
  }, symptomEntryInput),
);

/** The dialog's fields, with the family's Child select (from `useChildSelectField`). */
export function symptomEntryFields(
  childField: RecordFieldConfig<SymptomEntryFormValues>,
): RecordFieldConfig<SymptomEntryFormValues>[] {
  return [
    { name: "date", label: "Date *", type: "date", required: true },
    { name: "time", label: "Time", type: "time" },
    {
      name: "symptoms",
      label: "Symptoms",
      placeholder: "nausea, fatigue",
      hint: "Separate symptoms with commas.",
      autoComplete: "off",
      wide: true,
    },
    {
      name: "painLevel",
      label: "Pain Level",
      type: "select",
      placeholder: "Not recorded",
      options: [
        { value: NOT_RECORDED, label: "Not recorded" },
        ...PAIN_LEVELS.map((level) => ({ value: String(level), label: `${level} - ${painLabel(level)}` })),
      ],
      hint: PAIN_SCALE_HINT,
      wide: true,
    },
    {
      name: "severity",
      label: "Severity",
      type: "select",
      placeholder: "Not recorded",
      options: [
        { value: NOT_RECORDED, label: "Not recorded" },
        ...SYMPTOM_SEVERITIES.map((severity) => ({
          value: severity,
          label: SYMPTOM_SEVERITY_LABELS[severity],
        })),
      ],
    },
    childField,
    {
      name: "triggers",
      more: true,
      label: "Triggers",
      type: "textarea",
      rows: 2,
      placeholder: "After a feed change, poor sleep...",
    },
    {
      name: "treatments",
      more: true,
      label: "Treatments",
      type: "textarea",
      rows: 2,
      placeholder: "What was tried and whether it helped",
    },
    {
      name: "notes",
      more: true,
      label: "Notes",
      type: "textarea",
      placeholder: "Anything else worth telling the care team",
    },
  ];
}

/** Today and the filtered child when adding; the entry's values (symptoms as "a, b") when editing. */
export function symptomEntryFormValues(
  entry: SymptomEntry | null,
  filterChildId: string | null,
): SymptomEntryFormValues {
  const values = toFormValues(FORM_KEYS, entry);
  return {
    ...values,
    date: entry ? values.date : toDateOnly(),
    time: entry ? values.time : toTimeOnly(),
    symptoms: entry?.symptoms.join(", ") ?? "",
    childId: childFormValue(entry, filterChildId),
  };
}

/** The symptom entry form as its record screen takes it: schema, fields and starting values. */
export const symptomEntryForm = {
  schema: symptomEntryFormSchema,
  fields: symptomEntryFields,
  toFormValues: symptomEntryFormValues,
};
