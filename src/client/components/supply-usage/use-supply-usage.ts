import { useResourceMutations } from "@/client/components/record-screen/use-resource-mutations";
import { suppliesApi, supplyUsageApi } from "@/client/lib/supplies-api";

/**
 * Recording, editing and deleting usage, with the spec's toasts. Each changes a supply's stock,
 * so the supplies, low-stock and usage lists all reload after it (spec section 4).
 */
export function useSupplyUsageMutations() {
  return useResourceMutations(supplyUsageApi, {
    messages: {
      created: { title: "Usage recorded", description: "Supply usage has been recorded successfully." },
      createFailed: "Failed to record supply usage.",
      updated: { title: "Usage updated", description: "The stock has been adjusted." },
      updateFailed: "Failed to update supply usage.",
      deleted: { title: "Usage deleted", description: "What it used has gone back into the stock." },
      deleteFailed: "Failed to delete supply usage.",
    },
    failureTitle: "Error",
    entryLabel: "supply usage",
    alsoInvalidate: [suppliesApi.key],
  });
}
