import type { NotificationSettings } from "@/client/lib/notifications-api";
import {
  type Channel,
  DEFAULT_NTFY_SERVER,
  type KindChannels,
  type NotificationSettingsInput,
  notificationSettingsInput,
} from "@/domain/notifications";

/** The Notifications card's form as typed: text fields as text, quiet hours on or off. */
export interface NotificationDraft {
  push: boolean;
  email: boolean;
  ntfyEnabled: boolean;
  ntfyServer: string;
  ntfyTopic: string;
  /** A new token typed; empty keeps the saved one. */
  ntfyToken: string;
  removeToken: boolean;
  kinds: KindChannels;
  quiet: boolean;
  quietStart: string;
  quietEnd: string;
  showDetails: boolean;
}

export function draftOf(settings: NotificationSettings): NotificationDraft {
  return {
    push: settings.push,
    email: settings.email,
    ntfyEnabled: settings.ntfy.enabled,
    ntfyServer: settings.ntfy.server || DEFAULT_NTFY_SERVER,
    ntfyTopic: settings.ntfy.topic ?? "",
    ntfyToken: "",
    removeToken: false,
    kinds: settings.kinds as KindChannels,
    quiet: settings.quietHours !== null,
    quietStart: settings.quietHours?.start ?? "22:00",
    quietEnd: settings.quietHours?.end ?? "07:00",
    showDetails: settings.showDetails,
  };
}

/** The body of `PUT /api/notification-settings`: the token only when typed or removed. */
export function inputOf(draft: NotificationDraft): NotificationSettingsInput {
  return {
    push: draft.push,
    email: draft.email,
    ntfy: {
      enabled: draft.ntfyEnabled,
      server: draft.ntfyServer.trim(),
      topic: draft.ntfyTopic.trim() || null,
      ...(draft.ntfyToken.trim()
        ? { token: draft.ntfyToken.trim() }
        : draft.removeToken
          ? { token: null }
          : {}),
    },
    kinds: draft.kinds,
    quietHours: draft.quiet ? { start: draft.quietStart, end: draft.quietEnd } : null,
    showDetails: draft.showDetails,
  };
}

/** The draft's problems by field ("ntfy.topic"), as the server would name them. */
export function draftIssues(draft: NotificationDraft): Record<string, string> {
  const result = notificationSettingsInput.safeParse(inputOf(draft));
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

/** The kind's channels with `channel` turned on or off, in the channels' order. */
export function withChannel(current: readonly Channel[], channel: Channel, on: boolean): Channel[] {
  const set = new Set(current);
  if (on) set.add(channel);
  else set.delete(channel);
  return (["push", "ntfy", "email"] as const).filter((c) => set.has(c));
}
