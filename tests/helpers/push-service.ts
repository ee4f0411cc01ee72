import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import {
  decryptAes128gcm,
  parseVapidHeader,
  type ReceiverKeys,
  receiverKeys,
  type VapidClaims,
  verifyVapidToken,
} from "./web-push-crypto";

/** A message the local push service took, as the device would read it. */
export interface ReceivedPush {
  device: string;
  /** The VAPID claims and public key, checked. */
  vapid: VapidClaims & { key: string };
  ttl: string | undefined;
  urgency: string | undefined;
  topic: string | undefined;
  /** The decrypted payload, parsed as JSON. */
  payload: unknown;
}

/**
 * A local push service (RFC 8030) on 127.0.0.1, playing the browser's one for the app's
 * subscriptions: each device is a subscription with its own keys. A message is taken (201) only
 * when its VAPID token checks out (signature by the expected key, audience, expiry on `now()`, the
 * test's clock) and its aes128gcm body decrypts with the device's keys; otherwise it is refused
 * (401 or 400) and the reason kept in `refused`. `answer(device, status)` makes a device's endpoint
 * answer that status instead, as a push service does for an expired subscription (404, 410).
 */
export async function startPushService(now: () => Date) {
  const devices = new Map<string, { keys: ReceiverKeys; status: number }>();
  const received: ReceivedPush[] = [];
  const refused: { device: string; reason: string }[] = [];
  let expectedKey: string | undefined;

  const read = (request: IncomingMessage) =>
    new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => resolve(Buffer.concat(chunks)));
      request.on("error", reject);
    });

  const server = createServer(async (request, response) => {
    const id = /^\/push\/([\w-]+)$/.exec(request.url ?? "")?.[1];
    const device = id ? devices.get(id) : undefined;
    const body = await read(request);
    if (!id || !device || request.method !== "POST") {
      response.writeHead(404).end();
      return;
    }
    if (device.status !== 201) {
      response.writeHead(device.status).end();
      return;
    }
    const refuse = (status: number, reason: string) => {
      refused.push({ device: id, reason });
      response.writeHead(status).end(reason);
    };
    const vapid = parseVapidHeader(request.headers.authorization);
    if (!vapid) return refuse(401, "no VAPID Authorization header");
    if (expectedKey && vapid.key !== expectedKey) return refuse(403, "k is not the subscription's key");
    let claims: VapidClaims;
    try {
      claims = verifyVapidToken(vapid.token, vapid.key, origin, now());
    } catch (error) {
      return refuse(403, (error as Error).message);
    }
    if (request.headers["content-encoding"] !== "aes128gcm") return refuse(400, "not aes128gcm");
    let payload: unknown;
    try {
      payload = JSON.parse(decryptAes128gcm(body, device.keys).toString("utf8"));
    } catch (error) {
      return refuse(400, `the body does not decrypt: ${(error as Error).message}`);
    }
    received.push({
      device: id,
      vapid: { ...claims, key: vapid.key },
      ttl: request.headers.ttl as string | undefined,
      urgency: request.headers.urgency as string | undefined,
      topic: request.headers.topic as string | undefined,
      payload,
    });
    response.writeHead(201).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    origin,
    received,
    refused,
    /** The key every subscription was made with (the app's VAPID public key). */
    expectKey(key: string) {
      expectedKey = key;
    },
    /** A new device: its subscription, as a browser would send it to the app. */
    newDevice() {
      const id = randomBytes(9).toString("base64url");
      const keys = receiverKeys();
      devices.set(id, { keys, status: 201 });
      return {
        id,
        subscription: { endpoint: `${origin}/push/${id}`, expirationTime: null, keys: keys.json },
      };
    },
    /** Makes a device's endpoint answer `status` from now on. */
    answer(id: string, status: number) {
      const device = devices.get(id);
      if (device) device.status = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type PushService = Awaited<ReturnType<typeof startPushService>>;
