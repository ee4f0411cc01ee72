import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { joinFamily } from "../../../../tests/helpers/family";
import { confirmEmail, mailsTo } from "../../../../tests/helpers/mail";
import { type NtfyServer, startNtfyServer } from "../../../../tests/helpers/ntfy-server";
import { type PushService, startPushService } from "../../../../tests/helpers/push-service";
import { portWithNothingListening, startSmtpServer } from "../../../../tests/helpers/smtp-server";
import { buildTestApp, signUp, type TestApp, type TestUser } from "../../../../tests/helpers/test-app";
import { discreetWords } from "../../../domain/notifications";
import { createMailer } from "../../lib/mailer";
import type { NotifyDeps } from "../../lib/notify-deps";
import { deliver, type NotificationMessage, NTFY_NOT_SENT, PUSH_NOT_SENT } from "./deliver";
import { pushTopic } from "./push-channel";
import { loadVapidKeys } from "./vapid-keys";

const SITE = "https://care.example.org";

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
  // The push service checks each token's expiry on the app's clock, which the tests move.
  push = await startPushService(() => t.clock.now());
  ntfy = await startNtfyServer();
  deps = {
    mailer: createMailer({
      mail: { smtpUrl: smtp.env.SMTP_URL, from: smtp.env.MAIL_FROM },
      dataDir: t.dataDir,
    }),
    now: t.clock.now,
    origin: SITE,
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
beforeEach(() => {
  smtp.refuse(false);
  ntfy.answer(200);
});

/** A caregiver with a confirmed email who turned on push on `devices` devices, ntfy and email. */
async function personWithEveryChannel(
  options: { devices?: number; showDetails?: boolean; kinds?: Record<string, string[]> } = {},
) {
  const user = await signUp(t.app);
  await confirmEmail(t, user, smtp.received);
  const topic = `care-${user.id.slice(0, 8)}`;
  const saved = await user.put("/api/notification-settings", {
    push: true,
    email: true,
    ntfy: { enabled: true, server: ntfy.url, topic, token: "tk_family_secret" },
    showDetails: options.showDetails ?? true,
    ...(options.kinds ? { kinds: options.kinds } : {}),
  });
  expect(saved.statusCode).toBe(200);
  const devices = [];
  for (let i = 0; i < (options.devices ?? 1); i++) {
    const device = push.newDevice();
    const added = await t.app.inject({
      method: "POST",
      url: "/api/notification-settings/push-subscriptions",
      headers: { cookie: user.cookie, "user-agent": ANDROID_CHROME },
      payload: device.subscription,
    });
    expect(added.statusCode).toBe(201);
    devices.push(device);
  }
  return { user, topic, devices };
}

const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

const reminder = (user: TestUser, extra: Partial<NotificationMessage> = {}): NotificationMessage => ({
  familyId: user.familyId,
  userId: user.id,
  taskId: "line-care:dressing:line-1",
  taskKind: "line-care",
  step: 2,
  title: "Dressing change for Ana",
  body: "Due at 14:00, 20 minutes ago",
  urgent: true,
  url: "/tasks/line-care",
  actions: { done: "/api/task-actions/done-token-1", snooze: "/api/task-actions/snooze-token-1" },
  ...extra,
});

const pushesTo = (device: string) => push.received.filter((message) => message.device === device);
const ntfyTo = (topic: string) => ntfy.received.filter((request) => request.body.topic === topic);

describe("deliver() to a person with push, ntfy and email", () => {
  it("reaches the push service, the ntfy server and the mail server, each with Done and Snooze", async () => {
    const { user, topic, devices } = await personWithEveryChannel();
    const outcome = await deliver(t.database.db, deps, reminder(user));

    expect(outcome.deliveries).toEqual([
      { channel: "push", target: "Chrome on Pixel 8", status: "sent", error: null },
      { channel: "ntfy", target: topic, status: "sent", error: null },
      { channel: "email", target: user.email, status: "sent", error: null },
    ]);
    expect(push.refused).toEqual([]);

    // Web Push: signed by the server's key for this push service, encrypted to the device's keys.
    const publicKey = (await user.get("/api/notification-settings/push-key")).json().publicKey;
    const [message] = pushesTo(devices[0]!.id);
    expect(message!.vapid.key).toBe(publicKey);
    expect(message!.vapid.aud).toBe(push.origin);
    expect(message!.vapid.exp).toBeGreaterThan(t.clock.now().getTime() / 1000);
    expect(message!.vapid.sub).toBe("mailto:care@example.org");
    expect(message!.urgency).toBe("high");
    expect(message!.ttl).toBe(String(12 * 60 * 60));
    expect(message!.topic).toBe(pushTopic("task:line-care:dressing:line-1"));
    expect(message!.payload).toEqual({
      id: outcome.notification!.id,
      title: "Dressing change for Ana",
      body: "Due at 14:00, 20 minutes ago",
      tag: "task:line-care:dressing:line-1",
      urgent: true,
      url: "/tasks/line-care",
      actions: [
        { action: "done", title: "Done", url: "/api/task-actions/done-token-1" },
        { action: "snooze", title: "Snooze", url: "/api/task-actions/snooze-token-1" },
      ],
    });

    // ntfy: one JSON request to the server's root with the token, priority 5 and http actions.
    const [published] = ntfyTo(topic);
    expect(published).toMatchObject({
      method: "POST",
      path: "/",
      authorization: "Bearer tk_family_secret",
      contentType: "application/json",
    });
    expect(published!.body).toEqual({
      topic,
      title: "Dressing change for Ana",
      message: "Due at 14:00, 20 minutes ago",
      priority: 5,
      tags: ["warning"],
      click: `${SITE}/tasks/line-care`,
      actions: [
        {
          action: "http",
          label: "Done",
          url: `${SITE}/api/task-actions/done-token-1`,
          method: "POST",
          clear: true,
        },
        {
          action: "http",
          label: "Snooze",
          url: `${SITE}/api/task-actions/snooze-token-1`,
          method: "POST",
          clear: true,
        },
      ],
    });

    // Email: through the SMTP server, with the links.
    const mails = mailsTo(smtp.received, user.email).filter((mail) => mail.subject?.includes("Dressing"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Medical Care Tracker: Dressing change for Ana");
    expect(mails[0]!.text).toContain(`Done: ${SITE}/api/task-actions/done-token-1`);
    expect(mails[0]!.text).toContain(`Snooze: ${SITE}/api/task-actions/snooze-token-1`);
    expect(mails[0]!.text).toContain(`Open the app: ${SITE}/tasks/line-care`);

    // The inbox has it first, with the task, the step and each channel's delivery.
    const inbox = (await user.get("/api/notifications")).json();
    expect(inbox[0]).toMatchObject({
      id: outcome.notification!.id,
      familyId: user.familyId,
      taskId: "line-care:dressing:line-1",
      taskKind: "line-care",
      step: 2,
      title: "Dressing change for Ana",
      urgent: true,
      ackAt: null,
    });
    expect(
      inbox[0].deliveries.map((d: { channel: string; status: string }) => [d.channel, d.status]),
    ).toEqual([
      ["push", "sent"],
      ["ntfy", "sent"],
      ["email", "sent"],
    ]);
    const [device] = (await user.get("/api/notification-settings")).json().devices;
    expect(device).toMatchObject({ label: "Chrome on Pixel 8", failures: 0 });
    expect(device.lastSuccessAt).toBe(t.clock.now().toISOString());
  });

  it("names the Done button as the task does, and a regular reminder is not urgent", async () => {
    const { user, topic, devices } = await personWithEveryChannel();
    await deliver(
      t.database.db,
      deps,
      reminder(user, {
        taskKind: "dose",
        urgent: false,
        actions: { done: "/d", snooze: "/s", doneLabel: "Given" },
      }),
    );
    const [message] = pushesTo(devices[0]!.id);
    expect(message!.urgency).toBe("normal");
    expect((message!.payload as { actions: { title: string }[] }).actions.map((a) => a.title)).toEqual([
      "Given",
      "Snooze",
    ]);
    const [published] = ntfyTo(topic);
    expect(published!.body).toMatchObject({ priority: 3, tags: [] });
    expect((published!.body.actions as { label: string }[]).map((a) => a.label)).toEqual(["Given", "Snooze"]);
  });

  it("says nothing of the task outside the app unless the person chose details on the lock screen", async () => {
    const { user, topic, devices } = await personWithEveryChannel({ showDetails: false });
    await deliver(t.database.db, deps, reminder(user));
    const words = discreetWords(true);
    const [message] = pushesTo(devices[0]!.id);
    expect(message!.payload).toMatchObject(words);
    expect(ntfyTo(topic)[0]!.body).toMatchObject({ title: words.title, message: words.body });
    const [mail] = mailsTo(smtp.received, user.email).filter((m) => m.subject?.includes(words.title));
    expect(mail!.text).toContain(words.body);
    const outside = JSON.stringify([message!.payload, ntfyTo(topic)[0]!.body, mail!.subject, mail!.text]);
    expect(outside).not.toContain("Ana");
    expect(outside).not.toContain("Dressing");
    // The inbox, behind the sign-in, keeps the task's own words.
    expect((await user.get("/api/notifications")).json()[0].title).toBe("Dressing change for Ana");
  });

  it("sends a kind of task only on the channels the person chose for it", async () => {
    const { user, topic, devices } = await personWithEveryChannel({ kinds: { dose: ["push"], labs: [] } });
    const dose = await deliver(t.database.db, deps, reminder(user, { taskKind: "dose" }));
    expect(dose.deliveries.map((d) => d.channel)).toEqual(["push"]);
    const labs = await deliver(t.database.db, deps, reminder(user, { taskKind: "labs" }));
    expect(labs.deliveries).toEqual([]);
    expect(labs.notification).not.toBeNull();
    const weigh = await deliver(t.database.db, deps, reminder(user, { taskKind: "weigh" }));
    expect(weigh.deliveries.map((d) => d.channel)).toEqual(["push", "ntfy", "email"]);
    expect(pushesTo(devices[0]!.id)).toHaveLength(2);
    expect(ntfyTo(topic)).toHaveLength(1);
    // Each is in the inbox, whatever its channels.
    expect((await user.get("/api/notifications")).json()).toHaveLength(3);
  });

  it("sends every device its own message, and repeats of one task share its tag", async () => {
    const { user, devices } = await personWithEveryChannel({ devices: 2 });
    await deliver(t.database.db, deps, reminder(user, { step: 1 }));
    await deliver(t.database.db, deps, reminder(user, { step: 2 }));
    for (const device of devices) {
      const tags = pushesTo(device.id).map((m) => (m.payload as { tag: string }).tag);
      expect(tags).toEqual(["task:line-care:dressing:line-1", "task:line-care:dressing:line-1"]);
    }
  });
});

describe("a channel that fails", () => {
  it("drops a device whose push service answers 410 or 404, and still reaches the others", async () => {
    const { user, topic, devices } = await personWithEveryChannel({ devices: 3 });
    push.answer(devices[0]!.id, 410);
    push.answer(devices[1]!.id, 404);
    const outcome = await deliver(t.database.db, deps, reminder(user));
    const removed = "This device's subscription has ended; it was removed.";
    const pushes = outcome.deliveries
      .filter((d) => d.channel === "push")
      .map((d) => `${d.status}: ${d.error}`);
    expect(pushes.sort()).toEqual([`failed: ${removed}`, `failed: ${removed}`, "sent: null"]);
    expect(pushesTo(devices[2]!.id)).toHaveLength(1);
    expect(ntfyTo(topic)).toHaveLength(1);
    expect((await user.get("/api/notification-settings")).json().devices).toHaveLength(1);
    // The next reminder goes to the one left only.
    const next = await deliver(t.database.db, deps, reminder(user, { step: 3 }));
    expect(next.deliveries.filter((d) => d.channel === "push")).toEqual([
      { channel: "push", target: "Chrome on Pixel 8", status: "sent", error: null },
    ]);
  });

  it("keeps a device whose push service fails for a while, counting its failures", async () => {
    const { user, devices } = await personWithEveryChannel();
    push.answer(devices[0]!.id, 503);
    const outcome = await deliver(t.database.db, deps, reminder(user));
    expect(outcome.deliveries[0]).toEqual({
      channel: "push",
      target: "Chrome on Pixel 8",
      status: "failed",
      error: PUSH_NOT_SENT,
    });
    const [device] = (await user.get("/api/notification-settings")).json().devices;
    expect(device).toMatchObject({ failures: 1, lastSuccessAt: null });
    push.answer(devices[0]!.id, 201);
    await deliver(t.database.db, deps, reminder(user));
    expect((await user.get("/api/notification-settings")).json().devices[0]).toMatchObject({ failures: 0 });
  });

  it("is refused by a push service that finds the token expired: the push service's checks can fail", async () => {
    const { user, devices } = await personWithEveryChannel();
    // The push service's clock runs half a day and a minute ahead of the app's: the token is stale.
    const early = await startPushService(() => new Date(t.clock.now().getTime() + 12 * 3600_000 + 60_000));
    try {
      const device = early.newDevice();
      await t.app.inject({
        method: "POST",
        url: "/api/notification-settings/push-subscriptions",
        headers: { cookie: user.cookie },
        payload: device.subscription,
      });
      const outcome = await deliver(t.database.db, deps, reminder(user));
      expect(early.refused).toEqual([{ device: device.id, reason: "the token has expired" }]);
      const statuses = outcome.deliveries.filter((d) => d.channel === "push").map((d) => d.status);
      expect(statuses.sort()).toEqual(["failed", "sent"]);
      expect(pushesTo(devices[0]!.id)).toHaveLength(1);
    } finally {
      await early.close();
    }
  });

  it("logs an ntfy server's refusal and a mail server's, and the push still arrives", async () => {
    const { user, devices } = await personWithEveryChannel();
    ntfy.answer(500);
    smtp.refuse(true);
    const outcome = await deliver(t.database.db, deps, reminder(user));
    expect(outcome.deliveries.map((d) => [d.channel, d.status, d.error])).toEqual([
      ["push", "sent", null],
      ["ntfy", "failed", NTFY_NOT_SENT],
      ["email", "failed", "The mail server did not accept the message."],
    ]);
    expect(pushesTo(devices[0]!.id)).toHaveLength(1);
    const log = (await user.get("/api/notification-settings/deliveries")).json();
    expect(log.slice(0, 3).map((d: { channel: string; status: string }) => [d.channel, d.status])).toEqual([
      ["push", "sent"],
      ["ntfy", "failed"],
      ["email", "failed"],
    ]);
    expect(log[0].notification).toEqual({
      id: outcome.notification!.id,
      title: "Dressing change for Ana",
      taskKind: "line-care",
      step: 2,
    });
  });

  it("says only 'not sent' of an ntfy server that cannot be reached and of one that refuses: an answer is no port scanner", async () => {
    const user = await signUp(t.app);
    const nowhere = `http://127.0.0.1:${await portWithNothingListening()}`;
    await user.put("/api/notification-settings", {
      push: false,
      email: false,
      ntfy: { enabled: true, server: nowhere, topic: "unreachable" },
    });
    const unreachable = await deliver(t.database.db, deps, reminder(user));
    expect(unreachable.deliveries).toEqual([
      {
        channel: "ntfy",
        target: "unreachable",
        status: "failed",
        error: NTFY_NOT_SENT,
      },
    ]);
    await user.put("/api/notification-settings", {
      push: false,
      email: false,
      ntfy: { enabled: true, server: ntfy.url, topic: "refused" },
    });
    ntfy.answer(403);
    const refused = await deliver(t.database.db, deps, reminder(user));
    expect(refused.deliveries[0]!.error).toBe(NTFY_NOT_SENT);
  });

  it("sends email only to a confirmed address", async () => {
    const user = await signUp(t.app);
    await user.put("/api/notification-settings", {
      push: false,
      email: true,
      ntfy: { enabled: false },
    });
    const outcome = await deliver(t.database.db, deps, reminder(user));
    expect(outcome.deliveries).toEqual([
      {
        channel: "email",
        target: user.email,
        status: "failed",
        error: "Your email address is not confirmed yet: confirm it in Settings first.",
      },
    ]);
    expect(mailsTo(smtp.received, user.email).filter((m) => m.subject?.includes("Dressing"))).toEqual([]);
  });
});

describe("who is told", () => {
  it("tells a caregiver, never a viewer, and nobody outside the family", async () => {
    const owner = await signUp(t.app);
    const caregiver = await joinFamily(t, owner, { role: "caregiver" });
    const viewer = await joinFamily(t, owner, { role: "viewer" });
    const stranger = await signUp(t.app);
    const told = await deliver(t.database.db, deps, reminder(caregiver));
    expect(told.notification?.userId).toBe(caregiver.id);
    expect(await deliver(t.database.db, deps, reminder(viewer))).toEqual({
      notification: null,
      deliveries: [],
      skipped: "viewer",
    });
    expect(await deliver(t.database.db, deps, { ...reminder(stranger), familyId: owner.familyId })).toEqual({
      notification: null,
      deliveries: [],
      skipped: "not-a-member",
    });
    expect((await viewer.get("/api/notifications")).json()).toEqual([]);
    expect((await stranger.get("/api/notifications")).json()).toEqual([]);
  });
});
