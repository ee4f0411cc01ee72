import type { NotifyDeps } from "../../lib/notify-deps";
import { CHANNEL_TIMEOUT_MS } from "../../lib/notify-deps";
import { postOutside } from "../../lib/outbound";

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

/** Whether the message was taken; `fault` (why not) is for the log only, never for an answer. */
export type NtfyResult = { ok: true } | { ok: false; fault: string };

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

/**
 * Publishes one message to the person's ntfy topic: one POST of JSON to the server's root
 * (ntfy's JSON publishing), with the token as a Bearer credential when there is one. The address is
 * the person's: it is never one on the server's own network unless the operator allowed its host
 * (`postOutside`), and whatever went wrong, the caller learns only that it was not taken.
 */
export async function sendNtfy(
  deps: Pick<NotifyDeps, "timeoutMs" | "ntfyAllowedHosts">,
  target: NtfyTarget,
  message: NtfyMessage,
): Promise<NtfyResult> {
  try {
    const root = new URL(target.server.endsWith("/") ? target.server : `${target.server}/`);
    const status = await postOutside(root, {
      headers: {
        "content-type": "application/json",
        ...(target.token ? { authorization: `Bearer ${target.token}` } : {}),
      },
      body: JSON.stringify(ntfyBody(target.topic, message)),
      timeoutMs: deps.timeoutMs ?? CHANNEL_TIMEOUT_MS,
      allowedHosts: deps.ntfyAllowedHosts ?? [],
    });
    if (status >= 200 && status < 300) return { ok: true };
    return { ok: false, fault: `HTTP ${status}` };
  } catch (error) {
    return { ok: false, fault: (error as Error).name };
  }
}
