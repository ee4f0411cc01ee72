import { useQuery } from "@tanstack/react-query";
import { Scale } from "lucide-react";
import { useState } from "react";
import { RangeToggle, TrendCard } from "@/client/components/charts/trend";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/client/components/ui/select";
import { type PnPerKg, pnPerKgOptions } from "@/client/lib/pn-api";
import type { PerKg } from "@/domain/pn";
import type { TrendPoint, TrendRange } from "@/domain/trends";

const FIGURES = [
  // The same measure on both sides: the day's dextrose over 24 hours (a night's entry does not say
  // its full rate, so a plateau GIR against a run average would show a gap for a bag run as prescribed).
  { key: "girDayAverage", label: "GIR, 24-hour average", unit: "mg/kg/min" },
  { key: "kcalPerKgDay", label: "Energy", unit: "kcal/kg/day" },
  { key: "proteinGPerKgDay", label: "Protein", unit: "g/kg/day" },
  { key: "lipidGPerKgDay", label: "Lipid", unit: "g/kg/day" },
] as const satisfies readonly { key: keyof PerKg; label: string; unit: string }[];
type Figure = (typeof FIGURES)[number]["key"];

/** One figure's points, prescribed or delivered, on the days that have it. */
export function perKgPoints(
  days: PnPerKg["days"],
  side: "prescribed" | "delivered",
  figure: Figure,
): TrendPoint[] {
  return days.flatMap((day) => {
    const value = day[side]?.[figure];
    return value === null || value === undefined ? [] : [{ date: day.date, value }];
  });
}

/**
 * Per kilogram, day by day: what the prescription in force gave (dashed) against what the nights'
 * entries delivered, for the GIR, energy, protein or lipid, over 7, 30 or 90 days.
 */
export function PnPerKgTrend({ childId }: { childId: string }) {
  const [days, setDays] = useState<TrendRange>(30);
  const [figure, setFigure] = useState<Figure>("girDayAverage");
  const perKg = useQuery(pnPerKgOptions(childId, days));
  const chosen = FIGURES.find((f) => f.key === figure)!;
  const list = perKg.data?.days ?? [];
  const delivered = perKgPoints(list, "delivered", figure);
  const prescribed = perKgPoints(list, "prescribed", figure);
  return (
    <TrendCard
      title="Per kilogram: prescribed and delivered"
      icon={Scale}
      label="Delivered"
      unit={chosen.unit}
      axisUnit=""
      points={delivered}
      reference={{ label: "Prescribed", points: prescribed }}
      isLoading={perKg.isLoading}
      empty={
        perKg.data?.weight
          ? `No ${chosen.key === "girDayAverage" ? "GIR" : chosen.label.toLowerCase()} to chart in the last ${days} days.`
          : "Add a weight in Vitals to chart the figures per kilogram."
      }
      controls={
        <>
          <Select value={figure} onValueChange={(value) => setFigure(value as Figure)}>
            <SelectTrigger aria-label="Figure" className="h-9 w-56">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {FIGURES.map((f) => (
                <SelectItem key={f.key} value={f.key}>
                  {f.label} ({f.unit})
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <RangeToggle value={days} onChange={setDays} />
        </>
      }
    />
  );
}
