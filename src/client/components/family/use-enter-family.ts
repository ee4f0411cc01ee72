import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useLocation } from "wouter";
import { type AuthUser, authQueryKey } from "@/client/lib/auth";

const isAuthUserKey = (key: readonly unknown[]) => key[0] === authQueryKey[0] && key[1] === authQueryKey[1];

/**
 * After the family in use changed (switched in the header, joined, left or deleted): forget every
 * answer of the previous family (lists, counts, photos, exports), take the new signed-in answer and
 * open the dashboard. The signed-in screens are keyed by the family (`SignedInApp`), so they all
 * start afresh and load the new family's records.
 */
export function useEnterFamily() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useCallback(
    async (user: AuthUser) => {
      await queryClient.cancelQueries();
      queryClient.removeQueries({ predicate: (query) => !isAuthUserKey(query.queryKey) });
      queryClient.setQueryData(authQueryKey, user);
      navigate("/", { replace: true });
    },
    [queryClient, navigate],
  );
}
