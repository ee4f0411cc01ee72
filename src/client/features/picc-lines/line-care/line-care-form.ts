import type { FieldValues } from "react-hook-form";
import { z } from "zod";
import type { RecordFieldConfig } from "@/client/components/record-screen/record-fields";
import { toDateOnly, toTimeOnly } from "@/client/lib/format";
import {
  LINE_CARE_KINDS,
  LINE_CARE_LABELS,
  type LineCareKind,
  LOCK_SOLUTION_LABELS,
  LOCK_SOLUTIONS,
} from "@/domain/line-care";
import { lineCareInput } from "@/domain/line-care-records";
import type { LineCareEvent, PiccLine } from "../api";

/** What the line-care form holds: the inputs' strings, and the findings ticked. */
export interface LineCareFormValues {
  childId: string;
  piccLineId: string;
  kind: string;
  date: string;
  time: string;
  dressingType: string;
  withLipids: string;
  lockSolution: string;
  dwellMinutes: string;
  findings: string[];
  externalLengthCm: string;
  alteplaseUsed: string;
  repaired: string;
  notes: string;
}

type KindField = Exclude<
  keyof LineCareFormValues,
  "childId" | "piccLineId" | "kind" | "date" | "time" | "notes"
>;

/** The fields each kind of care has besides its date, time and notes (as the server's `lineCareIssues`). */
export const KIND_FIELDS: Record<LineCareKind, readonly KindField[]> = {
  dressing: ["dressingType", "externalLengthCm"],
  connector: [],
  tubing: ["withLipids"],
  lock: ["lockSolution", "dwellMinutes"],
  flush: [],
  "site-check": ["findings"],
  "external-length": ["externalLengthCm"],
  occlusion: ["alteplaseUsed"],
  breakage: ["repaired"],
  dislodgement: [],
};

const ALL_KIND_FIELDS = [...new Set(Object.values(KIND_FIELDS).flat())];

export const isLineCareKind = (kind: string): kind is LineCareKind =>
  (LINE_CARE_KINDS as readonly string[]).includes(kind);

const yesNo = [
  { value: "true", label: "Yes" },
  { value: "false", label: "No" },
];

/**
 * What a tubing's set carries, one choice: the form's `withLipids` holds "true", "false" or
 * "alone" (a lipid emulsion alone: `lipidsAlone`), each with its interval (src/domain/line-care.ts).
 */
const SET_CARRIES = [
  { value: "true", label: "PN with lipids (24 hours)" },
  { value: "false", label: "PN without lipids (24 hours)" },
  { value: "alone", label: "Lipids alone (12 hours)" },
];

/** The inputs the field list draws; the kind, the dressing and the findings are choices of their own. */
function fieldConfigs(line: Pick<PiccLine, "externalLengthCm">, kind: string) {
  const atInsertion =
    line.externalLengthCm === null ? undefined : `At insertion: ${line.externalLengthCm} cm.`;
  const configs: Partial<Record<KindField, RecordFieldConfig<LineCareFormValues>>> = {
    withLipids: {
      name: "withLipids",
      label: "The set carries",
      type: "select",
      options: SET_CARRIES,
      hint: "The usual intervals; a line can have its own.",
    },
    lockSolution: {
      name: "lockSolution",
      label: "Lock solution",
      type: "select",
      placeholder: "Select solution",
      options: LOCK_SOLUTIONS.map((value) => ({ value, label: LOCK_SOLUTION_LABELS[value] })),
    },
    dwellMinutes: {
      name: "dwellMinutes",
      label: "Dwell time (minutes)",
      type: "number",
      step: "1",
      min: "1",
    },
    externalLengthCm: {
      name: "externalLengthCm",
      label: kind === "external-length" ? "External length (cm) *" : "External length (cm)",
      required: kind === "external-length",
      type: "number",
      step: "0.1",
      min: "0",
      hint: atInsertion,
    },
    alteplaseUsed: { name: "alteplaseUsed", label: "Alteplase used", type: "select", options: yesNo },
    repaired: { name: "repaired", label: "Repaired", type: "select", options: yesNo },
  };
  return configs;
}

/** The inputs a kind of care has of its own (its choices aside). */
export function kindFields(
  line: Pick<PiccLine, "externalLengthCm">,
  kind: string,
): RecordFieldConfig<LineCareFormValues>[] {
  const configs = fieldConfigs(line, kind);
  const own = isLineCareKind(kind) ? KIND_FIELDS[kind] : [];
  return own.flatMap((field) => (configs[field] ? [configs[field]] : []));
}

/** Every kind's date, time and notes. */
export const COMMON_FIELDS: readonly RecordFieldConfig<LineCareFormValues>[] = [
  { name: "date", label: "Date *", type: "date", required: true },
  { name: "time", label: "Time", type: "time" },
  { name: "notes", label: "Notes", type: "textarea", rows: 2 },
];

/** Every field name, where the server's issues are placed (the choices show their own). */
export const LINE_CARE_FIELD_NAMES: readonly RecordFieldConfig<LineCareFormValues>[] = [
  "kind",
  "date",
  "time",
  "notes",
  ...ALL_KIND_FIELDS,
].map((name) => ({ name: name as keyof LineCareFormValues, label: name }));

/**
 * The server's schema, once the fields of other kinds are emptied: a field typed and left behind
 * when the kind changed is not sent.
 */
export const lineCareFormSchema = z.preprocess((values) => {
  if (!values || typeof values !== "object") return values;
  const form = values as LineCareFormValues;
  const own: readonly string[] = isLineCareKind(form.kind) ? KIND_FIELDS[form.kind] : [];
  const cleared = Object.fromEntries(
    ALL_KIND_FIELDS.filter((field) => !own.includes(field)).map((field) => [field, null]),
  );
  // "alone": a set for lipids alone, which carries lipids.
  const set =
    own.includes("withLipids") && form.withLipids === "alone"
      ? { withLipids: "true", lipidsAlone: true }
      : {};
  return { ...form, ...cleared, ...set };
}, lineCareInput) as unknown as z.ZodType<z.output<typeof lineCareInput>, FieldValues>;

const text = (value: string | number | boolean | null | undefined) =>
  value === null || value === undefined ? "" : String(value);

/** The form's starting values: the event's, or the line's child, today and now for a new one. */
export function lineCareFormValues(
  line: Pick<PiccLine, "id" | "childId">,
  event: LineCareEvent | null,
  kind: LineCareKind | "" = "",
): LineCareFormValues {
  return {
    childId: line.childId,
    piccLineId: line.id,
    kind: event?.kind ?? kind,
    date: event?.date ?? toDateOnly(),
    time: event ? text(event.time).slice(0, 5) : toTimeOnly(),
    dressingType: text(event?.dressingType),
    withLipids: event?.lipidsAlone ? "alone" : text(event?.withLipids),
    lockSolution: text(event?.lockSolution),
    dwellMinutes: text(event?.dwellMinutes),
    findings: event?.findings ? [...event.findings] : [],
    externalLengthCm: text(event?.externalLengthCm),
    alteplaseUsed: text(event?.alteplaseUsed),
    repaired: text(event?.repaired),
    notes: text(event?.notes),
  };
}

/** The kinds' short names, as one-tap choices take them (the history says them in full). */
const CHOICE_NAMES: Partial<Record<LineCareKind, string>> = {
  dressing: "Dressing",
  connector: "Connector",
  tubing: "Tubing",
  "external-length": "External length",
};

/** The kinds as one-tap choices, in the order a family does them. */
export const KIND_CHOICES = LINE_CARE_KINDS.map((value) => ({
  value,
  label: CHOICE_NAMES[value] ?? LINE_CARE_LABELS[value],
}));
