import type { FieldValues } from "react-hook-form";
import { z } from "zod";
import { type ChildLinkFormValues, childFormValue } from "@/client/components/children/child-select-field";
import { linkChild } from "@/client/components/children/link-child";
import { toFormValues } from "@/client/components/record-screen/form-values";
import type { RecordFieldConfig } from "@/client/components/record-screen/record-fields";
import type { Medication } from "@/client/lib/medications-api";
import { MEDICATION_ROUTES, SCHEDULE_KINDS, SCHEDULE_LABELS, type ScheduleKind } from "@/domain/doses";
import { medicationInput } from "@/domain/medications";

const FORM_KEYS = [
  "name",
  "dosage",
  "frequency",
  "route",
  "prescribedBy",
  "startDate",
  "endDate",
  "purpose",
  "instructions",
  "isActive",
  "notes",
] as const;

/** The Schedule select's "No set schedule": a select's choice cannot be the empty string. */
export const NO_SCHEDULE = "none";

export type MedicationFormValues = Record<(typeof FORM_KEYS)[number], string> &
  ChildLinkFormValues & {
    /** Typed comma-separated; the schema splits it into a trimmed list. */
    sideEffects: string;
    /** A schedule kind, or `NO_SCHEDULE`. */
    scheduleKind: string;
    /** "08:00, 20:00": the schema sorts them into a list. */
    scheduleTimes: string;
    intervalHours: string;
  };

const isKind = (value: unknown): value is ScheduleKind => SCHEDULE_KINDS.includes(value as ScheduleKind);

/**
 * What the schedule fields send: only those the chosen schedule shows. Times typed for "at set
 * times" and left behind by choosing "every few hours" are not sent (the server would refuse them),
 * nor are hours apart under "at set times" or no schedule.
 */
export function scheduleValues<
  T extends { scheduleKind?: unknown; scheduleTimes?: unknown; intervalHours?: unknown },
>(values: T): T {
  const kind = isKind(values.scheduleKind) ? values.scheduleKind : "";
  return {
    ...values,
    scheduleKind: kind,
    scheduleTimes: kind === "times" ? values.scheduleTimes : "",
    intervalHours: kind === "interval" || kind === "as-needed" ? values.intervalHours : "",
  };
}

/** The server's schema: side effects become a list, "No specific child" null, hidden schedule fields empty. */
export const medicationFormSchema = linkChild(
  z.preprocess(
    (values) => (values && typeof values === "object" ? scheduleValues(values as FieldValues) : values),
    medicationInput,
  ),
);

const SCHEDULE_OPTIONS = [
  { value: NO_SCHEDULE, label: "No set schedule" },
  ...SCHEDULE_KINDS.map((kind) => ({ value: kind, label: SCHEDULE_LABELS[kind] })),
];

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
    {
      name: "route",
      label: "Route",
      placeholder: "By mouth",
      autoComplete: "off",
      suggestions: MEDICATION_ROUTES,
    },
    {
      name: "scheduleKind",
      label: "Schedule",
      type: "select",
      options: SCHEDULE_OPTIONS,
      hint: "With a schedule, the card says when the next dose is due and which were missed.",
    },
    {
      name: "scheduleTimes",
      label: "Times of day *",
      required: true,
      placeholder: "08:00, 20:00",
      autoComplete: "off",
      hint: "24-hour times, separated by commas.",
      shownWhen: { field: "scheduleKind", is: ["times"] },
    },
    {
      name: "intervalHours",
      label: "Hours apart *",
      type: "number",
      step: "0.5",
      min: "0.5",
      required: true,
      placeholder: "6",
      hint: "A dose every this many hours.",
      shownWhen: { field: "scheduleKind", is: ["interval"] },
    },
    {
      name: "intervalHours",
      label: "At least hours apart",
      type: "number",
      step: "0.5",
      min: "0.5",
      placeholder: "4",
      hint: "The least time between two doses; leave empty if there is none.",
      shownWhen: { field: "scheduleKind", is: ["as-needed"] },
    },
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

/**
 * Active, no set schedule and the filtered child when adding; the medication's values (side
 * effects and times as "a, b") when editing.
 */
export function medicationFormValues(
  medication: Medication | null,
  filterChildId: string | null,
): MedicationFormValues {
  const values = toFormValues(FORM_KEYS, medication);
  return {
    ...values,
    isActive: medication?.isActive ?? "true",
    sideEffects: medication?.sideEffects.join(", ") ?? "",
    scheduleKind: medication?.scheduleKind ?? NO_SCHEDULE,
    scheduleTimes: medication?.scheduleTimes?.join(", ") ?? "",
    intervalHours: medication?.intervalHours === null || !medication ? "" : String(medication.intervalHours),
    childId: childFormValue(medication, filterChildId),
  };
}

/** The medication form as its record screen takes it: schema, fields and starting values. */
export const medicationForm = {
  schema: medicationFormSchema,
  fields: medicationFields,
  toFormValues: medicationFormValues,
};
