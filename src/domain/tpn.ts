import { z } from "zod";
import { isoDate, optionalDecimal, optionalInt, optionalText, requiredId } from "./fields";
import { dateOnly, nullableDecimal, nullableInt, nullableText, recordBase, type Wire } from "./records";

/** One day's TPN infusion for a child. Amounts are decimals (precision 8, scale 2) sent as text. */
export const tpnEntryInput = z.object({
  childId: requiredId("Child"),
  date: isoDate("Date"),
  calories: optionalDecimal("Calories"),
  protein: optionalDecimal("Protein"),
  carbohydrates: optionalDecimal("Carbohydrates"),
  fat: optionalDecimal("Fat"),
  volume: optionalDecimal("Volume"),
  /** Infusion duration in whole hours. */
  duration: optionalInt("Duration", 0, 24),
  notes: optionalText(),
});

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
