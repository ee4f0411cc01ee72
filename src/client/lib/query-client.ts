import { MutationCache, notifyManager, QueryCache, QueryClient } from "@tanstack/react-query";
import { errorStatus } from "./api";
import { authQueryKey } from "./auth";
import { familyAccessMayHaveChanged, recordsWritten } from "./family-changes";
import { clearSessionExpired, isSessionEndedError, markSessionExpired } from "./session-expiry";

/**
 * A 401 while loading means the session ended (24 hours after sign-in, or after a long idle time):
 * forget the user so the app shows the landing page instead of failing screen by screen.
 */
function signOutOnUnauthorized(error: unknown): void {
  if (isSessionEndedError(error)) {
    clearSessionExpired();
    queryClient.setQueryData(authQueryKey, null);
  }
}

/**
 * A 401 while saving keeps the page (and the form with what was typed) and asks the person to sign
 * in again (`SessionExpiredDialog`); only while someone is signed in, the landing page has no form.
 */
function askToSignInAgain(error: unknown): void {
  if (isSessionEndedError(error) && queryClient.getQueryData(authQueryKey)) markSessionExpired();
}

/**
 * A save refused as forbidden (403) or not found (404) may mean another member changed this
 * person's place in the family (removed, made a viewer, limited to other children): the page asks
 * at once, so it says so now rather than at its next round.
 */
function checkAccessOnRefusal(error: unknown): void {
  const status = errorStatus(error);
  if (status === 403 || status === 404) familyAccessMayHaveChanged();
}

/**
 * Answers that arrive within one frame render once: a screen that opens with eight calls repaints
 * once a frame as they come in, not once per answer (a slow phone's processor is the bottleneck).
 */
if (typeof requestAnimationFrame === "function") {
  notifyManager.setScheduler((callback) => requestAnimationFrame(() => callback()));
}

/**
 * Data is fetched once and kept until a change invalidates it (spec section 7): no refetch on
 * focus or on an interval, no retries. Every write that succeeds also reloads the tasks, wherever
 * they show (`recordsWritten`); another member's writes reach an open page through
 * `useFamilyChanges` (family-changes.ts).
 */
export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: signOutOnUnauthorized }),
  mutationCache: new MutationCache({
    onError: (error) => {
      askToSignInAgain(error);
      checkAccessOnRefusal(error);
    },
    // Not waited for: the form closes while the tasks reload.
    onSuccess: () => void recordsWritten(queryClient),
  }),
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
