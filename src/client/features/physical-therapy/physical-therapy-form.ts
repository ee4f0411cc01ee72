import { type ChildLinkFormValues, childFormValue } from "@/client/components/children/child-select-field";
import { linkChild } from "@/client/components/children/link-child";
import { toFormValues } from "@/client/components/record-screen/form-values";
import type { RecordFieldConfig } from "@/client/components/record-screen/record-fields";
import { toDateOnly, toTimeOnly } from "@/client/lib/format";
import { physicalTherapySessionInput } from "@/domain/physical-therapy";
import type { PhysicalTherapySession } from "./api";

const FORM_KEYS = [
  "date",
  "time",
  "therapist",
  "location",
  "duration",
  "progress",
  "notes",
  "nextSession",
] as const;

export type PhysicalTherapyFormValues = Record<(typeof FORM_KEYS)[number], string> &
  ChildLinkFormValues & {
    /** Typed comma-separated; the schema splits it into a trimmed list. */
    exercises: string;
  };

/** The server's schema: duration "" becomes null, exercises a list, "No specific child" null. */
export const physicalTherapyFormSchema = linkChild(physicalTherapySessionInput);

/** The form's fields, with the family's Child select (from `useChildSelectField`). */
export function physicalTherapyFields(
  childField: RecordFieldConfig<PhysicalTherapyFormValues>,
): RecordFieldConfig<PhysicalTherapyFormValues>[] {
  return [
    { name: "date", label: "Date *", type: "date", required: true },
    { name: "time", label: "Time", type: "time" },
    {
      name: "therapist",
      label: "Therapist *",
      required: true,
      placeholder: "Jamie Park, PT",
      autoComplete: "off",
    },
    { name: "location", label: "Location", placeholder: "Children's Hospital rehab gym" },
    { name: "duration", label: "Duration (minutes)", type: "number", step: "1", min: "0", placeholder: "60" },
    { name: "nextSession", more: true, label: "Next Session", type: "date" },
    {
      name: "exercises",
      label: "Exercises",
      placeholder: "Tummy time, bridges, balance board",
      hint: "Separate exercises with commas.",
    },
    childField,
    {
      name: "progress",
      label: "Progress",
      type: "textarea",
      rows: 2,
      placeholder: "Sat unsupported for 30 seconds",
    },
    {
      name: "notes",
      more: true,
      label: "Notes",
      type: "textarea",
      placeholder: "Home exercises, what to watch for...",
    },
  ];
}

/** Today and the filtered child when adding; the session's values (exercises as "a, b") when editing. */
export function physicalTherapyFormValues(
  session: PhysicalTherapySession | null,
  filterChildId: string | null,
): PhysicalTherapyFormValues {
  const values = toFormValues(FORM_KEYS, session);
  return {
    ...values,
    date: session ? values.date : toDateOnly(),
    time: session ? values.time : toTimeOnly(),
    exercises: session?.exercises.join(", ") ?? "",
    childId: childFormValue(session, filterChildId),
  };
}

/** The therapy session form as its record screen takes it: schema, fields and starting values. */
export const physicalTherapyForm = {
  schema: physicalTherapyFormSchema,
  fields: physicalTherapyFields,
  toFormValues: physicalTherapyFormValues,
};
