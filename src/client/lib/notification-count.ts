import { queryOptions } from "@tanstack/react-query";
import { getJson } from "./api";

/** Every query of the person's notifications: invalidating it reloads the bell and the inbox. */
export const notificationsQueryKey = ["notifications"] as const;

/**
 * The bell's number: unlike the records, it changes without anything done on this device (a
 * reminder arrives), so it is read again every minute while the page is in view, when the page
 * comes back to the front, and when the service worker says a notification arrived.
 */
export const unreadCountQueryOptions = queryOptions({
  queryKey: [...notificationsQueryKey, "unread-count"],
  queryFn: () => getJson<{ count: number }>("/api/notifications/unread-count"),
  staleTime: 30_000,
  refetchInterval: 60_000,
  refetchOnWindowFocus: true,
});
