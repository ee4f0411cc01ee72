import { createHash } from "node:crypto";
import webpush from "web-push";
import type { NotifyDeps } from "./notify-deps";
import { CHANNEL_TIMEOUT_MS } from "./notify-deps";

/** What the service worker (src/client/public/sw.js) reads from a push message. */
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
  /** `gone`: the push service says the subscription no longer exists (404 or 410): drop it. */
  | { ok: false; gone: boolean; error: string; fault: string };

/**
 * How long a push service keeps a message for a device that is off (the TTL header, RFC 8030
 * section 5.2): half a day. A reminder older than that has been repeated or escalated since.
 */
export const PUSH_TTL_SECONDS = 12 * 60 * 60;
/** The VAPID token's lifetime: RFC 8292 allows at most 24 hours; half of it leaves room for clock skew. */
const VAPID_TOKEN_SECONDS = 12 * 60 * 60;

/** The Topic header (RFC 8030 section 5.4): at most 32 base64url characters, the same for one task. */
export const pushTopic = (tag: string) => createHash("sha256").update(tag).digest("base64url").slice(0, 32);

/** Why a push service refused a message, in words a person reads in the delivery log. */
function refusal(status: number): string {
  if (status === 404 || status === 410) return "This device's subscription has ended; it was removed.";
  if (status === 413) return "The push service refused the message as too large (413).";
  if (status === 429) return "The push service asked this server to slow down (429).";
  if (status === 401 || status === 403)
    return `The push service refused this server's signature (${status}). Turn notifications off and on again on the device.`;
  if (status >= 500) return `The push service had a problem (${status}).`;
  return `The push service refused the message (${status}).`;
}

/**
 * Sends one encrypted message (RFC 8291, aes128gcm) to one device through its push service, signed
 * with the server's VAPID key (RFC 8292). The request is web-push's; it is sent with fetch so it
 * has a deadline and works against a local push service in tests.
 */
export async function sendPush(
  deps: Pick<NotifyDeps, "vapidKeys" | "vapidSubject" | "now" | "timeoutMs">,
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
    return {
      ok: false,
      gone: false,
      error: "This device's keys could not be used to encrypt the message.",
      fault: (error as Error).name,
    };
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    // fetch sets the length of the body itself.
    if (name.toLowerCase() !== "content-length") headers[name] = String(value);
  }
  try {
    const response = await fetch(request.endpoint, {
      method: "POST",
      headers,
      body: request.body ? new Uint8Array(request.body) : null,
      signal: AbortSignal.timeout(deps.timeoutMs ?? CHANNEL_TIMEOUT_MS),
      redirect: "error",
    });
    await response.body?.cancel();
    if (response.ok) return { ok: true };
    const gone = response.status === 404 || response.status === 410;
    return { ok: false, gone, error: refusal(response.status), fault: `HTTP ${response.status}` };
  } catch (error) {
    const timedOut = (error as Error).name === "TimeoutError";
    return {
      ok: false,
      gone: false,
      error: timedOut ? "The push service did not answer in time." : "The push service could not be reached.",
      fault: (error as Error).name,
    };
  }
}
