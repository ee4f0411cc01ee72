import { queryOptions } from "@tanstack/react-query";
import { getJson } from "@/client/lib/api";
import type { SymptomHeatmap } from "@/domain/symptom-heatmap";

/**
 * The heatmap and overview for the 30 days ending `today` (the browser's day), for one child (and
 * the unlinked entries) or the whole family. Its key sits under the symptoms' own ('symptoms'), so
 * a symptom added, changed or deleted anywhere reloads it.
 */
export function heatmapQueryOptions(childId: string | null, today: string) {
  const params = new URLSearchParams({ today, ...(childId ? { childId } : {}) });
  return queryOptions({
    queryKey: ["symptoms", "heatmap", { childId, today }] as const,
    queryFn: () => getJson<SymptomHeatmap>(`/api/symptoms/heatmap?${params}`),
  });
}
