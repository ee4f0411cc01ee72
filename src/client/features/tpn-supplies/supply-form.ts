import { toFormValues } from "@/client/components/record-screen/form-values";
import type { RecordFieldConfig } from "@/client/components/record-screen/record-fields";
import type { Supply } from "@/client/lib/supplies-api";
import {
  DEFAULT_MIN_THRESHOLD,
  DEFAULT_STOCK,
  SUPPLY_CATEGORIES,
  SUPPLY_CATEGORY_LABELS,
  supplyInput,
} from "@/domain/supplies";

const SUPPLY_KEYS = [
  "name",
  "category",
  "currentStock",
  "minThreshold",
  "unit",
  "supplier",
  "orderNumber",
  "costPerUnit",
  "expirationDate",
  "notes",
] as const;

export type SupplyFormValues = Record<(typeof SUPPLY_KEYS)[number], string>;

const count = { type: "number", step: "1", min: "0" } as const;

export const supplyFields: readonly RecordFieldConfig<SupplyFormValues>[] = [
  { name: "name", label: "Name *", required: true, placeholder: "Extension set", autoComplete: "off" },
  {
    name: "category",
    label: "Category *",
    type: "select",
    required: true,
    placeholder: "Select category",
    options: SUPPLY_CATEGORIES.map((category) => ({
      value: category,
      label: SUPPLY_CATEGORY_LABELS[category],
    })),
  },
  { name: "currentStock", label: "Current Stock *", required: true, ...count },
  {
    name: "minThreshold",
    label: "Min Threshold *",
    required: true,
    hint: "Reorder when the stock is at or under this.",
    ...count,
  },
  { name: "unit", label: "Unit *", required: true, placeholder: "each, box, bag" },
  { name: "supplier", more: true, label: "Supplier", placeholder: "Home infusion pharmacy" },
  { name: "orderNumber", more: true, label: "Order Number", placeholder: "A-1182" },
  {
    name: "costPerUnit",
    more: true,
    label: "Cost Per Unit ($)",
    type: "number",
    step: "0.01",
    min: "0",
    placeholder: "4.75",
  },
  { name: "expirationDate", more: true, label: "Expiration Date", type: "date" },
  {
    name: "notes",
    more: true,
    label: "Notes",
    type: "textarea",
    placeholder: "Where it is kept, what to reorder with it...",
  },
];

/** The spec's defaults when adding (stock 0, threshold 5); the supply's values when editing. */
export function supplyFormValues(supply: Supply | null): SupplyFormValues {
  const values = toFormValues(SUPPLY_KEYS, supply);
  return supply
    ? values
    : { ...values, currentStock: String(DEFAULT_STOCK), minThreshold: String(DEFAULT_MIN_THRESHOLD) };
}

export const supplyForm = {
  schema: supplyInput,
  fields: supplyFields,
  toFormValues: supplyFormValues,
};
