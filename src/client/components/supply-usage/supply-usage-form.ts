import { toFormValues } from "@/client/components/record-screen/form-values";
import type { RecordFieldConfig } from "@/client/components/record-screen/record-fields";
import { toDateOnly } from "@/client/lib/format";
import type { SupplyUsage } from "@/client/lib/supplies-api";
import { supplyUsageInput } from "@/domain/supplies";

const USAGE_KEYS = ["quantityUsed", "usageDate", "notes"] as const;
export type SupplyUsageFormValues = Record<(typeof USAGE_KEYS)[number], string>;

/** The usage form: the supply comes from the card it was opened from. */
export const supplyUsageFormSchema = supplyUsageInput.omit({ supplyId: true });

export const supplyUsageFields: readonly RecordFieldConfig<SupplyUsageFormValues>[] = [
  { name: "quantityUsed", label: "Quantity Used *", required: true, type: "number", step: "1", min: "1" },
  { name: "usageDate", label: "Usage Date *", required: true, type: "date" },
  {
    name: "notes",
    more: true,
    label: "Notes",
    type: "textarea",
    rows: 2,
    placeholder: "Changed after the alarm at 3 a.m.",
  },
];

/** Quantity 1 and today when recording (spec section 4); the usage's values when editing. */
export function supplyUsageFormValues(usage: SupplyUsage | null): SupplyUsageFormValues {
  const values = toFormValues(USAGE_KEYS, usage);
  return usage ? values : { ...values, quantityUsed: "1", usageDate: toDateOnly() };
}
