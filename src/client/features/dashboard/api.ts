import { queryOptions } from "@tanstack/react-query";
import { getJson } from "@/client/lib/api";
import { activityQueryKey, dashboardStatsQueryKey } from "@/client/lib/query-keys";
import { createResourceApi } from "@/client/lib/resource-api";
import type { ActivityItem, DashboardStats } from "@/domain/dashboard";
import type { LabResult } from "@/domain/lab-results";
import type { LabTest } from "@/domain/labs";
import type { Medication } from "@/domain/medications";
import type { TpnEntry } from "@/domain/tpn";
import type { SpecialistVisit } from "@/domain/visits";

export type { ActivityItem, DashboardStats, LabTest, Medication, SpecialistVisit, TpnEntry };

/** Counts for one child (and the records linked to no child), or for the whole family. */
export function statsQueryOptions(childId: string | null) {
  return queryOptions({
    // `dashboardStatsQueryKey` stays the prefix, so the screens that invalidate it reach every variant.
    queryKey: [...dashboardStatsQueryKey, { childId }] as const,
    queryFn: () =>
      getJson<Partial<DashboardStats>>(
        childId ? `/api/dashboard/stats?childId=${encodeURIComponent(childId)}` : "/api/dashboard/stats",
      ),
  });
}

/** Every change anywhere adds to it, so it is reloaded each time the dashboard opens. */
export const activityQueryOptions = queryOptions({
  queryKey: activityQueryKey,
  queryFn: () => getJson<ActivityItem[]>("/api/dashboard/activity"),
  staleTime: 0,
});

/*
 * The dashboard's own read-only views of other resources' lists. They use the same keys as the
 * screens that edit them, so a change there reloads the card here.
 */

type ChildParams = { childId?: string };

export const visitsApi = createResourceApi<SpecialistVisit, never, ChildParams>(
  "/api/specialist-visits",
  "specialist-visits",
);
export const labTestsApi = createResourceApi<LabTest, never, ChildParams>("/api/lab-tests", "lab-tests");
/** A child's lab results with numbers (the conjugated bilirubin card of a child on PN). */
export const labResultsApi = createResourceApi<LabResult, never, ChildParams>(
  "/api/lab-results",
  "lab-results",
);
export const medicationsApi = createResourceApi<Medication, never, ChildParams>(
  "/api/medications",
  "medications",
);
export const tpnApi = createResourceApi<TpnEntry, never, { childId: string }>("/api/tpn", "tpn");

/** The list of one resource for the header's child filter; all children when there is none. */
export const childListParams = (childId: string | null): ChildParams | undefined =>
  childId ? { childId } : undefined;
