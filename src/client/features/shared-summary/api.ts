import { queryOptions } from "@tanstack/react-query";
import { getJson } from "@/client/lib/api";
import type { SharedSummary } from "@/domain/family";

/**
 * What a clinic link opens. Each request counts as an opening in the family's list, so it is asked
 * once per visit (no refetch, no retry: the query client's defaults).
 */
export function sharedSummaryOptions(token: string) {
  return queryOptions({
    queryKey: ["shared-summary", token] as const,
    queryFn: () => getJson<SharedSummary>(`/api/shared/${encodeURIComponent(token)}`),
  });
}
