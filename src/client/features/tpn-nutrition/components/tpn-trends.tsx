import { queryOptions, useQuery } from "@tanstack/react-query";
import { TrendingUp } from "lucide-react";
import { useState } from "react";
import { RangeToggle, TrendCard } from "@/client/components/charts/trend";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/client/components/ui/select";
import { getJson } from "@/client/lib/api";
import { toDateOnly } from "@/client/lib/format";
import { firstMeasureWithData, type TpnDay, type TrendRange } from "@/domain/trends";

const METRICS = [
  { key: "calories", label: "Calories", unit: "kcal" },
  { key: "protein", label: "Protein", unit: "g" },
  { key: "carbohydrates", label: "Carbohydrates", unit: "g" },
  { key: "fat", label: "Fat", unit: "g" },
  { key: "volume", label: "Volume", unit: "mL" },
] as const;
type Metric = (typeof METRICS)[number]["key"];

/** One child's TPN per day; under the entries' own key ('tpn'), so every change reloads it. */
function tpnDailyOptions(childId: string, days: TrendRange, today: string) {
  return queryOptions({
    queryKey: ["tpn", "daily", { childId, days, today }] as const,
    queryFn: () =>
      getJson<TpnDay[]>(`/api/tpn/daily?${new URLSearchParams({ childId, days: String(days), today })}`),
  });
}

/** The child's daily calories, protein, carbohydrates, fat or volume over 7, 30 or 90 days. */
export function TpnTrends({ childId }: { childId: string }) {
  const [days, setDays] = useState<TrendRange>(30);
  // Until one is chosen, the first amount with something to draw (not calories when only the
  // volume was written down).
  const [picked, setPicked] = useState<Metric | null>(null);
  const daily = useQuery(tpnDailyOptions(childId, days, toDateOnly()));
  const metric =
    picked ??
    firstMeasureWithData(
      daily.data ?? [],
      METRICS.map((m) => m.key),
    );
  const chosen = METRICS.find((m) => m.key === metric)!;
  const points = (daily.data ?? []).flatMap((day) =>
    day[metric] === null ? [] : [{ date: day.date, value: day[metric]! }],
  );
  return (
    <TrendCard
      title="TPN Trends"
      icon={TrendingUp}
      label={chosen.label}
      unit={chosen.unit}
      points={points}
      isLoading={daily.isLoading}
      empty={`No ${chosen.label.toLowerCase()} recorded in the last ${days} days.`}
      controls={
        <>
          <Select value={metric} onValueChange={(value) => setPicked(value as Metric)}>
            <SelectTrigger aria-label="Amount" className="h-9 w-40">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {METRICS.map((m) => (
                <SelectItem key={m.key} value={m.key}>
                  {m.label} ({m.unit})
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
