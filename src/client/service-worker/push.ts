/// <reference lib="webworker" />
/**
 * The reminders in the worker: the server's Web Push messages (modules/notifications/push-channel.ts,
 * `PushPayload`) shown as notifications with their Done and Snooze buttons, a tap on one, and the
 * open pages told that something arrived.
 */
import { ownUrl } from "./addresses";

const APP_NAME = "Medical Care Tracker";

/** A push message as the server sends it; anything may be missing from another sender's. */
interface PushMessage {
  id?: string;
  title?: string;
  body?: string;
  tag?: string;
  urgent?: boolean;
  url?: string;
  actions?: { action: string; title: string; url: string }[];
}

/** What a shown notification keeps for a tap: where it opens, and each button's address. */
interface NotificationData {
  id?: string;
  url?: string;
  actions?: Record<string, string>;
}

export function handleReminders(worker: ServiceWorkerGlobalScope) {
  const origin = worker.location.origin;

  /** Tells the open pages a notification arrived, so the bell counts it without waiting. */
  async function tellPages() {
    const pages = await worker.clients.matchAll({ type: "window", includeUncontrolled: true });
    for (const page of pages) page.postMessage({ type: "notification" });
  }

  /** Brings an open page of the app to `url`, or opens one. */
  async function openApp(url: string) {
    const pages = await worker.clients.matchAll({ type: "window", includeUncontrolled: true });
    for (const page of pages) {
      if (new URL(page.url).origin !== origin) continue;
      const focused = await page.focus();
      if ("navigate" in focused) {
        try {
          return await focused.navigate(url);
        } catch {
          // A page this worker does not control cannot be navigated: open one instead.
        }
      }
    }
    return worker.clients.openWindow(url);
  }

  worker.addEventListener("push", (event) => {
    let message: PushMessage = {};
    try {
      message = event.data ? event.data.json() : {};
    } catch {
      // Not the server's JSON: still say something arrived rather than nothing.
    }
    const actions = Array.isArray(message.actions) ? message.actions.slice(0, 2) : [];
    const data: NotificationData = {
      id: message.id,
      url: ownUrl(message.url, origin),
      actions: Object.fromEntries(actions.map((action) => [action.action, ownUrl(action.url, origin)])),
    };
    const shown = worker.registration.showNotification(message.title || APP_NAME, {
      body: message.body || "",
      // Repeats of one task replace the one shown, and make the phone ring again.
      tag: message.tag || undefined,
      renotify: Boolean(message.tag),
      requireInteraction: Boolean(message.urgent),
      icon: "/app-icon-192.png",
      badge: "/notification-badge.png",
      data,
      actions: actions.map((action) => ({ action: action.action, title: action.title })),
    } as NotificationOptions);
    event.waitUntil(Promise.all([shown, tellPages()]));
  });

  worker.addEventListener("notificationclick", (event) => {
    const notification = event.notification;
    const data: NotificationData = notification.data || {};
    notification.close();
    const opens = data.url || ownUrl("/", origin);
    const actionUrl = event.action && data.actions ? data.actions[event.action] : undefined;
    if (!actionUrl) {
      event.waitUntil(openApp(opens));
      return;
    }
    // Done or Snooze: one POST to the task's single-use address. When it does not go through (no
    // connection, the task already answered), the app opens at the task instead.
    event.waitUntil(
      fetch(actionUrl, { method: "POST", credentials: "same-origin" })
        .then((response) => {
          if (!response.ok) throw new Error(String(response.status));
          return tellPages();
        })
        .catch(() => openApp(opens)),
    );
  });

  // The browser renewed the subscription (its push service rotated it): hand the new one to the
  // server while the session lasts; otherwise Settings shows this device as off until turned on again.
  worker.addEventListener("pushsubscriptionchange", (event) => {
    const old = (event as Event & { oldSubscription?: PushSubscription | null }).oldSubscription;
    const key = old?.options?.applicationServerKey;
    if (!key) return;
    (event as ExtendableEvent).waitUntil(
      worker.registration.pushManager
        .subscribe({ userVisibleOnly: true, applicationServerKey: key })
        .then((renewed) =>
          fetch("/api/notification-settings/push-subscriptions", {
            method: "POST",
            credentials: "same-origin",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(renewed.toJSON()),
          }),
        )
        .catch(() => undefined),
    );
  });
}
