import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/client/components/ui/button";
import { formatDateTime } from "@/client/lib/format";
import { deliveryText } from "@/client/lib/notification-texts";
import { deliveryLogQueryOptions } from "@/client/lib/notifications-api";
import { cn } from "@/client/lib/utils";

/** Deliveries shown before "Show more": a phone's screen or two. */
const FIRST = 8;

/** The person's latest deliveries on every channel: when, what, where, and why one failed. */
export function DeliveryLog() {
  const { data: log, isError } = useQuery(deliveryLogQueryOptions);
  const [all, setAll] = useState(false);
  if (log === undefined) {
    return (
      <p className="text-muted-foreground text-sm">
        {isError ? "The delivery log could not be loaded." : "Loading the delivery log..."}
      </p>
    );
  }
  if (log.length === 0) {
    return <p className="text-muted-foreground text-sm">Nothing has been sent outside the app yet.</p>;
  }
  const shown = all ? log : log.slice(0, FIRST);
  return (
    <>
      <ul aria-label="Delivery log" className="flex flex-col divide-y rounded-md border text-sm">
        {shown.map((entry) => (
          <li key={entry.id} className="flex flex-col gap-0.5 p-3">
            <div className="flex flex-wrap justify-between gap-x-3">
              <span className="min-w-0 break-words font-medium">{entry.notification.title}</span>
              <time dateTime={entry.at} className="shrink-0 text-muted-foreground">
                {formatDateTime(entry.at)}
              </time>
            </div>
            <span
              className={cn(
                "break-words",
                entry.status === "sent" ? "text-muted-foreground" : "text-destructive",
              )}
            >
              {deliveryText(entry)}
            </span>
          </li>
        ))}
      </ul>
      {shown.length < log.length ? (
        <Button variant="outline" size="sm" className="self-start" onClick={() => setAll(true)}>
          Show more
        </Button>
      ) : null}
    </>
  );
}
