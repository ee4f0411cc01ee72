import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  deliveryLogRecord,
  NotificationSettingsInput,
  notificationRecord,
  notificationSettingsRecord,
  pushDeviceRecord,
} from "@/domain/notifications";
import { getJson, getPage, requestJson } from "./api";
import { notificationsQueryKey } from "./notification-count";

export { notificationsQueryKey };

/** What the server answers, as JSON: the response schemas' input side (timestamps as text). */
export type Notification = z.input<typeof notificationRecord>;
export type Delivery = Notification["deliveries"][number];
export type NotificationSettings = z.input<typeof notificationSettingsRecord>;
export type PushDevice = z.input<typeof pushDeviceRecord>;
export type DeliveryLogEntry = z.input<typeof deliveryLogRecord>;
export type TestResult = { notification: Notification; deliveries: Delivery[] };
export type TestChannel = "inbox" | "push" | "ntfy" | "email";

/** The inbox, newest first, a page at a time (the server's Link header names the next). */
export const inboxQueryOptions = infiniteQueryOptions({
  queryKey: [...notificationsQueryKey, "inbox"],
  queryFn: ({ pageParam }) => getPage<Notification>(pageParam),
  initialPageParam: "/api/notifications",
  getNextPageParam: (page) => page.next ?? undefined,
  staleTime: 0,
});

export const acknowledgeNotification = (id: string) =>
  requestJson<Notification>("POST", `/api/notifications/${encodeURIComponent(id)}/ack`);

export const acknowledgeAll = () => requestJson<{ count: number }>("POST", "/api/notifications/ack-all");

export const notificationSettingsQueryKey = [...notificationsQueryKey, "settings"] as const;

export const notificationSettingsQueryOptions = queryOptions({
  queryKey: notificationSettingsQueryKey,
  queryFn: () => getJson<NotificationSettings>("/api/notification-settings"),
  staleTime: 0,
});

export const saveNotificationSettings = (settings: NotificationSettingsInput) =>
  requestJson<NotificationSettings>("PUT", "/api/notification-settings", settings);

export const sendTestNotification = (channel: TestChannel) =>
  requestJson<TestResult>("POST", "/api/notification-settings/test", { channel });

export const deliveryLogQueryOptions = queryOptions({
  queryKey: [...notificationsQueryKey, "deliveries"],
  queryFn: () => getJson<DeliveryLogEntry[]>("/api/notification-settings/deliveries?limit=30"),
  staleTime: 0,
});

export const removePushDevice = (id: string) =>
  requestJson<void>("DELETE", `/api/notification-settings/push-subscriptions/${encodeURIComponent(id)}`);
