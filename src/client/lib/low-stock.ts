import { queryOptions } from "@tanstack/react-query";
import type { Supply } from "@/domain/supplies";
import { getJson } from "./api";

/**
 * The supplies at or under their reorder threshold, read by the TPN Supplies screen and the
 * dashboard's supply checklist. Its key sits under the supplies' own ('tpn-supplies'), so every
 * change to a supply or its stock reloads it.
 */
export const lowStockQueryOptions = queryOptions({
  queryKey: ["tpn-supplies", "low-stock"] as const,
  queryFn: () => getJson<Supply[]>("/api/tpn-supplies/low-stock"),
});
