import { z } from "zod";
import {
  acrossFields,
  type FieldIssue,
  optionalDecimal,
  optionalId,
  optionalInt,
  optionalIsoDate,
  optionalText,
  optionalTime,
  pastDate,
  requiredId,
} from "./fields";
import { dateOnly, nullableDecimal, nullableInt, nullableText, recordBase, type Wire } from "./records";
import { kitDrawField } from "./supply-kits";

/** The amounts a TPN entry records; an entry needs at least one of them. */
export const TPN_AMOUNTS = ["calories", "protein", "carbohydrates", "fat", "volume"] as const;
export type TpnAmount = (typeof TPN_AMOUNTS)[number];

export const NO_TPN_AMOUNT_MESSAGE =
  "Enter at least one amount: calories, protein, carbohydrates, fat or volume";

/**
 * An entry with no amount at all records nothing. The issue sits on calories, the form's first
 * amount, so the form shows it there.
 */
export function tpnAmountIssues(entry: Readonly<Record<TpnAmount, unknown>>): FieldIssue[] {
  const hasAmount = TPN_AMOUNTS.some((amount) => entry[amount] !== null && entry[amount] !== undefined);
  return hasAmount ? [] : [{ path: "calories", message: NO_TPN_AMOUNT_MESSAGE }];
}

export const PRESCRIPTION_OF_ANOTHER_CHILD = "This prescription is another child's";

/** One day's TPN infusion for a child. Amounts are decimals (precision 8, scale 2) sent as text. */
export const tpnEntryInput = z
  .object({
    childId: requiredId("Child"),
    date: pastDate("Date"),
    calories: optionalDecimal("Calories"),
    protein: optionalDecimal("Protein"),
    carbohydrates: optionalDecimal("Carbohydrates"),
    fat: optionalDecimal("Fat"),
    volume: optionalDecimal("Volume"),
    /** Infusion duration in whole hours. */
    duration: optionalInt("Duration", 0, 24),
    notes: optionalText(),
    /** The prescription version the bag followed ("Tonight's bag"); the same child's. */
    pnPrescriptionId: optionalId(),
    lot: optionalText(100),
    expiryDate: optionalIsoDate("Expiry date"),
    startTime: optionalTime(),
    stopTime: optionalTime(),
    /** Interruptions and pump alarms during the night, as the parent tells them. */
    interruptions: optionalText(2000),
  })
  .check(acrossFields(TPN_AMOUNTS, tpnAmountIssues));

export type TpnEntryInput = z.input<typeof tpnEntryInput>;

/** A TPN entry as the API returns it: amounts as decimal text ("1200.00"), duration in hours. */
export const tpnEntryRecord = z.object({
  ...recordBase,
  childId: z.uuid(),
  date: dateOnly,
  calories: nullableDecimal,
  protein: nullableDecimal,
  carbohydrates: nullableDecimal,
  fat: nullableDecimal,
  volume: nullableDecimal,
  duration: nullableInt,
  notes: nullableText,
  pnPrescriptionId: z.uuid().nullable(),
  lot: nullableText,
  expiryDate: nullableText,
  startTime: nullableText,
  stopTime: nullableText,
  interruptions: nullableText,
  /** What the bag's kit drew from the supplies (src/domain/supply-kits.ts). */
  ...kitDrawField,
});
export type TpnEntry = Wire<typeof tpnEntryRecord>;

/**
 * The volumes (mL) a day's home parenteral nutrition bag plausibly holds. A volume outside them is
 * most likely a typing slip (99,999 for 999), so the form asks before saving it, and the person
 * may still save it; the server takes any value its own limits allow.
 *
 * Sources: maintenance fluid needs by weight (Holliday & Segar, Pediatrics 1957: 100 mL/kg/day for
 * the first 10 kg, 50 for the next 10, 20 beyond) put a 1 kg newborn near 100 mL and a 70 kg
 * teenager near 2,500 mL a day; pediatric home PN bags are compounded in that range, and the
 * largest ready-made adult bags hold about 2,500 to 3,000 mL (ESPGHAN/ESPEN/ESPR/CSPEN guidelines
 * on pediatric parenteral nutrition, 2018: fluid and electrolytes). 10 mL and 5,000 mL lie well
 * outside every real bag, so only slips are asked about.
 */
export const TPN_USUAL_VOLUME_ML = { min: 10, max: 5000 } as const;

/** Whether a volume (mL, as entered) lies outside `bounds`: the form asks before saving it. */
export function isUnusualTpnVolume(
  volume: string | number | null | undefined,
  bounds: { min: number; max: number } = TPN_USUAL_VOLUME_ML,
): boolean {
  if (volume === null || volume === undefined || volume === "") return false;
  const mL = Number(volume);
  return Number.isFinite(mL) && (mL < bounds.min || mL > bounds.max);
}
