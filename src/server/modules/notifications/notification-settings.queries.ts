import { and, asc, eq, sql } from "drizzle-orm";
import {
  CHANNELS,
  type Channel,
  DEFAULT_KIND_CHANNELS,
  DEFAULT_NTFY_SERVER,
  type KindChannels,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from "../../../domain/notifications";
import type { Db, Tx } from "../../db/client";
import { notificationSettings, pushSubscriptions, type StoredKindChannels } from "../../db/schema/index";

/** A person's settings as delivering reads them: the stored row, or the defaults before any change. */
export interface EffectiveSettings {
  push: boolean;
  email: boolean;
  ntfy: { enabled: boolean; server: string; topic: string | null; token: string | null };
  kinds: KindChannels;
  quietHours: { start: string; end: string } | null;
  showDetails: boolean;
}

/** Push on (it needs a device anyway), email and ntfy off until set up, no details on the lock screen. */
export const DEFAULT_SETTINGS: EffectiveSettings = {
  push: true,
  email: false,
  ntfy: { enabled: false, server: DEFAULT_NTFY_SERVER, topic: null, token: null },
  kinds: DEFAULT_KIND_CHANNELS,
  quietHours: null,
  showDetails: false,
};

/** Every kind's channels, the stored choice where there is one (a kind added later gets every channel). */
function completeKinds(stored: StoredKindChannels): KindChannels {
  const kinds = { ...DEFAULT_KIND_CHANNELS };
  for (const kind of NOTIFICATION_KINDS) {
    const chosen = stored[kind];
    if (Array.isArray(chosen)) kinds[kind] = CHANNELS.filter((c) => chosen.includes(c));
  }
  return kinds;
}

export async function loadSettings(db: Db | Tx, userId: string): Promise<EffectiveSettings> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  if (!row) return DEFAULT_SETTINGS;
  return {
    push: row.push,
    email: row.email,
    ntfy: { enabled: row.ntfyEnabled, server: row.ntfyServer, topic: row.ntfyTopic, token: row.ntfyToken },
    kinds: completeKinds(row.kinds),
    quietHours: row.quietStart && row.quietEnd ? { start: row.quietStart, end: row.quietEnd } : null,
    showDetails: row.showDetails,
  };
}

/** What `PUT /api/notification-settings` stores; `token` undefined keeps the stored one. */
export interface SettingsChange {
  push: boolean;
  email: boolean;
  ntfy: { enabled: boolean; server: string; topic: string | null; token?: string | null | undefined };
  kinds: KindChannels;
  quietHours: { start: string; end: string } | null;
  showDetails: boolean;
}

export async function saveSettings(db: Db, userId: string, change: SettingsChange, now: Date) {
  const values = {
    push: change.push,
    email: change.email,
    ntfyEnabled: change.ntfy.enabled,
    ntfyServer: change.ntfy.server,
    ntfyTopic: change.ntfy.topic,
    kinds: change.kinds,
    quietStart: change.quietHours?.start ?? null,
    quietEnd: change.quietHours?.end ?? null,
    showDetails: change.showDetails,
    updatedAt: now,
    ...(change.ntfy.token !== undefined ? { ntfyToken: change.ntfy.token } : {}),
  };
  await db
    .insert(notificationSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: values });
}

/** The channels that carry a kind of task for this person: on, and chosen for the kind. */
export function channelsFor(settings: EffectiveSettings, kind: NotificationKind): Channel[] {
  const on: Record<Channel, boolean> = {
    push: settings.push,
    ntfy: settings.ntfy.enabled && Boolean(settings.ntfy.topic),
    email: settings.email,
  };
  return settings.kinds[kind].filter((channel) => on[channel]);
}

// ---- Push subscriptions ----

export function listPushSubscriptions(db: Db | Tx, userId: string) {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
}

/** A person has a few devices, not hundreds (our choice, as for passkeys). */
export const MAX_PUSH_DEVICES = 20;

/**
 * Keeps a browser's subscription for a person. The same endpoint again (the page checking in, or
 * another person signing in on the same browser) updates the row: an endpoint belongs to whoever
 * turned push on last on that browser, and its failures start again from nought.
 */
export async function savePushSubscription(
  db: Db,
  userId: string,
  subscription: { endpoint: string; p256dh: string; auth: string; label: string },
  now: Date,
) {
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ userId, ...subscription, createdAt: now })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId,
        p256dh: subscription.p256dh,
        auth: subscription.auth,
        failures: 0,
        // A browser taken over by another person is a new device for them.
        label: sql`case when ${pushSubscriptions.userId} = ${userId} then ${pushSubscriptions.label} else excluded.label end`,
        createdAt: sql`case when ${pushSubscriptions.userId} = ${userId} then ${pushSubscriptions.createdAt} else excluded.created_at end`,
        lastSuccessAt: sql`case when ${pushSubscriptions.userId} = ${userId} then ${pushSubscriptions.lastSuccessAt} end`,
      },
    })
    .returning();
  return row!;
}

export async function deletePushSubscription(
  db: Db,
  userId: string,
  which: { id: string } | { endpoint: string },
) {
  const match =
    "id" in which ? eq(pushSubscriptions.id, which.id) : eq(pushSubscriptions.endpoint, which.endpoint);
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(match, eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

/** After a delivery: a device that took it is well; one that did not counts a failure; a gone one goes. */
export async function recordPushOutcome(
  db: Db,
  subscriptionId: string,
  outcome: "sent" | "failed" | "gone",
  now: Date,
) {
  if (outcome === "gone") {
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
  } else if (outcome === "sent") {
    await db
      .update(pushSubscriptions)
      .set({ lastSuccessAt: now, failures: 0 })
      .where(eq(pushSubscriptions.id, subscriptionId));
  } else {
    await db
      .update(pushSubscriptions)
      .set({ failures: sql`${pushSubscriptions.failures} + 1` })
      .where(eq(pushSubscriptions.id, subscriptionId));
  }
}
