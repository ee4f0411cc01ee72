/**
 * Every record list's first page, the care summary and the fever card's numbers, fetched ahead
 * once the screens' code is in and the browser is idle, as each screen would first ask for them:
 * a screen not opened yet on this device still reads without a connection (the answers are kept
 * by lib/offline-cache.ts). Loaded lazily, after the screens (app-routes.tsx).
 */
import type { FetchInfiniteQueryOptions, FetchQueryOptions, QueryClient } from "@tanstack/react-query";
import { summaryOptions } from "@/client/features/care-summary/api";
import { childListParams } from "@/client/features/dashboard/api";
import { foodDiaryApi } from "@/client/features/food-diary/api";
import { labPanelsApi, labResultsApi } from "@/client/features/lab-results/api";
import { labTestsApi } from "@/client/features/lab-tests/api";
import { allergiesApi } from "@/client/features/medical-allergies/api";
import { photosApi } from "@/client/features/medical-photos/api";
import { physicalTherapyApi } from "@/client/features/physical-therapy/api";
import { piccInfectionsApi } from "@/client/features/picc-lines/api";
import { specialistVisitsApi } from "@/client/features/specialist-visits/api";
import { symptomsApi } from "@/client/features/symptoms-pain/api";
import { tpnApi } from "@/client/features/tpn-nutrition/api";
import { type AuthUser, authQueryKey } from "@/client/lib/auth";
import { careTeamListApi, infusionCentersListApi, piccLinesListApi } from "@/client/lib/care-contacts-api";
import { readChildChoice } from "@/client/lib/child-filter-storage";
import { childrenApi } from "@/client/lib/children-api";
import { toDateOnly } from "@/client/lib/format";
import {
  dayBalanceOptions,
  fluidIntakeApi,
  fluidLimitsApi,
  fluidOutputApi,
} from "@/client/lib/intake-output-api";
import { medicationsApi } from "@/client/lib/medications-api";
import { notesApi } from "@/client/lib/notes-api";
import { pnPrescriptionsApi } from "@/client/lib/pn-api";
import { type ListParams, listParamsWithChild, type ResourceApi } from "@/client/lib/resource-api";
import { suppliesApi } from "@/client/lib/supplies-api";
import { tasksOptions } from "@/client/lib/tasks-api";
import { vitalsApi } from "@/client/lib/vitals-api";

/** An answer fetched less than this long ago (or in this visit) is not asked for again. */
export const PREFETCH_AGAIN_AFTER_MS = 60 * 60 * 1000;

// biome-ignore lint/suspicious/noExplicitAny: a list of every record type's calls, whatever their records.
type AnyApi = ResourceApi<any, any, any>;

/** The lists that follow the header's child filter (from two children up). */
const FILTERED: readonly AnyApi[] = [
  notesApi,
  allergiesApi,
  labTestsApi,
  labResultsApi,
  labPanelsApi,
  physicalTherapyApi,
  foodDiaryApi,
  symptomsApi,
  medicationsApi,
  specialistVisitsApi,
  photosApi,
];

/** The family's lists, the same for every child. */
const FAMILY_WIDE: readonly AnyApi[] = [careTeamListApi, suppliesApi, infusionCentersListApi];

/**
 * The one-child screens' lists (TPN Nutrition, PICC Lines, Vitals' temperatures, Intake & Output),
 * for the child they open on; the fever card's numbers and lines, for every child.
 */
const ONE_CHILD: readonly { api: AnyApi; params?: ListParams }[] = [
  { api: tpnApi },
  { api: fluidIntakeApi },
  { api: fluidOutputApi },
  { api: fluidLimitsApi },
  { api: pnPrescriptionsApi },
  { api: piccInfectionsApi },
  { api: vitalsApi, params: { kind: "temperature" } },
];
const EVERY_CHILD: readonly AnyApi[] = [infusionCentersListApi, piccLinesListApi];

type Prefetch = FetchQueryOptions<unknown, Error, unknown, readonly unknown[]>;

/** The first answer a record screen asks for: the first page of a paged list, else the whole list. */
function firstListQuery(api: AnyApi, params: ListParams | undefined, childId: string | null): Prefetch {
  const withChild = listParamsWithChild(params, childId);
  return (api.paged ? api.pageOptions(withChild) : api.listOptions(withChild)) as Prefetch;
}

/**
 * The answers to fetch ahead for the signed-in person's family, its children and the header's
 * child (as the screens choose them: `useChildFilter`, `usePageChild`).
 */
export function offlineReads(childIds: readonly string[], storedChild: string | null): Prefetch[] {
  const filterChild =
    childIds.length > 1 && storedChild && childIds.includes(storedChild) ? storedChild : null;
  const pageChild = filterChild ?? (childIds.length === 1 ? (childIds[0] ?? null) : null);
  return [
    ...FILTERED.map((api) => firstListQuery(api, undefined, filterChild)),
    ...FAMILY_WIDE.map((api) => firstListQuery(api, undefined, null)),
    ...(pageChild ? ONE_CHILD.map(({ api, params }) => firstListQuery(api, params, pageChild)) : []),
    ...childIds.flatMap((childId) => EVERY_CHILD.map((api) => firstListQuery(api, undefined, childId))),
    // Today's in and out, on the dashboard and Intake & Output, for every child.
    ...childIds.map((childId) => dayBalanceOptions(childId, toDateOnly()) as Prefetch),
    summaryOptions(filterChild) as Prefetch,
    tasksOptions(filterChild) as Prefetch,
    // The dashboard's "Medication given" (the header's child's medications, the only child's when
    // there is one) and "Supply used" (every supply): a dose and a usage logged with no connection.
    medicationsApi.listOptions(childListParams(pageChild)) as Prefetch,
    suppliesApi.listOptions() as Prefetch,
  ].filter((query, index, all) => index === all.findIndex((other) => sameKey(other, query)));
}

const sameKey = (a: Prefetch, b: Prefetch) => JSON.stringify(a.queryKey) === JSON.stringify(b.queryKey);

/** Whether an answer is here (this visit's, or kept on the device) and recent enough not to ask again. */
function recent(queryClient: QueryClient, query: Prefetch, now: number): boolean {
  const state = queryClient.getQueryState(query.queryKey);
  return state?.data !== undefined && now - state.dataUpdatedAt < PREFETCH_AGAIN_AFTER_MS;
}

/**
 * Fetches ahead, one answer per idle moment, what the person's screens would first ask for;
 * stops when the connection goes or the person or family changes.
 */
export async function prefetchForOffline(
  queryClient: QueryClient,
  whenIdle: () => Promise<void>,
): Promise<void> {
  const user = queryClient.getQueryData<AuthUser | null>(authQueryKey);
  if (!user || !navigator.onLine) return;
  const children = await queryClient.fetchQuery(childrenApi.listOptions()).catch(() => null);
  if (!children) return;
  const storedChild = (() => {
    try {
      return readChildChoice(window.localStorage, user.familyId);
    } catch {
      return null;
    }
  })();
  for (const query of offlineReads(
    children.map((child) => child.id),
    storedChild,
  )) {
    const now = queryClient.getQueryData<AuthUser | null>(authQueryKey);
    if (now?.id !== user.id || now.familyId !== user.familyId || !navigator.onLine) return;
    if (recent(queryClient, query, Date.now())) continue;
    await whenIdle();
    // Asked again even when stale by the screens' rules: the kept answer is older than an hour.
    await ("getNextPageParam" in query
      ? queryClient.prefetchInfiniteQuery({
          ...(query as unknown as FetchInfiniteQueryOptions),
          staleTime: 0,
        })
      : queryClient.prefetchQuery({ ...query, staleTime: 0 }));
  }
}
