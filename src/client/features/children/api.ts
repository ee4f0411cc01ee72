import { type Child, type ChildInput, childrenApi } from "@/client/lib/children-api";
import { useResourceMutations } from "@/client/lib/use-resource-mutations";

export type { Child, ChildInput };
export { childrenApi };

/**
 * Create (POST), update (PUT) and delete of a child with the spec's toasts (section 8). Each
 * success reloads the children list, which also refreshes the header's child filter and pickers.
 */
export function useChildMutations() {
  return useResourceMutations(childrenApi, {
    messages: {
      created: "Child profile created successfully!",
      createFailed: "Failed to create child profile. Please try again.",
      updated: "Child profile updated successfully!",
      updateFailed: "Failed to update child profile. Please try again.",
      deleted: "Child profile deleted successfully.",
      deleteFailed: "Failed to delete child profile. Please try again.",
    },
    failureTitle: "Error",
  });
}
