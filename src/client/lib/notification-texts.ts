/*
 * What the inbox and Settings' delivery log say about a notification and its deliveries. No zod:
 * the words only.
 */
import { format } from "date-fns";
import { timeIn, todayIn, zonedNow } from "@/domain/clock";
import { type Channel, NOTIFICATION_KIND_LABELS, type NotificationKind } from "@/domain/notification-kinds";
import { formatTime } from "./format";

const CHANNEL_NAMES: Record<Channel, string> = { push: "Push", ntfy: "ntfy", email: "Email" };

/** "Push to Chrome on Android phone", "Email kept in the server's mail outbox"; with the reason when it failed. */
export function deliveryText(delivery: {
  channel: Channel;
  target: string;
  status: "sent" | "failed";
  error: string | null;
}): string {
  const name = CHANNEL_NAMES[delivery.channel];
  const where =
    delivery.target === "the server's mail outbox"
      ? `${name} kept in ${delivery.target}`
      : `${name} to ${delivery.target}`;
  return delivery.status === "sent" ? where : `${where} not sent: ${delivery.error ?? "no reason given"}`;
}

type DeliveryFacts = { channel: Channel; target: string; status: "sent" | "failed" };

/** "a", "a and b", "a, b and c". */
function listed(names: readonly string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/**
 * One line for what reached the person and one for what did not, by device name or channel:
 * "Sent to Chrome on Android phone and ntfy", "Not sent to email". The reasons are in the delivery log.
 */
export function deliverySummary(deliveries: readonly DeliveryFacts[]): {
  sent: string | undefined;
  failed: string | undefined;
} {
  const names = (status: DeliveryFacts["status"]) => [
    ...new Set(
      deliveries
        .filter((delivery) => delivery.status === status)
        .map((delivery) =>
          delivery.channel === "push" ? delivery.target : CHANNEL_NAMES[delivery.channel].toLowerCase(),
        ),
    ),
  ];
  const sent = names("sent");
  const failed = names("failed");
  return {
    sent: sent.length > 0 ? `Sent to ${listed(sent)}` : undefined,
    failed: failed.length > 0 ? `Not sent to ${listed(failed)}` : undefined,
  };
}

/** "Line care · reminder 2": the kind of task and which reminder it was (nothing for a first one of no kind). */
export function notificationContext(notification: { taskKind: string | null; step: number }): string {
  const kind =
    notification.taskKind && notification.taskKind in NOTIFICATION_KIND_LABELS
      ? NOTIFICATION_KIND_LABELS[notification.taskKind as NotificationKind]
      : undefined;
  const step = notification.step > 1 ? `reminder ${notification.step}` : undefined;
  const parts = [kind, step].filter(Boolean) as string[];
  if (parts.length === 0) return "";
  const text = parts.join(" · ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Whether a notification's address opens a screen of this app (a path of the site). */
export function isAppPath(url: string | null): url is string {
  return typeof url === "string" && url.startsWith("/") && !url.startsWith("//");
}

/** "at 03:12", or "on Nov 26 at 03:12" on another day than today, on the family's clock. */
function atTime(at: string, reader: { now: Date; timeZone: string }): string {
  const instant = new Date(at);
  const time = formatTime(timeIn(reader.timeZone, instant));
  return todayIn(reader.timeZone, instant) === todayIn(reader.timeZone, reader.now)
    ? `at ${time}`
    : `on ${format(zonedNow(reader.timeZone, instant), "MMM d")} at ${time}`;
}

/**
 * What became of a reminder's due time, for every copy of it: "Done by Grandma Rosa at 03:12",
 * "Ben Lopez said they were on it at 03:05"; empty while nobody answered it.
 */
export function answeredText(
  notification: {
    done: { at: string; by: string | null } | null;
    acknowledged: { at: string; by: string | null } | null;
  },
  reader: { now: Date; timeZone: string },
): string {
  const { done, acknowledged } = notification;
  if (done) return `Done by ${done.by ?? "a former member"} ${atTime(done.at, reader)}`;
  if (acknowledged)
    return `${acknowledged.by ?? "A former member"} said they were on it ${atTime(acknowledged.at, reader)}`;
  return "";
}
