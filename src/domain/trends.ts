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

/**
 * The first of `measures` that has a value on some day of `days`: a chart of several measures
 * opens on one with something to draw, not on an empty one. The first measure when none has data.
 */
export function firstMeasureWithData<K extends string>(
  days: readonly Partial<Record<K, number | null>>[],
  measures: readonly K[],
): K {
  return measures.find((m) => days.some((day) => day[m] !== null && day[m] !== undefined)) ?? measures[0]!;
}

/** The value axis of a chart: where it starts and ends, the values it names, and whether it skips from zero. */
export interface ValueAxis {
  domain: [number, number];
  ticks: number[];
  /** The axis starts above zero: the chart draws a break on it, so nobody reads the bottom as zero. */
  broken: boolean;
}

/** A round step (1, 2, 2.5 or 5 times a power of ten) of at least `rough`. */
function niceStep(rough: number): number {
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * power >= rough - 1e-9)!;
  return step * power;
}

function ticksBetween(low: number, end: number, step: number): number[] {
  const ticks: number[] = [];
  for (let tick = low; tick <= end + step / 1e6; tick += step) ticks.push(Math.round(tick * 1e6) / 1e6);
  return ticks;
}

/**
 * An axis of amounts from zero, so a line's height is its size (a day of 900 kcal is not drawn as
 * a tenth of one of 1,000), up to a round number at or above the highest value (and the top of a
 * band), with about `count` steps (5 unless told). `fixed` keeps a scale's own ends (pain 0 to
 * 10). `from: "data"` is for measurements whose changes matter more than their size (sodium 136
 * to 141 mmol/L): the axis starts at a round number under the lowest value, `broken` when above zero.
 */
export function valueAxis(
  values: readonly number[],
  options: { count?: number; fixed?: [number, number]; from?: "zero" | "data" } = {},
): ValueAxis {
  const count = options.count ?? 5;
  if (options.fixed) {
    const [low, high] = options.fixed;
    return {
      domain: [low, high],
      ticks: ticksBetween(low, high, niceStep((high - low) / count)),
      broken: false,
    };
  }
  const highest = Math.max(0, ...values);
  if (options.from === "data" && values.length > 0) {
    const lowest = Math.min(...values);
    const step = niceStep((highest - lowest || Math.abs(highest) || 1) / count);
    const low = Math.floor(lowest / step - 1e-9) * step;
    if (low > 0) {
      const end = Math.max(Math.ceil(highest / step - 1e-9) * step, low + step);
      return { domain: [low, end], ticks: ticksBetween(low, end, step), broken: true };
    }
  }
  const top = highest > 0 ? highest : 1;
  const step = niceStep(top / count);
  const end = Math.ceil(top / step - 1e-9) * step;
  return { domain: [0, end], ticks: ticksBetween(0, end, step), broken: false };
}

/** A tick's text: thousands separators and the unit ('109,364 mL', '2.5 g'); '/10' sticks to the number. */
export function tickLabel(value: number, unit = ""): string {
  const text = value.toLocaleString("en-US", { maximumFractionDigits: 1 });
  if (!unit) return text;
  return unit.startsWith("/") ? `${text}${unit}` : `${text} ${unit}`;
}

/**
 * The width in pixels a value axis needs for its longest tick label at `fontSize`, so no label is
 * cut: an average glyph of digits and letters is about 0.62 of the font size in the app's sans
 * font (measured on 'Inter'/system fonts at 11 px: '109,364 mL' is 62 px), plus the tick line and a gap.
 */
export function axisWidth(labels: readonly string[], fontSize = 11): number {
  const longest = Math.max(0, ...labels.map((label) => label.length));
  return Math.ceil(longest * fontSize * 0.62) + 14;
}
