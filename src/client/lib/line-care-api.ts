import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { createResourceApi } from "@/client/lib/resource-api";
import type { CareStatusItem, LineCareEvent, LineRates, lineCareInput } from "@/domain/line-care-records";
import type { PiccLine, piccLineInput } from "@/domain/picc";
import { getJson } from "./api";

/*
 * The central lines and their care, read by PICC Lines and by the dashboard's line-care card and
 * "Dressing changed". Every key starts with the lines' own ("picc-lines"), so a change of a line
 * (its intervals, its removal) reloads its care status and the rates too.
 */

export type { CareStatusItem, LineCareEvent, LineRates, PiccLine };
export type PiccLineValues = z.output<typeof piccLineInput>;
export type LineCareValues = z.output<typeof lineCareInput>;

/** One child's lines (`['picc-lines', { childId }]`); edits replace the whole record (PUT). */
export const piccLinesApi = createResourceApi<PiccLine, PiccLineValues>("/api/picc-lines", "picc-lines", {
  updateMethod: "PUT",
});

export type LineCareParams = { piccLineId?: string; kind?: string; limit?: string };

/** A line's care events, newest first, in pages. */
export const lineCareApi = createResourceApi<LineCareEvent, LineCareValues, LineCareParams>(
  "/api/line-care",
  "line-care",
  // Its history opens no form by its address: an entry waiting on this device is discarded or kept.
  { paged: true, screenOf: () => undefined },
);

/** Every line's care status: invalidated by each line-care change. */
export const careStatusKey = ["picc-lines", "care-status"] as const;

/**
 * A line's care status, asked again each time a screen shows it: another member of the family may
 * have changed the dressing on their phone since.
 */
export const careStatusOptions = (lineId: string) =>
  queryOptions({
    queryKey: [...careStatusKey, lineId] as const,
    queryFn: () => getJson<CareStatusItem[]>(`/api/picc-lines/${encodeURIComponent(lineId)}/care-status`),
    staleTime: 0,
  });

/** Every child's rates: a line-care event or an infection changes them. */
export const lineRatesKey = ["picc-lines", "rates"] as const;

export const lineRatesOptions = (childId: string) =>
  queryOptions({
    queryKey: [...lineRatesKey, { childId }] as const,
    queryFn: () => getJson<LineRates>(`/api/picc-lines/rates?childId=${encodeURIComponent(childId)}`),
  });

/** The last dressing change of a line (its type is the next one's first choice), asked again each time. */
export const lastDressingOptions = (lineId: string) => ({
  ...lineCareApi.listOptions({ piccLineId: lineId, kind: "dressing", limit: "1" }),
  staleTime: 0,
});

/**
 * The lines in place on `today`: not removed, in since that day or before; the latest inserted
 * first (the line a family means by "the line").
 */
export function linesInPlace<T extends Pick<PiccLine, "insertionDate" | "removalDate">>(
  lines: readonly T[],
  today: string,
): T[] {
  return lines
    .filter((line) => !line.removalDate && line.insertionDate <= today)
    .sort((a, b) => b.insertionDate.localeCompare(a.insertionDate));
}
