import {
  type SuccessMessage,
  useResourceMutations,
} from "@/client/components/record-screen/use-resource-mutations";
import { careStatusKey, lineCareApi, lineRatesKey } from "@/client/lib/line-care-api";
import { activityQueryKey } from "@/client/lib/query-keys";
import { suppliesApi, supplyUsageApi } from "@/client/lib/supplies-api";
import { kitDrawNote } from "@/domain/supply-kits";

/**
 * Logging, changing and deleting a line's care: each reloads the line's history, its care status
 * (the pills), the rates (an occlusion counts), the dashboard's recent activity and the supplies.
 */
export function useLineCareMutations(created: SuccessMessage = "Line care logged.", { kitNote = true } = {}) {
  return useResourceMutations(lineCareApi, {
    messages: {
      created,
      createFailed: "Failed to log line care",
      updated: "Line care updated.",
      updateFailed: "Failed to update line care",
      deleted: "Line care entry deleted.",
      deleteFailed: "Failed to delete line care entry",
    },
    // A dressing change draws its kit from the supplies: "Drew 1 dressing, 2 caps."
    alsoInvalidate: [careStatusKey, lineRatesKey, activityQueryKey, suppliesApi.key, supplyUsageApi.key],
    savedNote: kitNote ? kitDrawNote : undefined,
    entryLabel: "line care entry",
  });
}
