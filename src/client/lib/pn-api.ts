import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { PAGE_CHILD_PARAM } from "@/client/lib/page-child";
import { createResourceApi } from "@/client/lib/resource-api";
import type { ActivePnPrescription, PnPerKg, PnPrescription, pnPrescriptionInput } from "@/domain/pn-records";
import { getJson } from "./api";

/*
 * A child's PN prescription, read by TPN Nutrition and the dashboard's PN card. Every key starts
 * with the prescriptions' own ("pn-prescriptions"), so a new version reloads the figures too.
 */

export type { ActivePnPrescription, PnPerKg, PnPrescription };
export type PnPrescriptionBody = z.output<typeof pnPrescriptionInput>;

/** One child's versions, newest first (`['pn-prescriptions', { childId }]`); edits are PATCH. */
export const pnPrescriptionsApi = createResourceApi<PnPrescription, PnPrescriptionBody, { childId?: string }>(
  "/api/pn-prescriptions",
  "pn-prescriptions",
);

/**
 * The figures per kilogram (the version in force, and prescribed against delivered): they change
 * with a new version, a weight (Vitals, Log now) and a TPN entry, each of which invalidates this key.
 */
export const pnFiguresKey = ["pn-prescriptions", "figures"] as const;

/**
 * The version in force today, per kilogram of the latest weight. Asked again each time a screen
 * shows it: another member of the family may have added a version or a weight on their phone.
 */
export const activePnOptions = (childId: string) =>
  queryOptions({
    queryKey: [...pnFiguresKey, "active", { childId }] as const,
    queryFn: () =>
      getJson<ActivePnPrescription>(`/api/pn-prescriptions/active?${new URLSearchParams({ childId })}`),
    staleTime: 0,
  });

/** Day by day over the last `days`: what the prescription gave per kilogram and what the nights delivered. */
export const pnPerKgOptions = (childId: string, days: number) =>
  queryOptions({
    queryKey: [...pnFiguresKey, "per-kg", { childId, days }] as const,
    queryFn: () =>
      getJson<PnPerKg>(
        `/api/pn-prescriptions/per-kg?${new URLSearchParams({ childId, days: String(days) })}`,
      ),
  });

/** The address that opens TPN Nutrition on a child with tonight's bag filled in, ready to save. */
export const TONIGHTS_BAG_PARAM = "bag";
export const tonightsBagHref = (childId: string) =>
  `/tpn-nutrition?${new URLSearchParams({ [TONIGHTS_BAG_PARAM]: "1", [PAGE_CHILD_PARAM]: childId })}`;
