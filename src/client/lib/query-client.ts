import { MutationCache, notifyManager, type Query, QueryCache, QueryClient } from "@tanstack/react-query";
import { ConnectionError, errorStatus, requestSentAt } from "./api";
import { authQueryKey } from "./auth";
import { rememberSignedIn } from "./device-sign-in";
import { familyAccessMayHaveChanged, recordsWritten } from "./family-changes";
import {
  clearSessionExpired,
  isSessionEndedError,
  markSessionExpired,
  sessionEndedSince,
  sessionEndKeepsPage,
  sessionExpiredNow,
} from "./session-expiry";

/**
 * A 401 while loading means the session ended (24 hours after sign-in, or after a long idle time):
 * forget the user so the app shows the landing page instead of failing screen by screen. While
 * entries wait on this device to be sent, the page stays and asks to sign in again instead.
 */
function signOutOnUnauthorized(error: unknown): void {
  // Sent before the person signed in again: it speaks of the session that ended.
  if (!sessionEndedSince(requestSentAt(error))) return;
  // Already asked to sign in again (a save found the session ended): a load in the background (a
  // list fetched ahead for reading offline) must not take the page and its open form away.
  if (isSessionEndedError(error) && sessionExpiredNow()) return;
  if (isSessionEndedError(error) && queryClient.getQueryData(authQueryKey) && sessionEndKeepsPage()) {
    markSessionExpired("outbox");
  } else if (isSessionEndedError(error)) {
    clearSessionExpired();
    rememberSignedIn(null);
    queryClient.setQueryData(authQueryKey, null);
  }
}

/**
 * A refresh that cannot reach the server keeps what the screen shows (an answer of this visit, or
 * one kept on this device): the screen stays readable instead of giving way to an error, and the
 * shell says how old it is (the failed refresh stays in `errorUpdatedAt`). Still stale, it is asked
 * again when the connection is back.
 */
function keepDataWithoutConnection(error: unknown, query: Query<unknown, unknown, unknown>): void {
  if (error instanceof ConnectionError && query.state.data !== undefined) {
    query.setState({ status: "success", error: null });
  }
}

/**
 * A 401 while saving keeps the page (and the form with what was typed) and asks the person to sign
 * in again (`SessionExpiredDialog`); only while someone is signed in, the landing page has no form.
 */
function askToSignInAgain(error: unknown): void {
  if (isSessionEndedError(error) && queryClient.getQueryData(authQueryKey)) {
    markSessionExpired("save", requestSentAt(error));
  }
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
 * focus or on an interval, no retries. Answers stay in memory for the whole visit (no garbage
 * collection: what is in memory is what this device keeps for reading offline, offline-cache.ts),
 * and a query asks the server even when the browser says it is offline ('offlineFirst': it may be
 * wrong, and a failed request keeps what is shown). Every write that succeeds also reloads the tasks, wherever
 * they show (`recordsWritten`); another member's writes reach an open page through
 * `useFamilyChanges` (family-changes.ts).
 */
export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      signOutOnUnauthorized(error);
      keepDataWithoutConnection(error, query);
    },
  }),
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
      gcTime: Number.POSITIVE_INFINITY,
      networkMode: "offlineFirst",
    },
    mutations: {
      retry: false,
    },
  },
});
