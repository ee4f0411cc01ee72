// The service worker: shows the server's Web Push messages (modules/notifications/push-channel.ts,
// `PushPayload`) as notifications with their Done and Snooze buttons, and answers a tap. It caches
// nothing and handles no fetch: the app works from the network as before. A plain script from the
// site itself, so the Content Security Policy needs no exception.

const APP_NAME = "Medical Care Tracker";

self.addEventListener("install", () => {
  // A new version takes over at once: it only shows notifications, there is nothing to migrate.
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  // Open pages become this worker's clients, so a tap can bring them to a task.
  event.waitUntil(self.clients.claim());
});

/** A path or address of this site, or the app's start when it names anything else. */
function ownUrl(url) {
  try {
    const target = new URL(url || "/", self.location.origin);
    return target.origin === self.location.origin ? target.href : new URL("/", self.location.origin).href;
  } catch {
    return new URL("/", self.location.origin).href;
  }
}

/** Tells the open pages a notification arrived, so the bell counts it without waiting. */
async function tellPages() {
  const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  for (const page of pages) page.postMessage({ type: "notification" });
}

self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    // Not the server's JSON: still say something arrived rather than nothing.
  }
  const actions = Array.isArray(message.actions) ? message.actions.slice(0, 2) : [];
  const shown = self.registration.showNotification(message.title || APP_NAME, {
    body: message.body || "",
    // Repeats of one task replace the one shown, and make the phone ring again.
    tag: message.tag || undefined,
    renotify: Boolean(message.tag),
    requireInteraction: Boolean(message.urgent),
    icon: "/app-icon-192.png",
    badge: "/notification-badge.png",
    data: {
      id: message.id,
      url: ownUrl(message.url),
      actions: Object.fromEntries(actions.map((action) => [action.action, ownUrl(action.url)])),
    },
    actions: actions.map((action) => ({ action: action.action, title: action.title })),
  });
  event.waitUntil(Promise.all([shown, tellPages()]));
});

/** Brings an open page of the app to `url`, or opens one. */
async function openApp(url) {
  const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  for (const page of pages) {
    if (new URL(page.url).origin !== self.location.origin) continue;
    const focused = await page.focus();
    if ("navigate" in focused) {
      try {
        return await focused.navigate(url);
      } catch {
        // A page this worker does not control cannot be navigated: open one instead.
      }
    }
  }
  return self.clients.openWindow(url);
}

self.addEventListener("notificationclick", (event) => {
  const notification = event.notification;
  const data = notification.data || {};
  notification.close();
  const actionUrl = event.action && data.actions ? data.actions[event.action] : undefined;
  if (!actionUrl) {
    event.waitUntil(openApp(data.url || ownUrl("/")));
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
      .catch(() => openApp(data.url || ownUrl("/"))),
  );
});

// The browser renewed the subscription (its push service rotated it): hand the new one to the
// server while the session lasts; otherwise Settings shows this device as off until turned on again.
self.addEventListener("pushsubscriptionchange", (event) => {
  const old = event.oldSubscription;
  const key = old?.options?.applicationServerKey;
  if (!key) return;
  event.waitUntil(
    self.registration.pushManager
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
