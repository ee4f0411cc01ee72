import type { QueryClient } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";
import { dataAge, dataAgeText } from "@/client/lib/offline-answers";
import { queryClient } from "@/client/lib/query-client";

/** The words for what the screen shows now: "" while it is as the server last said. */
function currentText(queryClient: QueryClient): string {
  const shown = queryClient
    .getQueryCache()
    .findAll({ type: "active" })
    .map(({ state }) => ({
      hasData: state.data !== undefined,
      dataUpdatedAt: state.dataUpdatedAt,
      errorUpdatedAt: state.errorUpdatedAt,
    }));
  const age = dataAge(shown, navigator.onLine);
  return age ? dataAgeText(age) : "";
}

/**
 * "Offline · as of 02:40": said at the top of the page while what it shows may be old (no
 * connection, or the last refresh failed), gone once the connection is back and the screen
 * refreshed. A status region, so a screen reader says it when it changes.
 */
export function DataAgeStatus() {
  const subscribe = useCallback((changed: () => void) => {
    const unsubscribe = queryClient.getQueryCache().subscribe(changed);
    window.addEventListener("online", changed);
    window.addEventListener("offline", changed);
    return () => {
      unsubscribe();
      window.removeEventListener("online", changed);
      window.removeEventListener("offline", changed);
    };
  }, []);
  const text = useSyncExternalStore(subscribe, () => currentText(queryClient));
  return (
    <p
      role="status"
      className={
        text
          ? "mb-4 flex w-fit max-w-full items-center gap-2 rounded-full border border-amber-300 bg-amber-50 px-3 py-1 font-medium text-amber-900 text-sm print:hidden"
          : "sr-only"
      }
    >
      {text}
    </p>
  );
}
