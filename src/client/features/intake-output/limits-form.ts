import type { z } from "zod";
import { toFormValues } from "@/client/components/record-screen/form-values";
import type { RecordFieldConfig } from "@/client/components/record-screen/record-fields";
import type { FluidLimitsBody } from "@/client/lib/intake-output-api";
import { type FluidLimits, fluidLimitsInput } from "@/domain/intake-output";

const FORM_KEYS = [
  "ostomyMaxMlPerKgDay",
  "stoolMaxMlPerKgDay",
  "urineMinMlPerKgHour",
  "setBy",
  "notes",
] as const;

/** The inputs' strings and the child the limits are for (the screen's picker). */
export type LimitsFormValues = Record<(typeof FORM_KEYS)[number] | "childId", string>;

const perKg = { type: "number", step: "0.1", min: "0" } as const;

export const limitsFields: readonly RecordFieldConfig<LimitsFormValues>[] = [
  {
    name: "ostomyMaxMlPerKgDay",
    label: "Ostomy output above (mL/kg/day)",
    ...perKg,
    hint: "Left empty: no limit. Use the number your child's team gave you.",
  },
  { name: "stoolMaxMlPerKgDay", label: "Stool output above (mL/kg/day)", ...perKg },
  { name: "urineMinMlPerKgHour", label: "Urine below (mL/kg/h)", ...perKg, step: "0.05" },
  { name: "setBy", label: "Set by", placeholder: "Dr. Chen, intestinal rehab clinic" },
  {
    name: "notes",
    more: true,
    label: "Notes",
    type: "textarea",
    placeholder: "What to do when a limit is passed",
  },
];

/** The limits in force as the new ones start (the team changes one number at a time), or empty. */
export function limitsFormValues(limits: FluidLimits | null, childId: string | null): LimitsFormValues {
  const values = toFormValues(FORM_KEYS, limits);
  return { ...values, childId: limits?.childId ?? childId ?? "" };
}

/** The limits form as its record screen takes it: each save keeps a new set, the newest in force. */
export const limitsForm = {
  schema: fluidLimitsInput as unknown as z.ZodType<FluidLimitsBody, LimitsFormValues>,
  fields: limitsFields,
  toFormValues: limitsFormValues,
};
