import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { AuthUser } from "./auth";

/**
 * Restores the answers this device kept for the signed-in person in the family in use, and keeps
 * saving them (`offline-cache.ts`, loaded after the first render). True while they are being
 * restored with no connection: the screens then wait a moment for them rather than fail. With a
 * connection the screens ask the server at once, and the kept answers fill in behind.
 */
export function useKeptAnswers(user: AuthUser): boolean {
  const queryClient = useQueryClient();
  const owner = `${user.id}:${user.familyId}`;
  const [restoring, setRestoring] = useState(() => (navigator.onLine ? null : owner));
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per person and family, not per answer of theirs.
  useEffect(() => {
    let cancelled = false;
    let stop = () => {};
    import("./offline-cache")
      .then(({ keepAnswersOffline }) => {
        if (cancelled) return;
        const kept = keepAnswersOffline(queryClient, user);
        stop = kept.stop;
        return kept.restored;
      })
      .catch(() => {})
      .finally(() => {
        if (!cancelled) setRestoring(null);
      });
    return () => {
      cancelled = true;
      stop();
    };
  }, [owner, queryClient]);
  return restoring === owner;
}
