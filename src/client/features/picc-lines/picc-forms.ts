import type { FieldValues } from "react-hook-form";
import { z } from "zod";
import { toFormValues } from "@/client/components/record-screen/form-values";
import type { RecordFieldConfig } from "@/client/components/record-screen/record-fields";
import { toDateOnly } from "@/client/lib/format";
import { intervalPlaceholder } from "@/client/lib/line-care-pills";
import { DEFAULT_INTERVAL_HOURS } from "@/domain/line-care";
import {
  INFECTION_OUTCOMES,
  INFECTION_TYPE_LABELS,
  INFECTION_TYPES,
  INSERTION_SITE_LABELS,
  INSERTION_SITES,
  LINE_TYPE_LABELS,
  LINE_TYPES,
  OUTCOME_LABELS,
  piccInfectionInput,
  piccLineInput,
} from "@/domain/picc";
import type { PiccInfection, PiccLine } from "./api";
import { lineLabel } from "./picc-labels";

const options = <K extends string>(labels: Record<K, string>, values: readonly K[]) =>
  values.map((value) => ({ value, label: labels[value] }));

const LINE_KEYS = [
  "childId",
  "insertionDate",
  "insertionSite",
  "lineType",
  "insertedBy",
  "removalDate",
  "removalReason",
  "complications",
  "notes",
  "externalLengthCm",
  "dressingTransparentHours",
  "dressingGauzeHours",
  "tubingWithLipidsHours",
  "tubingHours",
  "tubingLipidsAloneHours",
  "connectorHours",
  "lockHours",
] as const;
export type PiccLineFormValues = Record<(typeof LINE_KEYS)[number], string>;

/** A care interval of the line, in hours, under "More details": empty keeps the default shown. */
const interval = (
  name: keyof PiccLineFormValues & `${string}Hours`,
  label: string,
  defaultHours: number | null,
  hint?: string,
): RecordFieldConfig<PiccLineFormValues> => ({
  name,
  label: `${label} (hours)`,
  type: "number",
  step: "1",
  min: "1",
  placeholder: intervalPlaceholder(defaultHours),
  hint,
  more: true,
});

const intervalFields = [
  interval(
    "dressingTransparentHours",
    "Transparent dressing interval",
    DEFAULT_INTERVAL_HOURS.dressingTransparent,
    "Empty: the usual interval shown. Set what your care team asks.",
  ),
  interval("dressingGauzeHours", "Gauze dressing interval", DEFAULT_INTERVAL_HOURS.dressingGauze),
  // Which default follows which source, and why: src/domain/line-care.ts.
  interval(
    "tubingWithLipidsHours",
    "Tubing with lipids interval",
    DEFAULT_INTERVAL_HOURS.tubingWithLipids,
    "PN with lipids: 24 hours (CDC 2011 and INS 2021 agree).",
  ),
  interval(
    "tubingHours",
    "Tubing without lipids interval",
    DEFAULT_INTERVAL_HOURS.tubing,
    "PN without lipids: 24 hours, changed with every bag (INS 2021). CDC 2011 allows up to 96 hours for fluids without lipids: set 96 if your team follows it.",
  ),
  interval(
    "tubingLipidsAloneHours",
    "Lipids-alone tubing interval",
    DEFAULT_INTERVAL_HOURS.tubingLipidsAlone,
    "A set for lipids alone: 12 hours (INS 2021; CDC 2011 completes a lipid emulsion alone within 12 hours).",
  ),
  interval("connectorHours", "Connector interval", DEFAULT_INTERVAL_HOURS.connector),
  interval(
    "lockHours",
    "Lock interval",
    DEFAULT_INTERVAL_HOURS.lock,
    "When a lock is prescribed (weekly: 168).",
  ),
];

const lineFields: readonly RecordFieldConfig<PiccLineFormValues>[] = [
  { name: "insertionDate", label: "Insertion Date *", type: "date", required: true },
  {
    name: "insertionSite",
    label: "Insertion Site *",
    type: "select",
    required: true,
    placeholder: "Select site",
    options: options(INSERTION_SITE_LABELS, INSERTION_SITES),
  },
  {
    name: "lineType",
    label: "Line Type *",
    type: "select",
    required: true,
    placeholder: "Select type",
    options: options(LINE_TYPE_LABELS, LINE_TYPES),
  },
  { name: "insertedBy", label: "Inserted By", placeholder: "Interventional radiology" },
  {
    name: "externalLengthCm",
    label: "External length at insertion (cm)",
    type: "number",
    step: "0.1",
    min: "0",
    hint: "From the exit site to the hub. A later measurement more than 1 cm off is flagged.",
  },
  { name: "removalDate", label: "Removal Date", type: "date", hint: "Empty while the line is in." },
  { name: "removalReason", label: "Removal Reason", placeholder: "End of therapy, infection, blockage..." },
  { name: "complications", label: "Complications", type: "textarea", rows: 2 },
  { name: "notes", label: "Notes", type: "textarea", rows: 2, placeholder: "Size, length, tip position..." },
  ...intervalFields,
];

/** The page's child comes with the values (no field): a line always belongs to the child shown. */
export const piccLineForm = {
  schema: piccLineInput,
  fields: lineFields,
  toFormValues: (line: PiccLine | null, childId: string | null): PiccLineFormValues => ({
    ...toFormValues(LINE_KEYS, line),
    childId: line?.childId ?? childId ?? "",
  }),
};

const INFECTION_KEYS = [
  "childId",
  "piccLineId",
  "infectionDate",
  "infectionType",
  "organism",
  "symptoms",
  "treatmentStartDate",
  "treatmentEndDate",
  "antibiotics",
  "treatmentMethod",
  "outcome",
  "hospitalAdmission",
  "admissionDuration",
  "notes",
] as const;
export type PiccInfectionFormValues = Record<(typeof INFECTION_KEYS)[number], string>;

/** The select's value for "linked to no line" (Radix selects cannot hold an empty value). */
const NO_LINE = "none";

/** The infection form's fields; its line select offers the child's own lines. */
export function piccInfectionFields(
  lines: readonly PiccLine[],
): RecordFieldConfig<PiccInfectionFormValues>[] {
  return [
    { name: "infectionDate", label: "Infection Date *", type: "date", required: true },
    {
      name: "infectionType",
      label: "Infection Type *",
      type: "select",
      required: true,
      placeholder: "Select type",
      options: options(INFECTION_TYPE_LABELS, INFECTION_TYPES),
    },
    {
      name: "piccLineId",
      label: "Line",
      type: "select",
      options: [
        { value: NO_LINE, label: "No specific line" },
        ...lines.map((line) => ({ value: line.id, label: lineLabel(line) })),
      ],
    },
    { name: "organism", label: "Organism", placeholder: "Staphylococcus epidermidis" },
    {
      name: "symptoms",
      label: "Symptoms",
      type: "textarea",
      rows: 2,
      placeholder: "Fever after flush, chills...",
    },
    { name: "treatmentStartDate", label: "Treatment Start", type: "date" },
    { name: "treatmentEndDate", label: "Treatment End", type: "date" },
    { name: "antibiotics", label: "Antibiotics", placeholder: "Vancomycin" },
    {
      name: "treatmentMethod",
      label: "Treatment Method",
      placeholder: "IV through the line, ethanol lock...",
    },
    {
      name: "outcome",
      label: "Outcome",
      type: "select",
      placeholder: "Select outcome",
      options: options(OUTCOME_LABELS, INFECTION_OUTCOMES),
    },
    {
      name: "hospitalAdmission",
      label: "Hospital Admission",
      type: "select",
      options: [
        { value: "false", label: "No" },
        { value: "true", label: "Yes" },
      ],
    },
    { name: "admissionDuration", label: "Admission Duration", placeholder: "5 days" },
    { name: "notes", label: "Notes", type: "textarea", rows: 2 },
  ];
}

/** The server's schema, with the line select's "No specific line" sent as null. */
const infectionFormSchema = z.preprocess(
  (values) =>
    values && typeof values === "object" && (values as PiccInfectionFormValues).piccLineId === NO_LINE
      ? { ...values, piccLineId: null }
      : values,
  piccInfectionInput,
) as unknown as z.ZodType<z.output<typeof piccInfectionInput>, FieldValues>;

/**
 * The infection form: today, no admission and the page's child when adding, or what the address
 * started it with (`start`: the fever card's line, date, type and symptoms).
 */
export const piccInfectionForm = (
  lines: readonly PiccLine[],
  start: Partial<PiccInfectionFormValues> = {},
) => ({
  schema: infectionFormSchema,
  fields: piccInfectionFields(lines),
  toFormValues: (infection: PiccInfection | null, childId: string | null): PiccInfectionFormValues => {
    const { hospitalAdmission, ...rest } = infection ?? { hospitalAdmission: false };
    const values = toFormValues(INFECTION_KEYS, infection ? rest : null);
    const started = {
      ...values,
      childId: infection?.childId ?? childId ?? "",
      piccLineId: infection?.piccLineId ?? NO_LINE,
      infectionDate: infection ? values.infectionDate : toDateOnly(),
      hospitalAdmission: String(hospitalAdmission),
    };
    return infection ? started : { ...started, ...start };
  },
});
