import { type Child, type ChildInput, childrenApi } from "@/client/lib/children-api";
import { everyQueryKey } from "@/client/lib/query-keys";
import { useResourceMutations } from "@/client/lib/use-resource-mutations";

export type { Child, ChildInput };
export { childrenApi };

/**
 * Create (POST), update (PUT) and delete of a child with the spec's toasts (section 8). Each
 * success reloads every query, not only the children list (header filter, pickers): deleting a
 * child deletes its TPN entries and unlinks its other records on the server, renaming one changes
 * the cards that name it, and the dashboard (counts, activity) reflects every change. Queries
 * keep their data until invalidated, so anything left out would stay stale.
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
    alsoInvalidate: [everyQueryKey],
  });
}
