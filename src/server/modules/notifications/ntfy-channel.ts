import type { NotifyDeps } from "./notify-deps";
import { CHANNEL_TIMEOUT_MS } from "./notify-deps";

export interface NtfyTarget {
  server: string;
  topic: string;
  token: string | null;
}

export interface NtfyMessage {
  title: string;
  message: string;
  urgent: boolean;
  /** Where a tap on the notification goes (absolute), if anywhere. */
  click: string | undefined;
  /** Buttons that POST their URL (absolute) from the phone: Done, Snooze. */
  actions: { label: string; url: string }[];
}

export type NtfyResult = { ok: true } | { ok: false; error: string; fault: string };

/** ntfy's priorities (https://docs.ntfy.sh/publish/#message-priority): 5 "max" rings through. */
const URGENT_PRIORITY = 5;
const DEFAULT_PRIORITY = 3;

/**
 * The JSON ntfy takes as one message (https://docs.ntfy.sh/publish/#publish-as-json): the topic,
 * words, priority, where a tap goes and `http` actions, which ntfy's app sends as the button is
 * pressed (https://docs.ntfy.sh/publish/#send-http-request), clearing the notification.
 */
export function ntfyBody(topic: string, message: NtfyMessage) {
  return {
    topic,
    title: message.title,
    message: message.message,
    priority: message.urgent ? URGENT_PRIORITY : DEFAULT_PRIORITY,
    tags: message.urgent ? ["warning"] : [],
    ...(message.click ? { click: message.click } : {}),
    actions: message.actions.map((action) => ({
      action: "http",
      label: action.label,
      url: action.url,
      method: "POST",
      clear: true,
    })),
  };
}

function refusal(status: number): string {
  if (status === 401 || status === 403)
    return `The ntfy server refused the token for this topic (${status}). Check the token in Settings.`;
  if (status === 404) return "The ntfy server answered 404: check its address in Settings.";
  if (status === 429) return "The ntfy server's limit for this topic was reached (429).";
  return `The ntfy server refused the message (${status}).`;
}

/**
 * Publishes one message to the person's ntfy topic: one POST of JSON to the server's root
 * (ntfy's JSON publishing), with the token as a Bearer credential when there is one.
 */
export async function sendNtfy(
  deps: Pick<NotifyDeps, "timeoutMs">,
  target: NtfyTarget,
  message: NtfyMessage,
): Promise<NtfyResult> {
  const root = target.server.endsWith("/") ? target.server : `${target.server}/`;
  try {
    const response = await fetch(root, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(target.token ? { authorization: `Bearer ${target.token}` } : {}),
      },
      body: JSON.stringify(ntfyBody(target.topic, message)),
      signal: AbortSignal.timeout(deps.timeoutMs ?? CHANNEL_TIMEOUT_MS),
      redirect: "error",
    });
    await response.body?.cancel();
    if (response.ok) return { ok: true };
    return { ok: false, error: refusal(response.status), fault: `HTTP ${response.status}` };
  } catch (error) {
    const timedOut = (error as Error).name === "TimeoutError";
    return {
      ok: false,
      error: timedOut ? "The ntfy server did not answer in time." : "The ntfy server could not be reached.",
      fault: (error as Error).name,
    };
  }
}
