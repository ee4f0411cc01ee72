import { createECDH, randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { PushPayload } from "../../src/server/modules/notifications/push-channel";
import { baseUrl, signUpViaApi, useBrowser } from "./browser";

/**
 * Chromium has no push service in a test (a browser context is incognito, where the Push API is
 * off, and no network reaches Google's): the page's PushManager is replaced by one that hands out a
 * subscription with real P-256 keys and an https endpoint where nothing listens, so the server
 * keeps it and its deliveries fail as an unreachable push service's would. The service worker is
 * the real one; a message reaches it through the DevTools protocol, as the push service would.
 */
async function withTestPushManager(page: Page) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const subscription = {
    // A name that never resolves (RFC 6761 `.invalid`): an address on the server's own network
    // would be refused as the device subscribes.
    endpoint: `https://push.example.invalid/push/${randomBytes(8).toString("hex")}`,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
  };
  await page.context().grantPermissions(["notifications"], { origin: baseUrl() });
  await page.addInitScript((given) => {
    const KEY = "e2e-push-subscription";
    const made = (key: ArrayBuffer) => ({
      endpoint: given.endpoint,
      options: { applicationServerKey: key, userVisibleOnly: true },
      toJSON: () => ({ endpoint: given.endpoint, expirationTime: null, keys: given.keys }),
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    });
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const key = new Uint8Array(options!.applicationServerKey as ArrayBuffer);
      localStorage.setItem(KEY, JSON.stringify([...key]));
      return made(key.buffer) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () => {
      const saved = localStorage.getItem(KEY);
      return saved ? (made(new Uint8Array(JSON.parse(saved)).buffer) as unknown as PushSubscription) : null;
    };
  }, subscription);
  return subscription;
}

/** The page's service worker registrations, through the DevTools protocol, to push to it. */
async function serviceWorkers(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on("ServiceWorker.workerRegistrationUpdated", (event) => {
    for (const registration of event.registrations) {
      if (registration.isDeleted) registrations.delete(registration.scopeURL);
      else registrations.set(registration.scopeURL, registration.registrationId);
    }
  });
  await cdp.send("ServiceWorker.enable");
  return {
    /** Delivers a push message to the site's worker, as the push service would. */
    async push(payload: PushPayload) {
      const registrationId = registrations.get(`${baseUrl()}/`);
      if (registrationId === undefined) throw new Error("no service worker is registered for the site");
      await cdp.send("ServiceWorker.deliverPushMessage", {
        origin: baseUrl(),
        registrationId,
        data: JSON.stringify(payload),
      });
    },
    detach: () => cdp.detach(),
  };
}

/** The notifications the service worker shows now. */
const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      requireInteraction: n.requireInteraction,
      actions: (n as Notification & { actions: { action: string; title: string }[] }).actions.map((a) => ({
        action: a.action,
        title: a.title,
      })),
      data: n.data,
    }));
  });

async function turnOnForThisDevice(page: Page) {
  await page.goto("/settings#notifications");
  await page.getByRole("button", { name: "Turn on for this device" }).click();
  await page.getByText(/^On for this device/).waitFor();
}

describe("notifications on this device", () => {
  const browser = useBrowser({ serviceWorker: true });

  for (const size of ["phone", "desktop"] as const) {
    it(`turns notifications on, sends a test, finds it under the bell and marks it read (${size})`, async () => {
      const page = await browser.newPage(size);
      await withTestPushManager(page);
      await signUpViaApi(page);
      await turnOnForThisDevice(page);

      // The server keeps this device's subscription.
      const devices = page.getByRole("list", { name: "Devices that receive your notifications" });
      await devices.getByText("(this device)").waitFor();
      const settings = await (await page.request.get("/api/notification-settings")).json();
      expect(settings.devices).toHaveLength(1);

      // Nothing listens at the device's push address: the test says so, and the inbox has it anyway.
      await page.getByRole("button", { name: "Send a test to my devices" }).click();
      const failed = /^Push to .+ not sent: The push service did not take it\.$/;
      await page.getByRole("status").getByText(failed).waitFor();
      await page.getByRole("list", { name: "Delivery log" }).getByText(failed).waitFor();
      const bell = page.getByRole("link", { name: "Notifications: 1 unread" });
      await bell.waitFor();
      await bell.click();
      await page.waitForURL("**/notifications");
      await page.getByRole("heading", { level: 1, name: "Notifications" }).waitFor();
      const item = page
        .getByRole("listitem")
        .filter({ hasText: "Test notification: This app on your devices" });
      await item.getByText("If this shows on this device, reminders reach it.").waitFor();
      await item.getByText(/^Not sent to Chrome on \w+\./).waitFor();

      await item.getByRole("button", { name: /^Mark as read/ }).click();
      await page.getByRole("link", { name: "Notifications", exact: true }).waitFor();
      // The item follows the bell once the inbox is read again.
      await item.getByRole("button", { name: /^Mark as read/ }).waitFor({ state: "detached" });
      // The phone's page is no wider than the phone.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      // Why it was not sent: the delivery log in Settings says.
      await item.getByRole("link", { name: "Why?" }).click();
      await page.waitForURL("**/settings#delivery-log");
      await page.getByRole("list", { name: "Delivery log" }).getByText(failed).waitFor();
    });
  }

  it("shows a pushed reminder with its Done and Snooze buttons, and the bell counts it at once", async () => {
    const page = await browser.newPage("desktop");
    await withTestPushManager(page);
    await signUpViaApi(page);
    const workers = await serviceWorkers(page);
    try {
      await turnOnForThisDevice(page);
      await page.getByRole("link", { name: "Notifications", exact: true }).waitFor();
      // A reminder arrives while the page is open: in the inbox, and pushed to this device.
      const sent = await page.request.post("/api/notification-settings/test", { data: { channel: "inbox" } });
      const { notification } = await sent.json();
      await workers.push({
        id: notification.id,
        title: "Dressing change for Ana",
        body: "Due at 14:00",
        tag: "task:line-care:1",
        urgent: true,
        url: "/notifications",
        actions: [
          { action: "done", title: "Done", url: "/api/task-actions/done-1" },
          { action: "snooze", title: "Snooze", url: "/api/task-actions/snooze-1" },
        ],
      });
      // The service worker tells the page: the bell counts it without a reload.
      await page.getByRole("link", { name: "Notifications: 1 unread" }).waitFor();
      await expect
        .poll(() => shownNotifications(page))
        .toEqual([
          {
            title: "Dressing change for Ana",
            body: "Due at 14:00",
            tag: "task:line-care:1",
            requireInteraction: true,
            actions: [
              { action: "done", title: "Done" },
              { action: "snooze", title: "Snooze" },
            ],
            data: {
              id: notification.id,
              url: `${baseUrl()}/notifications`,
              actions: {
                done: `${baseUrl()}/api/task-actions/done-1`,
                snooze: `${baseUrl()}/api/task-actions/snooze-1`,
              },
            },
          },
        ]);
      // A repeat of the task replaces the one shown (same tag); another site's address is not followed.
      await workers.push({
        id: notification.id,
        title: "Dressing change for Ana",
        body: "Due at 14:00, 15 minutes ago",
        tag: "task:line-care:1",
        urgent: true,
        url: "https://elsewhere.example/phish",
        actions: [],
      });
      await expect
        .poll(async () => (await shownNotifications(page)).map((n) => [n.body, n.data.url]))
        .toEqual([["Due at 14:00, 15 minutes ago", `${baseUrl()}/`]]);
    } finally {
      await workers.detach();
    }
  });

  it("says what failed when notifications cannot be turned on: the push service, the browser's permission, or the server", async () => {
    const page = await browser.newPage("desktop");
    await page.context().grantPermissions(["notifications"], { origin: baseUrl() });
    // The page's choice for each try: how its push service (or the person) answers.
    await page.addInitScript(() => {
      const mode = () => localStorage.getItem("e2e-push-mode") ?? "unreachable";
      const realPermission = Object.getOwnPropertyDescriptor(Notification, "permission")!;
      Object.defineProperty(Notification, "permission", {
        configurable: true,
        get: () => (mode() === "denied" ? "denied" : realPermission.get!.call(Notification)),
      });
      const realRequest = Notification.requestPermission.bind(Notification);
      Notification.requestPermission = async () => (mode() === "denied" ? "denied" : realRequest());
      PushManager.prototype.getSubscription = async () => null;
      PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
        if (mode() === "unreachable")
          // What Chromium says when it cannot reach its push service, permission granted or not.
          throw new DOMException("Registration failed - permission denied", "NotAllowedError");
        const key = options!.applicationServerKey as ArrayBuffer;
        return {
          endpoint: "ftp://push.example/not-a-push-service",
          options: { applicationServerKey: key, userVisibleOnly: true },
          toJSON: () => ({
            endpoint: "ftp://push.example/not-a-push-service",
            expirationTime: null,
            keys: { p256dh: "BAAA", auth: "AAAA" },
          }),
          unsubscribe: async () => true,
        } as unknown as PushSubscription;
      };
    });
    await signUpViaApi(page);
    const problem = page.getByRole("alert").filter({ hasText: /this (device|site)/ });
    const tryWith = async (mode: string) => {
      await page.goto("/settings#notifications");
      await page.evaluate((chosen) => localStorage.setItem("e2e-push-mode", chosen), mode);
      await page.reload();
      await page.getByRole("button", { name: "Turn on for this device" }).click();
      await problem.first().waitFor();
      return (await problem.first().textContent()) ?? "";
    };

    // Allowed, but the push service cannot be reached: said so, not "permission denied".
    const unreachable = await tryWith("unreachable");
    expect(unreachable).toMatch(
      /^Notifications are allowed for this site, but the browser's push service did not answer/,
    );
    expect(unreachable).toContain("use ntfy or email below");
    // Blocked by the person: their browser's settings are where to look.
    expect(await tryWith("denied")).toBe(
      "Notifications are blocked for this site. Allow them in your browser's site settings, then try again.",
    );
    // Subscribed, but this server did not keep it: the server's words.
    expect(await tryWith("refused")).toMatch(
      /^The push service gave this device an address, but the server did not keep it: /,
    );
    await page.evaluate(() => localStorage.removeItem("e2e-push-mode"));
  });
});
