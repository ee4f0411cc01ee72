import { toFormValues } from "@/client/components/record-screen/form-values";
import type { RecordFieldConfig } from "@/client/components/record-screen/record-fields";
import type { RecordForm } from "@/client/components/record-screen/types";
import { toDateOnly } from "@/client/lib/format";
import type { PnPrescription, PnPrescriptionBody } from "@/client/lib/pn-api";
import { pnPrescriptionInput } from "@/domain/pn-records";

const FORM_KEYS = [
  "startDate",
  "prescriber",
  "bagVolumeMl",
  "infusionHours",
  "rateMlPerHour",
  "taperUpMinutes",
  "taperDownMinutes",
  "dextrosePercent",
  "aminoAcidsG",
  "lipidG",
  "lipidProduct",
  "additives",
  "notes",
] as const;

/** The inputs' strings, and the child the prescription is for (the screen's picker; no input of its own). */
export type PnFormValues = Record<(typeof FORM_KEYS)[number] | "childId", string>;

const amount = (step: string) => ({ type: "number", step, min: "0" }) as const;

/** As the pharmacy label or the clinic's letter gives them: the bag, how it runs, what is in it. */
export const pnFields: readonly RecordFieldConfig<PnFormValues>[] = [
  {
    name: "startDate",
    label: "Start date *",
    type: "date",
    required: true,
    hint: "The version before ends the day before.",
  },
  { name: "prescriber", label: "Prescriber", placeholder: "Dr. Patel", autoComplete: "off" },
  { name: "bagVolumeMl", label: "Bag volume (mL) *", required: true, placeholder: "1000", ...amount("0.1") },
  {
    name: "infusionHours",
    label: "Infusion hours *",
    required: true,
    placeholder: "12",
    ...amount("0.25"),
  },
  {
    name: "rateMlPerHour",
    label: "Rate (mL/h)",
    placeholder: "Computed",
    hint: "Leave empty to compute it from the volume, the hours and the taper.",
    ...amount("0.1"),
  },
  { name: "taperUpMinutes", label: "Taper up (minutes)", placeholder: "60", ...amount("1"), max: "240" },
  { name: "taperDownMinutes", label: "Taper down (minutes)", placeholder: "60", ...amount("1"), max: "240" },
  { name: "dextrosePercent", label: "Dextrose (%)", placeholder: "12.5", ...amount("0.01") },
  { name: "aminoAcidsG", label: "Amino acids (g)", placeholder: "30", ...amount("0.01") },
  {
    name: "lipidG",
    label: "Lipid (g)",
    placeholder: "20",
    hint: "Grams of fat: 100 mL of a 20 % emulsion holds 20 g.",
    ...amount("0.01"),
  },
  { name: "lipidProduct", label: "Lipid product", placeholder: "SMOFlipid 20 %", autoComplete: "off" },
  {
    name: "additives",
    label: "Additives",
    type: "textarea",
    rows: 2,
    placeholder: "Multivitamins and trace elements, added at hook-up...",
  },
  { name: "notes", label: "Notes", type: "textarea", rows: 2, more: true },
];

/**
 * A version's values to edit it; to start a new version, the version in force (`from`) with
 * today as its start date, so only what the prescriber changed is typed; the first one empty.
 */
export function pnFormValues(
  version: PnPrescription | null,
  childId: string | null,
  from: PnPrescription | null = null,
): PnFormValues {
  if (version) return { ...toFormValues(FORM_KEYS, version), childId: version.childId };
  return { ...toFormValues(FORM_KEYS, from), startDate: toDateOnly(), childId: childId ?? "" };
}

/** The prescription form of a record screen, its new version starting from the version in force. */
export function pnForm(
  active: PnPrescription | null,
): RecordForm<PnPrescription, PnFormValues, PnPrescriptionBody> {
  return {
    schema: pnPrescriptionInput,
    fields: pnFields,
    toFormValues: (version, childId) => pnFormValues(version, childId, active),
  };
}
