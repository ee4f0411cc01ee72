import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { errorStatus } from "./api";
import { authQueryKey } from "./auth";

/**
 * A 401 from any call means the session ended (24 hours after sign-in, or after a long idle time):
 * forget the user so the app shows the landing page instead of failing screen by screen.
 */
function signOutOnUnauthorized(error: unknown): void {
  if (errorStatus(error) === 401) queryClient.setQueryData(authQueryKey, null);
}

/**
 * Data is fetched once and kept until a change invalidates it (spec section 7): no refetch on
 * focus or on an interval, no retries.
 */
export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: signOutOnUnauthorized }),
  mutationCache: new MutationCache({ onError: signOutOnUnauthorized }),
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
      staleTime: Number.POSITIVE_INFINITY,
    },
    mutations: {
      retry: false,
    },
  },
});
