import type { z } from "zod";
import { createResourceApi } from "@/client/lib/resource-api";
import type {
  Supply,
  SupplyListItem,
  SupplyStockEvent,
  SupplyUsage,
  supplyInput,
  supplyUsageInput,
} from "@/domain/supplies";
import type { KitLine, kitLineInput } from "@/domain/supply-kits";

export type { Supply, SupplyListItem, SupplyStockEvent, SupplyUsage };
export type SupplyValues = z.output<typeof supplyInput>;
export type SupplyUsageValues = z.output<typeof supplyUsageInput>;

/** Supplies (with their run-out forecast); edits are partial (PATCH). */
export const suppliesApi = createResourceApi<SupplyListItem, SupplyValues>(
  "/api/tpn-supplies",
  "tpn-supplies",
);

export { lowStockQueryOptions } from "@/client/lib/low-stock";

/** Usage records, newest first; `{ supplyId }` lists one supply's history. */
export const supplyUsageApi = createResourceApi<SupplyUsage, SupplyUsageValues, { supplyId?: string }>(
  "/api/supply-usage",
  "supply-usage",
  { paged: true },
);

/** Deliveries and counts, newest first; `{ supplyId }` lists one supply's. Written by the stock forms only. */
export const supplyStockEventsApi = createResourceApi<SupplyStockEvent, never, { supplyId?: string }>(
  "/api/supply-stock-events",
  "supply-stock-events",
  { paged: true },
);
export const supplyStockEventsKey = supplyStockEventsApi.key;

export type { KitLine };
export type KitLineValues = z.output<typeof kitLineInput>;
/** The kits' lines (what each PN bag and each dressing change draws); edits are partial (PATCH). */
export const supplyKitsApi = createResourceApi<KitLine, KitLineValues>("/api/supply-kits", "supply-kits");
