import type { z } from "zod";
import { toFormValues } from "@/client/components/record-screen/form-values";
import type { RecordFieldConfig } from "@/client/components/record-screen/record-fields";
import type { SecondLook } from "@/client/components/record-screen/second-look";
import type { SecondLookContext } from "@/client/components/record-screen/types";
import { formatCardDate, formatListDate, toDateOnly, toTimeOnly } from "@/client/lib/format";
import type { PnPrescription } from "@/client/lib/pn-api";
import { tonightsBag } from "@/domain/pn";
import type { TpnEntry } from "@/domain/tpn";
import { isUnusualTpnVolume, TPN_USUAL_VOLUME_ML, tpnEntryInput } from "@/domain/tpn";

const FORM_KEYS = [
  "date",
  "calories",
  "protein",
  "carbohydrates",
  "fat",
  "volume",
  "duration",
  "startTime",
  "stopTime",
  "lot",
  "expiryDate",
  "interruptions",
  "notes",
  "pnPrescriptionId",
] as const;

/**
 * The inputs' strings, the child the entry belongs to (the screen's picker) and the prescription
 * it followed ("Tonight's bag"): neither has an input of its own, and an edit keeps both.
 */
export type TpnFormValues = Record<(typeof FORM_KEYS)[number] | "childId", string>;

/**
 * The server's schema. An empty duration is left out of the body (spec: "empty becomes
 * undefined"), which the whole-entry PUT stores as no duration.
 */
export const tpnFormSchema = tpnEntryInput.transform(({ duration, ...rest }) =>
  duration === null ? rest : { ...rest, duration },
);

/** The request body of a create or update. */
export type TpnEntryBody = z.output<typeof tpnFormSchema>;

const decimal = { type: "number", step: "0.01", min: "0" } as const;

/*
 * No number as a placeholder: a grey "850" in an empty field reads as a value already entered
 * beside the label. Empty amount fields say nothing.
 */
export const tpnFields: readonly RecordFieldConfig<TpnFormValues>[] = [
  { name: "date", label: "Date *", type: "date", required: true },
  { name: "calories", label: "Calories (kcal)", ...decimal },
  { name: "protein", label: "Protein (g)", ...decimal },
  { name: "carbohydrates", label: "Carbohydrates (g)", ...decimal },
  { name: "fat", label: "Fat (g)", ...decimal },
  { name: "volume", label: "Volume (mL)", ...decimal },
  {
    name: "duration",
    label: "Duration (hours)",
    type: "number",
    step: "1",
    min: "0",
    max: "24",
    hint: "Whole hours, 0 to 24.",
  },
  // The bag's details: under More details, so the 3 a.m. form is the amounts and Save.
  { name: "startTime", more: true, label: "Start time", type: "time" },
  { name: "stopTime", more: true, label: "Stop time", type: "time" },
  { name: "lot", more: true, label: "Lot", placeholder: "From the bag label", autoComplete: "off" },
  { name: "expiryDate", more: true, label: "Expiry date", type: "date" },
  {
    name: "interruptions",
    more: true,
    label: "Interruptions and pump alarms",
    type: "textarea",
    rows: 2,
    placeholder: "Occlusion alarm at 02:10, restarted at 02:20...",
  },
  {
    name: "notes",
    more: true,
    label: "Notes",
    type: "textarea",
    placeholder: "Line care, how the night went...",
  },
];

/** Today's date, empty amounts and the chosen child when adding; the entry's values when editing. */
export function tpnFormValues(entry: TpnEntry | null, childId: string | null): TpnFormValues {
  const values = toFormValues(FORM_KEYS, entry);
  if (entry) return { ...values, childId: entry.childId };
  return { ...values, date: toDateOnly(), childId: childId ?? "" };
}

/**
 * Tonight's bag as prescribed (`tonightsBag`): today, the volume, whole hours, kcal, amino acids,
 * dextrose and lipid of the version in force, linked to it, so Save is the only other tap.
 */
export function tonightsBagValues(prescription: PnPrescription, childId: string): TpnFormValues {
  const bag = tonightsBag(prescription);
  return {
    ...tpnFormValues(null, childId),
    volume: bag.volume,
    duration: String(bag.duration),
    calories: bag.calories ?? "",
    protein: bag.protein ?? "",
    carbohydrates: bag.carbohydrates ?? "",
    fat: bag.fat ?? "",
    pnPrescriptionId: prescription.id,
  };
}

/**
 * Asks before saving a volume no bag holds (`TPN_USUAL_VOLUME_ML`), a bag that expired before the
 * night it ran, and before adding a second entry for the same child and day ('add a second bag, or
 * edit that one?'). Each saving answer says what it saves ('Save 99,999 mL').
 */
export function tpnSecondLooks(
  entry: TpnEntryBody,
  { record, items, edit }: SecondLookContext<TpnEntry>,
): SecondLook[] {
  const looks: SecondLook[] = [];
  if (isUnusualTpnVolume(entry.volume)) {
    const { min, max } = TPN_USUAL_VOLUME_ML;
    looks.push({
      title: `Is ${formatAmount(String(entry.volume))} mL right?`,
      description: `That is far from what a TPN bag holds (usually ${min.toLocaleString("en-US")} to ${max.toLocaleString("en-US")} mL). Check the number on the bag label.`,
      confirmLabel: `Save ${formatAmount(String(entry.volume))} mL`,
      backLabel: "Change it",
    });
  }
  if (entry.expiryDate && entry.expiryDate < entry.date) {
    looks.push({
      title: "Is the expiry date right?",
      description: `The bag's expiry date, ${formatCardDate(entry.expiryDate)}, is before the night of ${formatCardDate(entry.date)}. Check the date on the bag label.`,
      confirmLabel: "Save with this expiry date",
      backLabel: "Change it",
    });
  }
  const sameDay = record
    ? undefined
    : items?.find((item) => item.childId === entry.childId && item.date === entry.date);
  if (sameDay) {
    looks.push({
      title: "Already logged",
      description: `${alreadyLogged(sameDay)}: add a second bag, or edit that one?`,
      confirmLabel:
        entry.date === toDateOnly()
          ? "Add a second bag tonight"
          : `Add a second bag for ${formatListDate(entry.date)}`,
      alternative: { label: "Edit that one", choose: () => edit(sameDay) },
    });
  }
  return looks;
}

/** 'Already logged tonight at 21:10', 'Already logged today at 08:05', 'Already logged for Nov 24, 2026'. */
function alreadyLogged(entry: TpnEntry): string {
  const saved = new Date(entry.createdAt);
  if (entry.date !== toDateOnly() || Number.isNaN(saved.getTime())) {
    return `Already logged for ${formatListDate(entry.date)}`;
  }
  const when = saved.getHours() >= 17 ? "tonight" : "today";
  return `Already logged ${when} at ${toTimeOnly(saved)}`;
}

/** The TPN entry form as its record screen takes it: schema, fields, starting values and second looks. */
export const tpnForm = {
  schema: tpnFormSchema,
  fields: tpnFields,
  toFormValues: tpnFormValues,
  secondLooks: tpnSecondLooks,
};

/** Amounts as a person reads them: "1200.00" -> "1,200", "25.50" -> "25.5". */
export function formatAmount(value: string | null): string | null {
  if (value === null || value === "") return null;
  const n = Number(value);
  return Number.isFinite(n) ? n.toLocaleString("en-US", { maximumFractionDigits: 2 }) : value;
}
