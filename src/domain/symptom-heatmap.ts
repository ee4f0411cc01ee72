import { z } from "zod";
import { addDays, dayNumber } from "./dates";

/** Spec section 9: the heatmap shows the last 30 days and the top 10 symptoms; the overview the last 7 days. */
export const HEATMAP_DAYS = 30;
export const TOP_SYMPTOMS = 10;
export const OVERVIEW_DAYS = 7;
/** The overview lists this many distinct symptoms a day, then '...'. */
export const OVERVIEW_SYMPTOMS = 3;

export const INTENSITY_BANDS = ["none", "low", "mild", "moderate", "high", "severe"] as const;
export type IntensityBand = (typeof INTENSITY_BANDS)[number];
export const BAND_LABELS: Record<IntensityBand, string> = {
  none: "None",
  low: "Low",
  mild: "Mild",
  moderate: "Moderate",
  high: "High",
  severe: "Severe",
};

/** Spec section 9: 0 none; 1-2 low; 3-4 mild; 5-6 moderate; 7-8 high; above 8 severe. */
export function intensityBand(intensity: number): IntensityBand {
  if (intensity <= 0) return "none";
  if (intensity <= 2) return "low";
  if (intensity <= 4) return "mild";
  if (intensity <= 6) return "moderate";
  if (intensity <= 8) return "high";
  return "severe";
}

export type PainColor = "green" | "yellow" | "orange" | "red";

/** Spec section 9: a day's average pain is 0 green, up to 3 yellow, up to 6 orange, above that red. */
export function painColor(average: number): PainColor {
  if (average <= 0) return "green";
  if (average <= 3) return "yellow";
  if (average <= 6) return "orange";
  return "red";
}

export interface SymptomEntryLike {
  date: string;
  symptoms: readonly string[];
  painLevel: number | null;
}

/** "Belly  Pain " and "belly pain" are one symptom. */
const symptomKey = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();
const tidy = (name: string) => name.trim().replace(/\s+/g, " ");

/** The `count` days ending `today`, oldest first. */
export function lastDays(today: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(today, i - count + 1));
}

export const heatmapRowRecord = z.object({
  symptom: z.string(),
  total: z.number(),
  /** Intensity per day, in the order of `days`. */
  cells: z.array(z.number()),
});
export type HeatmapRow = z.infer<typeof heatmapRowRecord>;

/**
 * The heatmap (spec sections 2 and 9): the days of the window ending `today`, and for the top 10
 * symptoms by total intensity, the intensity of each day, which is the sum of the pain levels of
 * that day's entries naming the symptom (an entry without a pain level adds 0). Names that differ
 * only in case or spacing are one symptom, shown as first written. Ties rank by name.
 */
export function symptomHeatmap(
  entries: readonly SymptomEntryLike[],
  today: string,
  days = HEATMAP_DAYS,
  top = TOP_SYMPTOMS,
): { days: string[]; rows: HeatmapRow[] } {
  const window = lastDays(today, days);
  const first = dayNumber(window[0]!);
  const bySymptom = new Map<string, { symptom: string; cells: number[] }>();
  for (const entry of entries) {
    const index = dayNumber(entry.date) - first;
    if (index < 0 || index >= days) continue;
    for (const key of new Set(entry.symptoms.map(symptomKey).filter(Boolean))) {
      const name = entry.symptoms.find((s) => symptomKey(s) === key)!;
      let row = bySymptom.get(key);
      if (!row) {
        row = { symptom: tidy(name), cells: Array(days).fill(0) };
        bySymptom.set(key, row);
      }
      row.cells[index]! += entry.painLevel ?? 0;
    }
  }
  const rows = [...bySymptom.values()]
    .map((row) => ({ ...row, total: row.cells.reduce((sum, n) => sum + n, 0) }))
    .sort((a, b) => b.total - a.total || a.symptom.localeCompare(b.symptom))
    .slice(0, top);
  return { days: window, rows };
}

export const overviewDayRecord = z.object({
  date: z.string(),
  entries: z.number().int(),
  /** Up to three distinct symptoms, as first written that day. */
  symptoms: z.array(z.string()),
  /** More than three entries that day: the list is followed by '...'. */
  more: z.boolean(),
  /** The rounded average of the day's pain levels, or null when none was given. */
  averagePain: z.number().int().nullable(),
});
export type OverviewDay = z.infer<typeof overviewDayRecord>;

/** 'Daily Symptom Overview' (spec section 2): the last 7 days, newest first. */
export function dailyOverview(
  entries: readonly SymptomEntryLike[],
  today: string,
  days = OVERVIEW_DAYS,
): OverviewDay[] {
  return lastDays(today, days)
    .reverse()
    .map((date) => {
      const ofDay = entries.filter((e) => e.date === date);
      const names: string[] = [];
      for (const entry of ofDay) {
        for (const symptom of entry.symptoms) {
          if (symptom.trim() && !names.some((n) => symptomKey(n) === symptomKey(symptom)))
            names.push(tidy(symptom));
        }
      }
      const pains = ofDay.map((e) => e.painLevel).filter((p): p is number => p !== null);
      return {
        date,
        entries: ofDay.length,
        symptoms: names.slice(0, OVERVIEW_SYMPTOMS),
        more: ofDay.length > OVERVIEW_SYMPTOMS,
        averagePain: pains.length ? Math.round(pains.reduce((s, p) => s + p, 0) / pains.length) : null,
      };
    });
}

/** `GET /api/symptoms/heatmap`: the grid and the overview for the window ending `today`. */
export const symptomHeatmapRecord = z.object({
  days: z.array(z.string()),
  rows: z.array(heatmapRowRecord),
  overview: z.array(overviewDayRecord),
});
export type SymptomHeatmap = z.infer<typeof symptomHeatmapRecord>;
