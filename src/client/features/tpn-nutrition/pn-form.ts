import { z } from "zod";
import { toFormValues } from "@/client/components/record-screen/form-values";
import type { RecordFieldConfig } from "@/client/components/record-screen/record-fields";
import type { RecordForm } from "@/client/components/record-screen/types";
import { toDateOnly } from "@/client/lib/format";
import type { PnPrescription, PnPrescriptionBody } from "@/client/lib/pn-api";
import { acrossFields, optionalInt } from "@/domain/fields";
import {
  LEGACY_TAPER_PERCENT,
  LIPID_KCAL_PER_ML,
  LIPID_PERCENTS,
  lipidKcalPerGram,
  type TaperStep,
} from "@/domain/pn";
import { pnPrescriptionInput, pnPrescriptionIssues } from "@/domain/pn-records";

const FORM_KEYS = [
  "startDate",
  "prescriber",
  "bagVolumeMl",
  "infusionHours",
  "nightsPerWeek",
  "rateMlPerHour",
  "taperUpMinutes",
  "taperUpPercent",
  "taperUp2Minutes",
  "taperUp2Percent",
  "taperDownMinutes",
  "taperDownPercent",
  "taperDown2Minutes",
  "taperDown2Percent",
  "dextrosePercent",
  "aminoAcidsG",
  "lipidG",
  "lipidPercent",
  "lipidProduct",
  "additives",
  "notes",
] as const;

/** The inputs' strings, and the child the prescription is for (the screen's picker; no input of its own). */
export type PnFormValues = Record<(typeof FORM_KEYS)[number] | "childId", string>;

const amount = (step: string) => ({ type: "number", step, min: "0" }) as const;

/** A taper step's two inputs: its minutes and its rate, a percent of the full rate. */
const stepInputs = (
  direction: "Up" | "Down",
  second: boolean,
): readonly RecordFieldConfig<PnFormValues>[] => {
  const words = `Taper ${direction.toLowerCase()}${second ? ", then" : ""}`;
  const key = `taper${direction}${second ? "2" : ""}` as const;
  return [
    {
      name: `${key}Minutes`,
      label: `${words} (minutes)`,
      ...amount("1"),
      max: "240",
      ...(second ? { more: true } : {}),
    },
    {
      name: `${key}Percent`,
      label: `${words} at (% of full rate)`,
      placeholder: second ? "e.g. a quarter: 25" : "Half rate if empty",
      ...amount("1"),
      max: "99",
      ...(second ? { more: true } : {}),
    },
  ];
};

/** As the pharmacy label or the clinic's letter gives them: the bag, how it runs, what is in it. */
export const pnFields: readonly RecordFieldConfig<PnFormValues>[] = [
  {
    name: "startDate",
    label: "Start date *",
    type: "date",
    required: true,
    hint: "The version before ends the day before.",
  },
  // Placeholders are words, never numbers a person could take for entered ones.
  { name: "prescriber", label: "Prescriber", placeholder: "Name of the prescriber", autoComplete: "off" },
  {
    name: "bagVolumeMl",
    label: "Bag volume (mL) *",
    required: true,
    placeholder: "From the label",
    ...amount("0.1"),
  },
  {
    name: "infusionHours",
    label: "Infusion hours *",
    required: true,
    placeholder: "From the label",
    ...amount("0.25"),
  },
  {
    name: "nightsPerWeek",
    label: "Nights a week",
    placeholder: "Every night",
    hint: "Leave empty when the bag runs every night.",
    ...amount("1"),
    min: "1",
    max: "7",
  },
  {
    name: "rateMlPerHour",
    label: "Rate (mL/h)",
    placeholder: "Computed",
    hint: "Leave empty to compute it from the volume, the hours and the taper.",
    ...amount("0.1"),
  },
  // Each taper step runs at a percent of the full rate: up, often half rate; down, half and then
  // a quarter (Harvard / Boston Children's HPN teaching; Longhurst et al., 2003).
  ...stepInputs("Up", false),
  ...stepInputs("Up", true),
  ...stepInputs("Down", false),
  ...stepInputs("Down", true),
  { name: "dextrosePercent", label: "Dextrose (%)", ...amount("0.01") },
  { name: "aminoAcidsG", label: "Amino acids (g)", ...amount("0.01") },
  {
    name: "lipidG",
    label: "Lipid (g)",
    hint: "Grams of fat: 100 mL of a 20 % emulsion holds 20 g.",
    ...amount("0.01"),
  },
  {
    name: "lipidPercent",
    label: "Lipid emulsion",
    type: "select",
    // kcal/mL from the product labels and ASPEN (see pn.ts): a 10 % emulsion gives more per gram.
    options: LIPID_PERCENTS.map((percent) => ({
      value: String(percent),
      label: `${percent} % (${LIPID_KCAL_PER_ML[percent]} kcal/mL, ${lipidKcalPerGram(percent)} kcal per g of fat)`,
    })),
    hint: "The strength on the lipid's label: Omegaven is 10 %, SMOFlipid and Intralipid 20 % are 20 %.",
  },
  { name: "lipidProduct", label: "Lipid product", placeholder: "Name on the label", autoComplete: "off" },
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
  if (version) return { ...toFormValues(FORM_KEYS, withStepInputs(version)), childId: version.childId };
  return {
    ...toFormValues(FORM_KEYS, from ? withStepInputs(from) : { lipidPercent: 20 }),
    startDate: toDateOnly(),
    childId: childId ?? "",
  };
}

/** A version's taper steps as the form's inputs: the first two steps each way. */
function withStepInputs(version: PnPrescription) {
  const inputs = (steps: readonly TaperStep[]) => ({
    minutes: steps[0]?.minutes ?? null,
    percent: steps[0]?.percent ?? null,
    minutes2: steps[1]?.minutes ?? null,
    percent2: steps[1]?.percent ?? null,
  });
  const up = inputs(version.taperUpSteps ?? []);
  const down = inputs(version.taperDownSteps ?? []);
  return {
    ...version,
    taperUpMinutes: up.minutes,
    taperUpPercent: up.percent,
    taperUp2Minutes: up.minutes2,
    taperUp2Percent: up.percent2,
    taperDownMinutes: down.minutes,
    taperDownPercent: down.percent,
    taperDown2Minutes: down.minutes2,
    taperDown2Percent: down.percent2,
  };
}

const minutesInput = (label: string) => optionalInt(label, 0, 240);
const percentInput = (label: string) => optionalInt(label, 1, 99);

/** A direction's steps from its inputs: a step with minutes, at its percent (empty: half rate). */
function stepsOf(inputs: [number | null, number | null][]): TaperStep[] {
  return inputs.flatMap(([minutes, percent]) =>
    minutes ? [{ minutes, percent: percent ?? LEGACY_TAPER_PERCENT }] : [],
  );
}

const apiFields = z.object(pnPrescriptionInput.shape).omit({
  taperUpMinutes: true,
  taperDownMinutes: true,
  taperUpSteps: true,
  taperDownSteps: true,
});

/**
 * The form's schema: the API's fields with each taper's two steps as inputs, sent as steps (a
 * taper too long for the infusion is said under the last taper input).
 */
export const pnFormSchema = z
  .object({
    ...apiFields.shape,
    taperUpMinutes: minutesInput("Taper up (minutes)"),
    taperUpPercent: percentInput("Taper up rate (%)"),
    taperUp2Minutes: minutesInput("Taper up, then (minutes)"),
    taperUp2Percent: percentInput("Taper up, then rate (%)"),
    taperDownMinutes: minutesInput("Taper down (minutes)"),
    taperDownPercent: percentInput("Taper down rate (%)"),
    taperDown2Minutes: minutesInput("Taper down, then (minutes)"),
    taperDown2Percent: percentInput("Taper down, then rate (%)"),
  })
  .transform(
    ({
      taperUpMinutes: up1,
      taperUpPercent: upP1,
      taperUp2Minutes: up2,
      taperUp2Percent: upP2,
      taperDownMinutes: down1,
      taperDownPercent: downP1,
      taperDown2Minutes: down2,
      taperDown2Percent: downP2,
      ...body
    }) => {
      const up = stepsOf([
        [up1, upP1],
        [up2, upP2],
      ]);
      const down = stepsOf([
        [down1, downP1],
        [down2, downP2],
      ]);
      return {
        ...body,
        taperUpSteps: up,
        taperDownSteps: down,
        taperUpMinutes: up.reduce((sum, s) => sum + s.minutes, 0) || null,
        taperDownMinutes: down.reduce((sum, s) => sum + s.minutes, 0) || null,
      };
    },
  )
  .check(
    acrossFields(["infusionHours", "taperUpSteps", "taperDownSteps"], (body) =>
      pnPrescriptionIssues(body).map((issue) => ({ ...issue, path: "taperDownMinutes" })),
    ),
  );

/** The prescription form of a record screen, its new version starting from the version in force. */
export function pnForm(
  active: PnPrescription | null,
): RecordForm<PnPrescription, PnFormValues, PnPrescriptionBody> {
  return {
    schema: pnFormSchema,
    fields: pnFields,
    toFormValues: (version, childId) => pnFormValues(version, childId, active),
  };
}
