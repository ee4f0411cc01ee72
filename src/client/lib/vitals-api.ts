import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { createResourceApi } from "@/client/lib/resource-api";
import type { Growth, GrowthPoint, Vital, vitalInput } from "@/domain/vital-records";
import type { TemperatureUnit, VitalKind } from "@/domain/vitals";
import { getJson, requestJson } from "./api";
import type { AuthUser } from "./auth";

export type { Growth, GrowthPoint, Vital };

/** What a vitals form sends: the value in °C, kg or cm (vital-values.ts turns °F into °C). */
export type VitalBody = z.output<typeof vitalInput>;

export type VitalListParams = { childId?: string; kind?: VitalKind };

/**
 * A child's temperatures, weights, lengths and head circumferences (`/api/vitals`): the Vitals
 * screen lists them a page at a time; the dashboard's quick log adds them. Each answer says
 * whether it is a fever with a central line in place (`feverWithLine`).
 */
export const vitalsApi = createResourceApi<Vital, VitalBody, VitalListParams>("/api/vitals", "vitals", {
  paged: true,
  // Listed on the Vitals screen, in its child's tab of its kind.
  screenOf: (vital) =>
    `/vitals?${new URLSearchParams({ child: String(vital.childId), tab: String(vital.kind) })}`,
});

/**
 * A child's measurements on the WHO and CDC references. Under the vitals' key, so every change to
 * a vital reloads it (and a change to the child, which reloads every query).
 */
export function growthQueryOptions(childId: string) {
  return queryOptions({
    queryKey: [...vitalsApi.key, "growth", { childId }] as const,
    queryFn: () => getJson<Growth>(`/api/growth?${new URLSearchParams({ childId })}`),
  });
}

/** The family's temperature unit and fever threshold (the owner only): answers the signed-in person. */
export function updateTemperatureSettings(input: {
  temperatureUnit?: TemperatureUnit;
  feverThresholdC?: number;
}): Promise<AuthUser> {
  return requestJson<AuthUser>("PATCH", "/api/family", input);
}
