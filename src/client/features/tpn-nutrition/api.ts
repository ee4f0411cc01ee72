import { createResourceApi } from "@/client/lib/create-resource-api";
import type { TpnEntryInput } from "@/domain/tpn";

/** A TPN entry as the server returns it: decimals as text ("1200.00"), duration in whole hours. */
export interface TpnEntry {
  id: string;
  childId: string;
  date: string;
  calories: string | null;
  protein: string | null;
  carbohydrates: string | null;
  fat: string | null;
  volume: string | null;
  duration: number | null;
  notes: string | null;
  createdAt: string;
}

/** Lists are per child (`['tpn', { childId }]`); updates replace the whole entry (PUT). */
export const tpnApi = createResourceApi<TpnEntry, TpnEntryInput, { childId: string }>("/api/tpn", "tpn", {
  updateMethod: "PUT",
});
