import type { z } from "zod";
import type { RecordFieldConfig } from "@/client/components/ui/record-fields";
import { toFormValues } from "@/client/lib/form-values";
import { toDateOnly } from "@/client/lib/format";
import { type TpnEntryInput, tpnEntryInput } from "@/domain/tpn";
import type { TpnEntry } from "./api";

const FORM_KEYS = [
  "date",
  "calories",
  "protein",
  "carbohydrates",
  "fat",
  "volume",
  "duration",
  "notes",
] as const;

export type TpnFormValues = Record<(typeof FORM_KEYS)[number], string>;

/** The server's schema without the child, which comes from the screen's child picker. */
export const tpnFormSchema = tpnEntryInput.omit({ childId: true });

const decimal = { type: "number", step: "0.01", min: "0" } as const;

export const tpnFields: readonly RecordFieldConfig<TpnFormValues>[] = [
  { name: "date", label: "Date *", type: "date", required: true },
  { name: "calories", label: "Calories (kcal)", placeholder: "850", ...decimal },
  { name: "protein", label: "Protein (g)", placeholder: "25.5", ...decimal },
  { name: "carbohydrates", label: "Carbohydrates (g)", placeholder: "120", ...decimal },
  { name: "fat", label: "Fat (g)", placeholder: "20", ...decimal },
  { name: "volume", label: "Volume (mL)", placeholder: "1000", ...decimal },
  {
    name: "duration",
    label: "Duration (hours)",
    type: "number",
    step: "1",
    min: "0",
    max: "24",
    placeholder: "12",
    hint: "Whole hours, 0 to 24.",
  },
  {
    name: "notes",
    label: "Notes",
    type: "textarea",
    placeholder: "Line care, pump alarms, how the night went...",
  },
];

/** Today's date and empty amounts when adding; the entry's values when editing. */
export function tpnFormValues(entry: TpnEntry | null): TpnFormValues {
  const values = toFormValues(FORM_KEYS, entry);
  return entry ? values : { ...values, date: toDateOnly() };
}

/** Amounts as a person reads them: "1200.00" -> "1,200", "25.50" -> "25.5". */
export function formatAmount(value: string | null): string | null {
  if (value === null || value === "") return null;
  const n = Number(value);
  return Number.isFinite(n) ? n.toLocaleString("en-US", { maximumFractionDigits: 2 }) : value;
}

/**
 * The request body: the form's values plus the selected child. An empty duration is left out
 * (spec: "empty becomes undefined"), which the whole-entry PUT stores as no duration.
 */
export function toTpnBody(output: TpnFormOutput, childId: string): TpnEntryInput {
  const { duration, ...rest } = output;
  return duration === null ? { ...rest, childId } : { ...rest, duration, childId };
}

export type TpnFormOutput = z.output<typeof tpnFormSchema>;
