import { z } from "zod";
import { toFormValues } from "@/client/components/record-screen/form-values";
import type { RecordFieldConfig } from "@/client/components/record-screen/record-fields";
import { toDateOnly, toTimeOnly } from "@/client/lib/format";
import type { FluidOutput, FluidOutputBody } from "@/client/lib/intake-output-api";
import {
  fluidOutputInput,
  OUTPUT_KIND_LABELS,
  OUTPUT_KINDS,
  OUTPUT_MEASURE_LABELS,
  OUTPUT_MEASURES,
} from "@/domain/intake-output";

const FORM_KEYS = ["date", "time", "kind", "measure", "amount", "dryWeightGrams", "notes"] as const;

/** The inputs' strings and the child the entry belongs to (the screen's picker). */
export type OutputFormValues = Record<(typeof FORM_KEYS)[number] | "childId", string>;

/** The server's schema; what the measure hides (an amount not measured, a dry weight not weighed) is not sent. */
export const outputFormSchema = z.preprocess((input) => {
  if (!input || typeof input !== "object") return input;
  const values = { ...(input as OutputFormValues) };
  if (values.measure === "not-measured") values.amount = "";
  if (values.measure !== "weight") values.dryWeightGrams = "";
  return values;
}, fluidOutputInput) as unknown as z.ZodType<FluidOutputBody, OutputFormValues>;

const amount = { type: "number", step: "1", min: "0" } as const;

export const outputFields: readonly RecordFieldConfig<OutputFormValues>[] = [
  { name: "date", label: "Date *", type: "date", required: true },
  { name: "time", label: "Time", type: "time" },
  {
    name: "kind",
    label: "What *",
    type: "select",
    required: true,
    options: OUTPUT_KINDS.map((value) => ({ value, label: OUTPUT_KIND_LABELS[value] })),
  },
  {
    name: "measure",
    label: "Measured *",
    type: "select",
    required: true,
    options: OUTPUT_MEASURES.map((value) => ({ value, label: OUTPUT_MEASURE_LABELS[value] })),
  },
  {
    name: "amount",
    label: "Amount (mL, or g weighed) *",
    ...amount,
    shownWhen: { field: "measure", is: ["volume", "weight"] },
  },
  {
    name: "dryWeightGrams",
    label: "Dry diaper or pad (g)",
    ...amount,
    hint: "Taken off the weight: 1 g of wet weight counts as 1 mL.",
    shownWhen: { field: "measure", is: ["weight"] },
  },
  {
    name: "notes",
    more: true,
    label: "Notes",
    type: "textarea",
    placeholder: "Colour, consistency, blood...",
  },
];

/** Now and a measured urine when adding; the entry's values when editing. */
export function outputFormValues(entry: FluidOutput | null, childId: string | null): OutputFormValues {
  const values = toFormValues(FORM_KEYS, entry);
  if (entry) return { ...values, childId: entry.childId };
  return {
    ...values,
    date: toDateOnly(),
    time: toTimeOnly(),
    kind: "urine",
    measure: "volume",
    childId: childId ?? "",
  };
}

/** The last output of its kind again, now (an ostomy emptied as last time): Save is the second tap. */
export function repeatedOutputValues(last: FluidOutput): OutputFormValues {
  return { ...outputFormValues(last, last.childId), date: toDateOnly(), time: toTimeOnly(), notes: "" };
}

/** The output form as its record screen takes it. */
export const outputForm = {
  schema: outputFormSchema,
  fields: outputFields,
  toFormValues: outputFormValues,
};
