import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Bell } from "lucide-react";
import { useEffect } from "react";
import { Link } from "wouter";
import { notificationsQueryKey, unreadCountQueryOptions } from "@/client/lib/notification-count";

/**
 * The header's bell: the number of notifications not yet seen, a link to the inbox. Small on
 * purpose (the dashboard's first load carries it): the inbox and the settings load with their screens.
 */
export function NotificationBell() {
  const queryClient = useQueryClient();
  const { data } = useQuery(unreadCountQueryOptions);
  useEffect(() => {
    const worker = typeof navigator === "undefined" ? undefined : navigator.serviceWorker;
    if (!worker) return;
    // The service worker says a push arrived: the count (and an open inbox) reads again.
    const onMessage = (event: MessageEvent) => {
      if (event.data?.type === "notification")
        void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
    };
    worker.addEventListener("message", onMessage);
    return () => worker.removeEventListener("message", onMessage);
  }, [queryClient]);
  const count = data?.count ?? 0;
  const label = count > 0 ? `Notifications: ${count} unread` : "Notifications";
  return (
    <Link
      href="/notifications"
      aria-label={label}
      title={label}
      className="relative flex size-10 shrink-0 items-center justify-center rounded-full text-foreground hover:bg-muted"
    >
      <Bell aria-hidden="true" className="size-5" />
      {count > 0 ? (
        <span
          aria-hidden="true"
          className="absolute top-0.5 right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 font-semibold text-[11px] text-destructive-foreground leading-none"
        >
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </Link>
  );
}
