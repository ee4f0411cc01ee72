import { createHash } from "node:crypto";
import webpush from "web-push";
import type { NotifyDeps } from "../../lib/notify-deps";
import { CHANNEL_TIMEOUT_MS } from "../../lib/notify-deps";
import { postOutside } from "../../lib/outbound";

/** What the service worker (src/client/service-worker/push.ts) reads from a push message. */
export interface PushPayload {
  /** The notification's id in the inbox. */
  id: string;
  title: string;
  body: string;
  /** Repeats of one task share a tag, so a new one replaces the one shown. */
  tag: string;
  urgent: boolean;
  /** Where a tap on the notification opens the app. */
  url: string;
  /** The buttons: each POSTs its URL (a single-use token makes it safe without a session). */
  actions: { action: "done" | "snooze"; title: string; url: string }[];
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type PushResult =
  | { ok: true }
  /**
   * `gone`: the push service says the subscription no longer exists (404 or 410): drop it. `fault`
   * (why else) is for the log only, never for an answer.
   */
  | { ok: false; gone: boolean; fault: string };

/**
 * How long a push service keeps a message for a device that is off (the TTL header, RFC 8030
 * section 5.2): half a day. A reminder older than that has been repeated or escalated since.
 */
export const PUSH_TTL_SECONDS = 12 * 60 * 60;
/** The VAPID token's lifetime: RFC 8292 allows at most 24 hours; half of it leaves room for clock skew. */
const VAPID_TOKEN_SECONDS = 12 * 60 * 60;

/** The Topic header (RFC 8030 section 5.4): at most 32 base64url characters, the same for one task. */
export const pushTopic = (tag: string) => createHash("sha256").update(tag).digest("base64url").slice(0, 32);

/**
 * Sends one encrypted message (RFC 8291, aes128gcm) to one device through its push service, signed
 * with the server's VAPID key (RFC 8292). The request is web-push's; it is sent by `postOutside`,
 * so it has a deadline and never reaches the server's own network.
 */
export async function sendPush(
  deps: Pick<NotifyDeps, "vapidKeys" | "vapidSubject" | "now" | "timeoutMs" | "pushAllowedHosts">,
  target: PushTarget,
  payload: PushPayload,
): Promise<PushResult> {
  let request: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    const keys = await deps.vapidKeys();
    const audience = new URL(target.endpoint).origin;
    const expiration = Math.floor(deps.now().getTime() / 1000) + VAPID_TOKEN_SECONDS;
    const { Authorization } = webpush.getVapidHeaders(
      audience,
      deps.vapidSubject,
      keys.publicKey,
      keys.privateKey,
      "aes128gcm",
      expiration,
    );
    request = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(payload),
      {
        TTL: PUSH_TTL_SECONDS,
        urgency: payload.urgent ? "high" : "normal",
        topic: pushTopic(payload.tag),
        contentEncoding: "aes128gcm",
        headers: { Authorization },
      },
    );
  } catch (error) {
    // A subscription whose keys are not a P-256 point and a secret cannot be encrypted to, ever.
    return { ok: false, gone: false, fault: (error as Error).name };
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    // The request sets the length of the body itself (the whole body is given at once).
    if (name.toLowerCase() !== "content-length") headers[name] = String(value);
  }
  try {
    // The endpoint is the browser's: never one on the server's own network (`postOutside`).
    const status = await postOutside(new URL(request.endpoint), {
      headers,
      body: request.body ? new Uint8Array(request.body) : new Uint8Array(),
      timeoutMs: deps.timeoutMs ?? CHANNEL_TIMEOUT_MS,
      allowedHosts: deps.pushAllowedHosts ?? [],
    });
    if (status >= 200 && status < 300) return { ok: true };
    const gone = status === 404 || status === 410;
    return { ok: false, gone, fault: `HTTP ${status}` };
  } catch (error) {
    return { ok: false, gone: false, fault: (error as Error).name };
  }
}
