import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinFamily } from "../../../../tests/helpers/family";
import { confirmEmail, mailsTo } from "../../../../tests/helpers/mail";
import { type NtfyServer, startNtfyServer } from "../../../../tests/helpers/ntfy-server";
import { type PushService, startPushService } from "../../../../tests/helpers/push-service";
import { startSmtpServer } from "../../../../tests/helpers/smtp-server";
import { buildTestApp, signUp, type TestApp, type TestUser } from "../../../../tests/helpers/test-app";
import { DEFAULT_KIND_CHANNELS } from "../../../domain/notifications";
import { createMailer } from "../../lib/mailer";
import type { NotifyDeps } from "../../lib/notify-deps";
import { deliver } from "./deliver";
import { MAX_PUSH_DEVICES } from "./notification-settings.queries";
import { MAX_TESTS_PER_HOUR } from "./notification-settings.routes";
import { loadVapidKeys } from "./vapid-keys";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let push: PushService;
let ntfy: NtfyServer;
let deps: NotifyDeps;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // The local push service and ntfy server live on 127.0.0.1: allowed by name, as an operator
  // allows a family's ntfy at home (NTFY_ALLOWED_HOSTS).
  t = await buildTestApp({ ...smtp.env, NTFY_ALLOWED_HOSTS: "127.0.0.1" }, undefined, {
    allowHttpPush: true,
    pushAllowedHosts: ["127.0.0.1"],
  });
  push = await startPushService(() => t.clock.now());
  ntfy = await startNtfyServer();
  deps = {
    mailer: createMailer({
      mail: { smtpUrl: smtp.env.SMTP_URL, from: smtp.env.MAIL_FROM },
      dataDir: t.dataDir,
    }),
    now: t.clock.now,
    origin: undefined,
    vapidKeys: () => loadVapidKeys(t.database.db),
    vapidSubject: "mailto:care@example.org",
    allowHttpPush: true,
    ntfyAllowedHosts: ["127.0.0.1"],
    pushAllowedHosts: ["127.0.0.1"],
  };
});
afterAll(async () => {
  await t?.close();
  await Promise.all([smtp?.close(), push?.close(), ntfy?.close()]);
});

/** A reminder in `user`'s inbox (no channel set up: the inbox alone), a minute after the last. */
async function remind(user: TestUser, title: string, familyId = user.familyId, urgent = false) {
  t.clock.advance(60_000);
  const outcome = await deliver(t.database.db, deps, {
    familyId,
    userId: user.id,
    taskId: `family:${title}`,
    taskKind: "family",
    step: 1,
    title,
    body: "Due now",
    urgent,
    url: "/tasks",
  });
  return outcome.notification!.id;
}

const titles = (response: { json(): { title: string }[] }) => response.json().map((n) => n.title);
const unread = async (user: TestUser) => (await user.get("/api/notifications/unread-count")).json().count;

describe("the inbox", () => {
  it("lists the person's notifications newest first, a page at a time", async () => {
    const user = await signUp(t.app);
    for (const title of ["Flush the line", "Order filters", "Weigh Ana"]) await remind(user, title);
    const first = await user.get("/api/notifications?limit=2");
    expect(first.statusCode).toBe(200);
    expect(titles(first)).toEqual(["Weigh Ana", "Order filters"]);
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1];
    expect(next).toBeDefined();
    const second = await user.get(next!);
    expect(titles(second)).toEqual(["Flush the line"]);
    expect(second.headers.link).toBeUndefined();
    expect(titles(await user.get("/api/notifications"))).toEqual([
      "Weigh Ana",
      "Order filters",
      "Flush the line",
    ]);
  });

  it("puts the unread urgent ones first, then newest first, page after page; read, an urgent one takes its place by time", async () => {
    const user = await signUp(t.app);
    await remind(user, "Fever with a central line", user.familyId, true);
    const older = await remind(user, "PN not started", user.familyId, true);
    for (const title of ["Flush the line", "Charge the pump battery"]) await remind(user, title);
    const order = [
      "PN not started",
      "Fever with a central line",
      "Charge the pump battery",
      "Flush the line",
    ];
    expect(titles(await user.get("/api/notifications"))).toEqual(order);
    const paged: string[] = [];
    let next: string | undefined = "/api/notifications?limit=1";
    while (next) {
      const page = await user.get(next);
      paged.push(...titles(page));
      next = /<([^>]+)>; rel="next"/.exec(String(page.headers.link ?? ""))?.[1];
    }
    expect(paged).toEqual(order);
    expect((await user.post(`/api/notifications/${older}/ack`)).statusCode).toBe(200);
    expect(titles(await user.get("/api/notifications"))).toEqual([
      "Fever with a central line",
      "Charge the pump battery",
      "Flush the line",
      "PN not started",
    ]);
  });

  it("counts the unread ones for the bell, and marks one or all seen", async () => {
    const user = await signUp(t.app);
    const ids = [await remind(user, "One"), await remind(user, "Two"), await remind(user, "Three")];
    expect(await unread(user)).toBe(3);

    const acked = await user.post(`/api/notifications/${ids[0]}/ack`);
    expect(acked.statusCode).toBe(200);
    const at = t.clock.now().toISOString();
    expect(acked.json()).toMatchObject({ id: ids[0], ackAt: at, title: "One" });
    expect(await unread(user)).toBe(2);
    // Seen again later: it keeps the first time.
    t.clock.advance(60_000);
    expect((await user.post(`/api/notifications/${ids[0]}/ack`)).json().ackAt).toBe(at);

    const all = await user.post("/api/notifications/ack-all");
    expect(all.json()).toEqual({ count: 2 });
    expect(await unread(user)).toBe(0);
  });

  it("refuses another person's notification with 404 and leaves it unseen", async () => {
    const owner = await signUp(t.app);
    const caregiver = await joinFamily(t, owner, { role: "caregiver" });
    const id = await remind(owner, "Owner's own");
    const stranger = await signUp(t.app);
    for (const other of [caregiver, stranger]) {
      const response = await other.post(`/api/notifications/${id}/ack`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: "Notification not found" });
      expect(titles(await other.get("/api/notifications"))).not.toContain("Owner's own");
      await other.post("/api/notifications/ack-all");
    }
    expect(await unread(owner)).toBe(1);
    expect((await owner.post("/api/notifications/not-an-id/ack")).statusCode).toBe(400);
  });

  it("holds the person's notifications of every family, and loses a family's as they leave it", async () => {
    const owner = await signUp(t.app);
    const member = await joinFamily(t, owner, { role: "caregiver" });
    await remind(member, "In the shared family");
    // The member's own family, made at sign-up.
    const own = (await member.get("/api/auth/user"))
      .json()
      .families.find((f: { id: string }) => f.id !== owner.familyId);
    await remind(member, "In their own family", own.id);
    expect(titles(await member.get("/api/notifications"))).toEqual([
      "In their own family",
      "In the shared family",
    ]);
    expect((await member.post("/api/family/leave")).statusCode).toBe(200);
    expect(titles(await member.get("/api/notifications"))).toEqual(["In their own family"]);
  });

  it("answers 400, never 500, to odd paging", async () => {
    const user = await signUp(t.app);
    for (const query of ["limit=0", "limit=101", "limit=abc", "after=nope", "limit=1.5"]) {
      const response = await user.get(`/api/notifications?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });
});

const validSettings = {
  push: true,
  email: false,
  ntfy: { enabled: true, server: "https://ntfy.example.org", topic: "lopez_family-care", token: "tk_abc" },
  kinds: { dose: ["push", "ntfy"] },
  quietHours: { start: "22:00", end: "06:30" },
  showDetails: true,
};

describe("notification settings", () => {
  it("starts with push on, ntfy and email off, every kind on every channel and no details", async () => {
    const user = await signUp(t.app);
    expect((await user.get("/api/notification-settings")).json()).toEqual({
      push: true,
      email: false,
      ntfy: { enabled: false, server: "https://ntfy.sh", topic: null, hasToken: false },
      kinds: DEFAULT_KIND_CHANNELS,
      quietHours: null,
      showDetails: false,
      emailAddress: user.email,
      emailConfirmed: false,
      receivesTasks: true,
      devices: [],
    });
  });

  it("keeps what the person chose, and the ntfy token is written, never read back", async () => {
    const user = await signUp(t.app);
    const saved = await user.put("/api/notification-settings", validSettings);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      ntfy: { enabled: true, server: "https://ntfy.example.org", topic: "lopez_family-care", hasToken: true },
      kinds: { ...DEFAULT_KIND_CHANNELS, dose: ["push", "ntfy"] },
      quietHours: { start: "22:00", end: "06:30" },
      showDetails: true,
    });
    expect(saved.body).not.toContain("tk_abc");
    // Left out, the token stays; null removes it.
    const { token: _kept, ...withoutToken } = validSettings.ntfy;
    const again = await user.put("/api/notification-settings", { ...validSettings, ntfy: withoutToken });
    expect(again.json().ntfy.hasToken).toBe(true);
    const removed = await user.put("/api/notification-settings", {
      ...validSettings,
      ntfy: { ...withoutToken, token: null },
    });
    expect(removed.json().ntfy.hasToken).toBe(false);
    expect((await user.get("/api/notification-settings")).json().ntfy.hasToken).toBe(false);
  });

  it("refuses bad settings with 400 naming the field, never a 500", async () => {
    const user = await signUp(t.app);
    const cases: [unknown, string | undefined][] = [
      [[], undefined],
      [null, undefined],
      [{ ...validSettings, push: "yes" }, "push"],
      [{ ...validSettings, ntfy: { ...validSettings.ntfy, server: "ftp://ntfy.sh" } }, "ntfy.server"],
      [{ ...validSettings, ntfy: { ...validSettings.ntfy, server: "javascript:alert(1)" } }, "ntfy.server"],
      [{ ...validSettings, ntfy: { ...validSettings.ntfy, server: "https://me:pw@ntfy.sh" } }, "ntfy.server"],
      [{ ...validSettings, ntfy: { ...validSettings.ntfy, server: "ntfy.sh" } }, "ntfy.server"],
      [{ ...validSettings, ntfy: { ...validSettings.ntfy, topic: "has space" } }, "ntfy.topic"],
      [{ ...validSettings, ntfy: { ...validSettings.ntfy, topic: "../admin" } }, "ntfy.topic"],
      [{ ...validSettings, ntfy: { ...validSettings.ntfy, topic: "x".repeat(65) } }, "ntfy.topic"],
      [{ ...validSettings, ntfy: { ...validSettings.ntfy, topic: "nul\u0000" } }, "ntfy.topic"],
      [{ ...validSettings, ntfy: { ...validSettings.ntfy, token: "two words" } }, "ntfy.token"],
      [{ ...validSettings, ntfy: { enabled: true, server: "https://ntfy.sh", topic: "" } }, "ntfy.topic"],
      [{ ...validSettings, quietHours: { start: "25:00", end: "06:00" } }, "quietHours.start"],
      [{ ...validSettings, quietHours: { start: "22:00", end: "22:00" } }, "quietHours.end"],
      [{ ...validSettings, kinds: { chores: ["push"] } }, "kinds"],
      [{ ...validSettings, kinds: { dose: ["sms"] } }, "kinds.dose.0"],
      [{ ...validSettings, kinds: { dose: "push" } }, "kinds.dose"],
    ];
    for (const [body, path] of cases) {
      const response = await user.put("/api/notification-settings", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      if (path) expect(response.json().issues.map((i: { path: string }) => i.path)).toContain(path);
    }
    expect((await user.get("/api/notification-settings")).json().ntfy.topic).toBeNull();
  });

  it("says a viewer is sent no care tasks, and lets them set up their channels", async () => {
    const owner = await signUp(t.app);
    const viewer = await joinFamily(t, owner, { role: "viewer" });
    expect((await viewer.get("/api/notification-settings")).json().receivesTasks).toBe(false);
    expect((await viewer.put("/api/notification-settings", validSettings)).statusCode).toBe(200);
  });
});

const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const subscribe = (user: TestUser, subscription: unknown, userAgent = CHROME_MAC) =>
  t.app.inject({
    method: "POST",
    url: "/api/notification-settings/push-subscriptions",
    headers: { cookie: user.cookie, "user-agent": userAgent },
    payload: subscription as object,
  });

describe("devices that receive push", () => {
  it("serves the VAPID public key made at the first start, the same on every call", async () => {
    const user = await signUp(t.app);
    const first = (await user.get("/api/notification-settings/push-key")).json().publicKey;
    expect(Buffer.from(first, "base64url")).toHaveLength(65);
    expect((await user.get("/api/notification-settings/push-key")).json().publicKey).toBe(first);
    expect((await loadVapidKeys(t.database.db)).publicKey).toBe(first);
  });

  it("keeps a browser's subscription once, named by its browser, and removes it by its endpoint", async () => {
    const user = await signUp(t.app);
    const { subscription } = push.newDevice();
    const added = await subscribe(user, subscription);
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ label: "Chrome on Mac", failures: 0, lastSuccessAt: null });
    // The browser finds itself in the list by its endpoint's hash (Web Crypto's SHA-256).
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(subscription.endpoint));
    expect(added.json().endpointHash).toBe(Buffer.from(digest).toString("base64url"));
    expect(added.body).not.toContain(subscription.endpoint);
    const again = await subscribe(user, subscription);
    expect(again.json().id).toBe(added.json().id);
    expect((await user.get("/api/notification-settings")).json().devices).toHaveLength(1);

    const removed = await t.app.inject({
      method: "DELETE",
      url: "/api/notification-settings/push-subscriptions",
      headers: { cookie: user.cookie },
      payload: { endpoint: subscription.endpoint },
    });
    expect(removed.statusCode).toBe(204);
    expect((await user.get("/api/notification-settings")).json().devices).toEqual([]);
  });

  it("gives a shared browser's subscription to whoever turned push on last", async () => {
    const first = await signUp(t.app);
    const second = await signUp(t.app);
    const { subscription } = push.newDevice();
    await subscribe(first, subscription);
    await subscribe(second, subscription);
    expect((await first.get("/api/notification-settings")).json().devices).toEqual([]);
    expect((await second.get("/api/notification-settings")).json().devices).toHaveLength(1);
  });

  it("refuses to remove another person's device (404), which keeps receiving", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const device = (await subscribe(owner, push.newDevice().subscription)).json();
    expect(
      (await other.delete(`/api/notification-settings/push-subscriptions/${device.id}`)).statusCode,
    ).toBe(404);
    expect((await owner.get("/api/notification-settings")).json().devices).toHaveLength(1);
    expect(
      (await owner.delete(`/api/notification-settings/push-subscriptions/${device.id}`)).statusCode,
    ).toBe(204);
    expect(
      (await owner.delete(`/api/notification-settings/push-subscriptions/${device.id}`)).statusCode,
    ).toBe(404);
  });

  it("refuses a subscription without usable keys, and more devices than a person has", async () => {
    const user = await signUp(t.app);
    const { subscription } = push.newDevice();
    for (const body of [
      { ...subscription, keys: { p256dh: "not base64!", auth: subscription.keys.auth } },
      { ...subscription, keys: undefined },
      { ...subscription, endpoint: "mailto:x@example.org" },
      { ...subscription, endpoint: "" },
    ]) {
      expect((await subscribe(user, body)).statusCode).toBe(400);
    }
    for (let i = 0; i < MAX_PUSH_DEVICES; i++) {
      expect((await subscribe(user, push.newDevice().subscription)).statusCode).toBe(201);
    }
    const tooMany = await subscribe(user, push.newDevice().subscription);
    expect(tooMany.statusCode).toBe(409);
  });

  it("refuses a push address over plain http on a server that is not a test's", async () => {
    const strict = await buildTestApp(smtp.env, undefined, { sameDatabaseAs: t });
    try {
      const user = await signUp(strict.app);
      const response = await strict.app.inject({
        method: "POST",
        url: "/api/notification-settings/push-subscriptions",
        headers: { cookie: user.cookie },
        payload: push.newDevice().subscription,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().issues).toEqual([
        { path: "endpoint", message: "Must be the push service's https address" },
      ]);
    } finally {
      await strict.close();
    }
  });
});

describe("Send a test", () => {
  const test = (user: TestUser, channel: string) => user.post("/api/notification-settings/test", { channel });

  it("puts a test in the inbox, which the bell counts", async () => {
    const user = await signUp(t.app);
    const response = await test(user, "inbox");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      notification: { title: "Test notification", url: "/settings#notifications", ackAt: null },
      deliveries: [],
    });
    expect(await unread(user)).toBe(1);
    expect(titles(await user.get("/api/notifications"))).toEqual(["Test notification"]);
  });

  it("pushes a test to every device, in plain words even without details on the lock screen", async () => {
    const user = await signUp(t.app);
    expect((await test(user, "push")).json()).toEqual({
      message: "No device receives notifications yet: turn them on on this device first.",
    });
    const device = push.newDevice();
    await subscribe(user, device.subscription);
    const response = await test(user, "push");
    expect(response.json().deliveries).toEqual([
      expect.objectContaining({ channel: "push", target: "Chrome on Mac", status: "sent", error: null }),
    ]);
    const [message] = push.received.filter((m) => m.device === device.id);
    expect(message!.payload).toMatchObject({
      title: "Test notification: This app on your devices",
      body: "If this shows on this device, reminders reach it.",
      url: "/settings#notifications",
      actions: [],
    });
  });

  it("publishes a test to the person's ntfy topic, with links to the address the request came to", async () => {
    const user = await signUp(t.app);
    expect((await test(user, "ntfy")).statusCode).toBe(409);
    await user.put("/api/notification-settings", {
      ...validSettings,
      ntfy: { enabled: true, server: ntfy.url, topic: `test-${user.id.slice(0, 6)}`, token: "tk_1" },
    });
    const response = await test(user, "ntfy");
    expect(response.json().deliveries).toEqual([
      expect.objectContaining({ channel: "ntfy", status: "sent", target: `test-${user.id.slice(0, 6)}` }),
    ]);
    const published = ntfy.received.find((r) => r.body.topic === `test-${user.id.slice(0, 6)}`);
    expect(published).toMatchObject({
      authorization: "Bearer tk_1",
      body: { title: "Test notification: ntfy", click: "http://localhost/settings#notifications" },
    });
  });

  it("links a test to no address the request named itself, without PUBLIC_URL", async () => {
    const user = await signUp(t.app);
    const topic = `host-${user.id.slice(0, 6)}`;
    await user.put("/api/notification-settings", {
      ...validSettings,
      ntfy: { enabled: true, server: ntfy.url, topic },
    });
    const response = await t.app.inject({
      method: "POST",
      url: "/api/notification-settings/test",
      headers: { cookie: user.cookie, host: "care.evil.example" },
      payload: { channel: "ntfy" },
    });
    expect(response.json().deliveries).toEqual([
      expect.objectContaining({ channel: "ntfy", status: "sent" }),
    ]);
    const published = ntfy.received.find((r) => r.body.topic === topic);
    expect(published).toBeDefined();
    expect(JSON.stringify(published)).not.toContain("evil.example");
    expect(published!.body.click).toBeUndefined();
  });

  it("mails a test to a confirmed address, and says why not otherwise", async () => {
    const user = await signUp(t.app);
    const unconfirmed = await test(user, "email");
    expect(unconfirmed.json().deliveries).toEqual([
      expect.objectContaining({
        channel: "email",
        status: "failed",
        error: "Your email address is not confirmed yet: confirm it in Settings first.",
      }),
    ]);
    await confirmEmail(t, user, smtp.received);
    t.clock.advance(60_000);
    const confirmed = await test(user, "email");
    expect(confirmed.json().deliveries).toEqual([
      expect.objectContaining({ channel: "email", status: "sent", target: user.email }),
    ]);
    const mails = mailsTo(smtp.received, user.email).filter((m) => m.subject?.includes("Test notification"));
    expect(mails.map((m) => m.subject)).toEqual(["Medical Care Tracker: Test notification: Email"]);
    // Both tests are in the delivery log.
    const log = (await user.get("/api/notification-settings/deliveries")).json();
    expect(log.map((d: { status: string }) => d.status)).toEqual(["sent", "failed"]);
  });

  it("lets a viewer test their channels", async () => {
    const owner = await signUp(t.app);
    const viewer = await joinFamily(t, owner, { role: "viewer" });
    expect((await test(viewer, "inbox")).statusCode).toBe(200);
    expect(await unread(viewer)).toBe(1);
  });

  it(`allows ${MAX_TESTS_PER_HOUR} tests an hour, and refuses an unknown channel`, async () => {
    const user = await signUp(t.app);
    expect((await test(user, "sms")).statusCode).toBe(400);
    expect((await user.post("/api/notification-settings/test", [])).statusCode).toBe(400);
    for (let i = 0; i < MAX_TESTS_PER_HOUR; i++) expect((await test(user, "inbox")).statusCode).toBe(200);
    const refused = await test(user, "inbox");
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    t.clock.advance(61 * 60_000);
    expect((await test(user, "inbox")).statusCode).toBe(200);
  });
});
