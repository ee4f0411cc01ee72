import {
  type SuccessMessage,
  useResourceMutations,
} from "@/client/components/record-screen/use-resource-mutations";
import { careStatusKey, lineCareApi, lineRatesKey } from "@/client/lib/line-care-api";
import { activityQueryKey } from "@/client/lib/query-keys";

/**
 * Logging, changing and deleting a line's care: each reloads the line's history, its care status
 * (the pills), the rates (an occlusion counts) and the dashboard's recent activity.
 */
export function useLineCareMutations(created: SuccessMessage = "Line care logged.") {
  return useResourceMutations(lineCareApi, {
    messages: {
      created,
      createFailed: "Failed to log line care",
      updated: "Line care updated.",
      updateFailed: "Failed to update line care",
      deleted: "Line care entry deleted.",
      deleteFailed: "Failed to delete line care entry",
    },
    alsoInvalidate: [careStatusKey, lineRatesKey, activityQueryKey],
    entryLabel: "line care entry",
  });
}
