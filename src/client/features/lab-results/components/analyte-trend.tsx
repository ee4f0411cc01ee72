import { useQuery } from "@tanstack/react-query";
import { TestTubes } from "lucide-react";
import { useState } from "react";
import { TrendCard } from "@/client/components/charts/trend";
import { fieldClassName } from "@/client/components/ui/input";
import { cn } from "@/client/lib/utils";
import { type AnalyteResult, analyteLabel, analyteSeries, trendKey } from "@/domain/lab-results";
import { type LabResult, labResultsApi } from "../api";

/** The analytes of the results, by their trend's key, each named as first seen; the catalogue's first. */
export function trendChoices(results: readonly LabResult[]): { key: string; label: string }[] {
  const seen = new Map<string, string>();
  for (const result of results)
    for (const a of result.analytes as AnalyteResult[])
      if (!seen.has(trendKey(a))) seen.set(trendKey(a), analyteLabel(a));
  return [...seen].map(([key, label]) => ({ key, label })).sort((x, y) => x.label.localeCompare(y.label));
}

/**
 * One analyte's values over time with the lab's range as a band (its latest range; a range with a
 * high bound only is drawn from zero), in the analyte's own unit whatever unit each lab used.
 */
export function AnalyteTrend({ childId }: { childId: string | null }) {
  const results = useQuery(labResultsApi.listOptions(childId ? { childId } : undefined)).data ?? [];
  const choices = trendChoices(results);
  const [chosen, setChosen] = useState<string | null>(null);
  const key = chosen && choices.some((c) => c.key === chosen) ? chosen : (choices[0]?.key ?? null);
  if (!key) return null;
  const label = choices.find((c) => c.key === key)?.label ?? "";
  const series = analyteSeries(results, key);
  const ranged = series.findLast((p) => p.referenceHigh !== null);
  const band = ranged ? { low: ranged.referenceLow ?? 0, high: ranged.referenceHigh ?? 0 } : null;
  return (
    <TrendCard
      title="Results Over Time"
      icon={TestTubes}
      label={label}
      points={series.map((p) => ({ date: p.date, value: p.value }))}
      unit={series[0]?.unit}
      band={band}
      axisFrom="data"
      empty="No values for this analyte yet."
      controls={
        <select
          aria-label="Analyte"
          value={key}
          onChange={(event) => setChosen(event.target.value)}
          className={cn(fieldClassName, "h-9 w-56")}
        >
          {choices.map((c) => (
            <option key={c.key} value={c.key}>
              {c.label}
            </option>
          ))}
        </select>
      }
    />
  );
}
