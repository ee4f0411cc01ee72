import { useQuery } from "@tanstack/react-query";
import { takePageAnswer } from "@/client/lib/page-answers";
import { createResourceApi } from "@/client/lib/resource-api";
import type { Child, ChildInput } from "@/domain/children";

export type { Child, ChildInput };

/**
 * The children list is shared: the Children Profiles screen edits it, and the child picker, the
 * global child filter and every record form that links a child read it.
 */
export const childrenApi = createResourceApi<Child, ChildInput>("/api/children", "children", {
  updateMethod: "PUT",
});

/**
 * The family's children; the page brings them (lib/page-answers.ts), so the header, the greeting
 * and each child's cards show from the first render.
 */
export function useChildren() {
  return useQuery({
    ...childrenApi.listOptions(),
    initialData: () => takePageAnswer<Child[]>("/api/children"),
    initialDataUpdatedAt: () => Date.now(),
  });
}
