import { queryOptions, useQuery } from "@tanstack/react-query";
import { Activity } from "lucide-react";
import { useState } from "react";
import { RangeToggle, TrendCard } from "@/client/components/charts/trend";
import { getJson } from "@/client/lib/api";
import { useChildFilter } from "@/client/lib/child-filter";
import { toDateOnly } from "@/client/lib/format";
import type { PainDay, TrendRange } from "@/domain/trends";

/** The 0 to 10 pain scale the entries use (the numeric rating scale). */
const PAIN_SCALE: [number, number] = [0, 10];

/** Pain per day; under the symptoms' own key, so every symptom change reloads it. */
function painOptions(childId: string | null, days: TrendRange, today: string) {
  const params = new URLSearchParams({ days: String(days), today, ...(childId ? { childId } : {}) });
  return queryOptions({
    queryKey: ["symptoms", "pain", { childId, days, today }] as const,
    queryFn: () => getJson<PainDay[]>(`/api/symptoms/pain?${params}`),
  });
}

/** The day's average pain level over 7, 30 or 90 days, for the header's child or the family. */
export function PainTrend() {
  const [days, setDays] = useState<TrendRange>(30);
  const { childId, selectedChild } = useChildFilter();
  const pain = useQuery(painOptions(childId, days, toDateOnly()));
  const points = (pain.data ?? []).map((day) => ({ date: day.date, value: day.average }));
  return (
    <TrendCard
      title={selectedChild ? `Pain Level, ${selectedChild.name}` : "Pain Level"}
      icon={Activity}
      label="Average pain level"
      unit="/10"
      scale={PAIN_SCALE}
      points={points}
      isLoading={pain.isLoading}
      empty={`No pain level recorded in the last ${days} days.`}
      controls={<RangeToggle value={days} onChange={setDays} />}
    />
  );
}
