import { z } from "zod";

/** The ranges a trend chart offers, in days. */
export const TREND_RANGES = [7, 30, 90] as const;
export type TrendRange = (typeof TREND_RANGES)[number];

export interface TrendPoint {
  date: string;
  value: number;
}

/** What a chart says in words (for screen readers, and above it): the latest value, the lowest, the highest, the average. */
export function trendSummary(points: readonly TrendPoint[]) {
  if (points.length === 0) return null;
  const values = points.map((p) => p.value);
  const average = values.reduce((sum, v) => sum + v, 0) / values.length;
  return {
    latest: points.at(-1)!,
    min: Math.min(...values),
    max: Math.max(...values),
    average: Math.round(average * 10) / 10,
  };
}

/**
 * The number a lab result starts with ("7.2 x10^9/L" -> 7.2, "<0.5" and "Negative" -> null), so
 * results typed as text can still be charted.
 */
export function leadingNumber(results: string | null | undefined): number | null {
  const match = /^\s*([-+]?\d+(?:[.,]\d+)?)/.exec(results ?? "");
  return match ? Number(match[1]!.replace(",", ".")) : null;
}

/** A normal range written 'a-b' ("4.5-11.0 x10^9/L", "135 – 145"), or null. */
export function normalRangeBounds(range: string | null | undefined): { low: number; high: number } | null {
  const match = /^\s*(\d+(?:[.,]\d+)?)\s*[-–—]\s*(\d+(?:[.,]\d+)?)/.exec(range ?? "");
  if (!match) return null;
  const low = Number(match[1]!.replace(",", "."));
  const high = Number(match[2]!.replace(",", "."));
  return low <= high ? { low, high } : null;
}

/** `GET /api/tpn/daily`: one child's TPN amounts per day (sums of the day's entries). */
export const tpnDayRecord = z.object({
  date: z.string(),
  calories: z.number().nullable(),
  protein: z.number().nullable(),
  carbohydrates: z.number().nullable(),
  fat: z.number().nullable(),
  volume: z.number().nullable(),
});
export type TpnDay = z.infer<typeof tpnDayRecord>;

/** `GET /api/symptoms/pain`: the day's average and highest pain level, over the entries that had one. */
export const painDayRecord = z.object({
  date: z.string(),
  average: z.number(),
  max: z.number().int(),
  entries: z.number().int(),
});
export type PainDay = z.infer<typeof painDayRecord>;
