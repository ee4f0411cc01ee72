import { queryOptions } from "@tanstack/react-query";
import { getJson } from "@/client/lib/api";
import { createResourceApi } from "@/client/lib/create-resource-api";
import { activityQueryKey, dashboardStatsQueryKey } from "@/client/lib/query-keys";
import type { DashboardStats } from "@/domain/dashboard";

export type { DashboardStats };

/** One of the user's latest changes, from the audit log. */
export interface ActivityItem {
  id: string;
  action: "create" | "update" | "delete";
  entity: string;
  summary: string;
  createdAt: string;
}

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

export interface SpecialistVisit {
  id: string;
  doctorName: string;
  specialty: string;
  date: string;
  time: string | null;
  location: string | null;
  followUpNeeded: string | null;
}

export interface LabTest {
  id: string;
  testName: string;
  date: string;
  status: string;
  results: string | null;
  createdAt: string;
}

export interface Medication {
  id: string;
  name: string;
  dosage: string;
  frequency: string;
  isActive: string;
}

export interface TpnEntry {
  id: string;
  date: string;
  calories: string | null;
  volume: string | null;
  duration: number | null;
}

type ChildParams = { childId?: string };

export const visitsApi = createResourceApi<SpecialistVisit, never, ChildParams>(
  "/api/specialist-visits",
  "specialist-visits",
);
export const labTestsApi = createResourceApi<LabTest, never, ChildParams>("/api/lab-tests", "lab-tests");
export const medicationsApi = createResourceApi<Medication, never, ChildParams>(
  "/api/medications",
  "medications",
);
export const tpnApi = createResourceApi<TpnEntry, never, { childId: string }>("/api/tpn", "tpn");

/** The list of one resource for the header's child filter; all children when there is none. */
export const childListParams = (childId: string | null): ChildParams | undefined =>
  childId ? { childId } : undefined;
