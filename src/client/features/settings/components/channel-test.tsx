import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Send } from "lucide-react";
import { Button } from "@/client/components/ui/button";
import { errorMessage } from "@/client/lib/api";
import { deliveryText } from "@/client/lib/notification-texts";
import {
  notificationsQueryKey,
  sendTestNotification,
  type TestChannel,
} from "@/client/lib/notifications-api";
import { isSessionEndedError } from "@/client/lib/session-expiry";
import { cn } from "@/client/lib/utils";

/**
 * "Send a test" for one channel, and what became of it: each delivery, sent or not and why (the
 * inbox always has the test).
 */
export function ChannelTest({
  channel,
  label = "Send a test",
  disabledReason,
}: {
  channel: TestChannel;
  label?: string;
  /** Why the test cannot be sent now (unsaved changes); the button is off and says so. */
  disabledReason?: string | undefined;
}) {
  const queryClient = useQueryClient();
  const test = useMutation({
    mutationFn: () => sendTestNotification(channel),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
  const lines =
    test.data === undefined
      ? []
      : test.data.deliveries.length === 0
        ? [{ text: "Sent to your inbox: the bell counts it.", ok: true }]
        : test.data.deliveries.map((delivery) => ({
            text: deliveryText(delivery),
            ok: delivery.status === "sent",
          }));
  return (
    <div className="flex flex-col gap-1.5">
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        onClick={() => test.mutate()}
        disabled={test.isPending || Boolean(disabledReason)}
      >
        <Send aria-hidden="true" />
        {test.isPending ? "Sending..." : label}
      </Button>
      <div role="status" className="text-sm">
        {disabledReason ? <p className="text-muted-foreground">{disabledReason}</p> : null}
        {lines.map((line) => (
          <p key={line.text} className={cn("break-words", line.ok ? "text-success" : "text-destructive")}>
            {line.text}
          </p>
        ))}
        {test.isError && !isSessionEndedError(test.error) ? (
          <p className="text-destructive">{errorMessage(test.error)}</p>
        ) : null}
      </div>
    </div>
  );
}
