import { createResourceApi } from "@/client/lib/resource-api";
import type { TpnEntry } from "@/domain/tpn";
import type { TpnEntryBody } from "./tpn-form";

/** A TPN entry as the server returns it: decimals as text ("1200.00"), duration in whole hours. */
export type { TpnEntry };

/** Lists are per child (`['tpn', { childId }]`, requested only with one); updates replace the whole entry (PUT). */
export const tpnApi = createResourceApi<TpnEntry, TpnEntryBody, { childId?: string }>("/api/tpn", "tpn", {
  updateMethod: "PUT",
  paged: true,
  screenOf: (entry) => `/tpn-nutrition?child=${String(entry.childId)}`,
});
