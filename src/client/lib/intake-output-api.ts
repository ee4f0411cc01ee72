import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { getJson } from "@/client/lib/api";
import { createResourceApi } from "@/client/lib/resource-api";
import type {
  DayBalanceRecord,
  FluidIntake,
  FluidLimits,
  FluidOutput,
  fluidIntakeInput,
  fluidLimitsInput,
  fluidOutputInput,
} from "@/domain/intake-output";
import type { WeaningBy, WeaningRecord } from "@/domain/weaning";

export type { DayBalanceRecord, FluidIntake, FluidLimits, FluidOutput, WeaningRecord };
export type FluidLimitsBody = z.output<typeof fluidLimitsInput>;
export type FluidIntakeBody = z.output<typeof fluidIntakeInput>;
export type FluidOutputBody = z.output<typeof fluidOutputInput>;

const screenOf = (record: Record<string, unknown>) => `/intake-output?child=${String(record.childId)}`;

/** A child's feeds, drinks and IV fluids besides the PN bag (`/api/fluid-intake`), a page at a time. */
export const fluidIntakeApi = createResourceApi<FluidIntake, FluidIntakeBody, { childId?: string }>(
  "/api/fluid-intake",
  "fluid-intake",
  { paged: true, screenOf },
);

/** A child's urine, stool, ostomy output, vomit and drains (`/api/fluid-output`), a page at a time. */
export const fluidOutputApi = createResourceApi<FluidOutput, FluidOutputBody, { childId?: string }>(
  "/api/fluid-output",
  "fluid-output",
  { paged: true, screenOf },
);

/** The limits a child's team set on a day's output, as they changed (the newest in force). */
export const fluidLimitsApi = createResourceApi<FluidLimits, FluidLimitsBody, { childId?: string }>(
  "/api/fluid-limits",
  "fluid-limits",
  { screenOf },
);

/** What the day's balance is kept under: every save on this screen, a bag or a weight reloads it. */
export const DAY_BALANCE_KEY = ["intake-output-balance"] as const;

/** A child's day on the family's clock: in, out, per kilogram, and the energy by route. */
export function dayBalanceOptions(childId: string, date: string) {
  return queryOptions({
    queryKey: [...DAY_BALANCE_KEY, { childId, date }] as const,
    queryFn: () =>
      getJson<DayBalanceRecord>(`/api/intake-output/balance?${new URLSearchParams({ childId, date })}`),
    staleTime: 0,
  });
}

/**
 * A child's road off PN: energy by route a week (or a day) at a time from `from` to today, with the
 * prescription's versions. Under the day's balance key, so every save that reloads the day reloads it.
 */
export function weaningOptions(childId: string, by: WeaningBy, from: string) {
  return queryOptions({
    queryKey: [...DAY_BALANCE_KEY, "weaning", { childId, by, from }] as const,
    queryFn: () =>
      getJson<WeaningRecord>(`/api/intake-output/weaning?${new URLSearchParams({ childId, by, from })}`),
    staleTime: 0,
  });
}
