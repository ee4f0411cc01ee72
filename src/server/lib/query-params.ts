import { z } from "zod";
import { isoDate } from "../../domain/fields";
import { TREND_RANGES } from "../../domain/trends";

/** The day the family is in (the client sends the family's date; without it, the family clock's), so "the last 30 days" ends on their today. */
export const todayParam = isoDate("today").optional();

/** A trend's range in days: 7, 30 or 90. */
export const trendDaysParam = z.coerce
  .number()
  .refine(
    (days) => (TREND_RANGES as readonly number[]).includes(days),
    `days must be one of ${TREND_RANGES.join(", ")}`,
  )
  .default(30);
