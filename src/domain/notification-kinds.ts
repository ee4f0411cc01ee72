/*
 * No zod here: the header's bell and the service worker's words read these without loading it
 * (the schemas are in notifications.ts).
 */

import { byKind, TASK_KINDS } from "./task-kinds";

/**
 * The kinds of care task a person chooses channels for, as the care tasks name them, and "other"
 * for a notification that belongs to no task (a test, a message of the app's own).
 */
export const NOTIFICATION_KINDS = [...TASK_KINDS, "other"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  ...byKind((k) => k.channelsLabel),
  other: "Anything else",
};

/**
 * Where a notification goes besides the in-app inbox, which always has it: Web Push to each device
 * the person turned it on for, ntfy (their own topic on an ntfy server) and email.
 */
export const CHANNELS = ["push", "ntfy", "email"] as const;
export type Channel = (typeof CHANNELS)[number];

export const CHANNEL_LABELS: Record<Channel, string> = {
  push: "This app on your devices",
  ntfy: "ntfy",
  email: "Email",
};

/** What a channel did with one notification: took it, or did not (the delivery says why). */
export type DeliveryStatus = "sent" | "failed";

/**
 * The words a notification carries outside the app when the person has not chosen to show
 * details on the lock screen: nothing of the task, the child or the care, only that something
 * waits in the app (docs/security.md, "What a notification says").
 */
export function discreetWords(urgent: boolean): { title: string; body: string } {
  return urgent
    ? { title: "Urgent: a care task is waiting", body: "Open Medical Care Tracker to see it." }
    : { title: "A care task is due", body: "Open Medical Care Tracker to see it." };
}
