import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type NtfyServer, startNtfyServer } from "../../../../tests/helpers/ntfy-server";
import { type PushService, startPushService } from "../../../../tests/helpers/push-service";
import { buildTestApp, signUp, type TestApp, type TestUser } from "../../../../tests/helpers/test-app";
import { queryRows } from "../../../../tests/helpers/test-database";
import { NTFY_NOT_SENT, PUSH_NOT_SENT } from "./deliver";

/**
 * The addresses a person gives for their notifications (an ntfy server, a push endpoint) are
 * posted to by the server: none may reach the server's own machine or networks (server-side
 * request forgery), and the answer says only whether a message was sent. Here nothing is allowed:
 * the local ntfy server and push service stand for what lives on the server's network.
 */
let t: TestApp;
let ntfy: NtfyServer;
let push: PushService;
beforeAll(async () => {
  ntfy = await startNtfyServer();
  // Plain http push endpoints are taken (a test's local push service), but no host is allowed.
  t = await buildTestApp({}, undefined, { allowHttpPush: true });
  push = await startPushService(() => t.clock.now());
});
afterAll(async () => {
  await t?.close();
  await Promise.all([ntfy?.close(), push?.close()]);
});

const sendTest = (user: TestUser, channel: string) =>
  user.post("/api/notification-settings/test", { channel });

describe("an ntfy server on the server's own network", () => {
  it("is never posted to, however its address is written, and the test says only 'not sent'", async () => {
    const port = new URL(ntfy.url).port;
    const user = await signUp(t.app);
    const servers = [
      `http://127.0.0.1:${port}`,
      `http://localhost:${port}`,
      `http://2130706433:${port}`,
      `http://127.1:${port}`,
      `http://0.0.0.0:${port}`,
      `http://[::ffff:127.0.0.1]:${port}`,
      `http://[::1]:${port}`,
      "http://169.254.169.254",
      `http://10.0.0.1:${port}`,
    ];
    for (const [i, server] of servers.entries()) {
      const topic = `probe-${i}`;
      const saved = await user.put("/api/notification-settings", {
        push: false,
        email: false,
        ntfy: { enabled: true, server, topic },
      });
      expect(saved.statusCode, server).toBe(200);
      const sent = await sendTest(user, "ntfy");
      expect(sent.statusCode, server).toBe(200);
      expect(sent.json().deliveries, server).toEqual([
        expect.objectContaining({ channel: "ntfy", target: topic, status: "failed", error: NTFY_NOT_SENT }),
      ]);
    }
    expect(ntfy.received).toEqual([]);
  });
});

describe("a push endpoint on the server's own network", () => {
  it("is refused when a device subscribes, and not pushed to when its name resolves there", async () => {
    const user = await signUp(t.app);
    const device = push.newDevice();
    const subscribe = (endpoint: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/notification-settings/push-subscriptions",
        headers: { cookie: user.cookie },
        payload: { ...device.subscription, endpoint },
      });
    const path = new URL(device.subscription.endpoint).pathname;
    for (const endpoint of [
      device.subscription.endpoint,
      `https://127.0.0.1${path}`,
      `https://[::1]${path}`,
      `https://[::ffff:a9fe:a9fe]${path}`,
      `https://169.254.169.254${path}`,
      `https://192.168.1.20${path}`,
      `https://localhost${path}`,
    ]) {
      const refused = await subscribe(endpoint);
      expect(refused.statusCode, endpoint).toBe(400);
      expect(refused.json().issues, endpoint).toEqual([
        { path: "endpoint", message: "Must be the push service's https address" },
      ]);
    }
    // A name is read when the message leaves: one that resolves to this machine gets nothing.
    const endpoint = device.subscription.endpoint.replace("127.0.0.1", "localhost");
    await queryRows(
      t.database,
      sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth, label)
          values (${user.id}, ${endpoint}, ${device.subscription.keys.p256dh}, ${device.subscription.keys.auth}, 'Phone')`,
    );
    const sent = await sendTest(user, "push");
    expect(sent.json().deliveries).toEqual([
      expect.objectContaining({ channel: "push", status: "failed", error: PUSH_NOT_SENT }),
    ]);
    expect(push.received).toEqual([]);
  });
});
