import { z } from "zod";
import {
  acrossFields,
  type FieldIssue,
  optionalDecimal,
  optionalInt,
  optionalText,
  pastDate,
  requiredId,
} from "./fields";
import { dateOnly, nullableDecimal, nullableInt, nullableText, recordBase, type Wire } from "./records";

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
});
export type TpnEntry = Wire<typeof tpnEntryRecord>;
