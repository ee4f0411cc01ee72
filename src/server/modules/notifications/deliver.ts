import { eq } from "drizzle-orm";
import {
  type Channel,
  type DeliveryStatus,
  discreetWords,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from "../../../domain/notifications";
import { can } from "../../../domain/roles";
import type { Db } from "../../db/client";
import { notificationDeliveries, notifications, users } from "../../db/schema/index";
import { membershipOf } from "../../lib/family-access";
import { absoluteUrl, type NotifyDeps } from "../../lib/notify-deps";
import { isEmailConfirmed } from "../auth/users.queries";
import { reminderMail } from "./email-channel";
import {
  channelsFor,
  type EffectiveSettings,
  listPushSubscriptions,
  loadSettings,
  recordPushOutcome,
} from "./notification-settings.queries";
import { getNotification, type InboxNotification, type NotificationRow } from "./notifications.queries";
import { sendNtfy } from "./ntfy-channel";
import { type PushPayload, sendPush } from "./push-channel";

/** What to tell one person: the reminder of a care task (or a message of the app's own). */
export interface NotificationMessage {
  familyId: string;
  userId: string;
  /** The care task's key; repeats of one task replace each other on a device. */
  taskId?: string | null;
  /** Decides the channels, by the person's choice for the kind; none: "other". */
  taskKind?: NotificationKind | null;
  /** 1 for the first reminder, more for each repeat or escalation. */
  step: number;
  title: string;
  body: string;
  urgent: boolean;
  /** Where the app opens (site-relative, e.g. "/tasks/…", or absolute on this site). */
  url?: string | null;
  /**
   * The task's Done and Snooze addresses (single-use, made by whoever sends the reminder): POSTed by
   * the push notification's and ntfy's buttons, links in an email. `doneLabel` names the button
   * ("Given" for a dose); "Done" otherwise.
   */
  actions?: { done?: string; snooze?: string; doneLabel?: string };
  /**
   * The same Done and Snooze as pages a person opens (an email's links): they ask before acting,
   * since a mail scanner may follow a link. `actions` when left out.
   */
  links?: { done?: string; snooze?: string };
  /**
   * A reminder's occurrence and round (the escalation engine's): with the person and the task, the
   * notification's identity. A second delivery of the same is written and sent by nobody: it is
   * answered `skipped: "sent-before"`.
   */
  reminder?: { dueAt: Date; roundAt: Date };
  /**
   * `actions` and `links` made only once the notification is written and goes out on a channel
   * (a reminder's single-use tokens: none are made for one sent before, or for the inbox alone).
   */
  addresses?: () => Promise<Pick<NotificationMessage, "actions" | "links">>;
}

/**
 * What a delivery that was not taken says, whatever the reason: the addresses are the person's,
 * so an answer telling an unreachable server from a refusing one (or an open port from a closed
 * one) would make the server a scanner of any network it reaches. The reason goes to the log.
 */
export const NTFY_NOT_SENT =
  "The ntfy server did not take it. Check its address, the topic and the token in Settings.";
export const PUSH_NOT_SENT = "The push service did not take it.";
const PUSH_GONE = "This device's subscription has ended; it was removed.";

export interface ChannelDelivery {
  channel: Channel;
  target: string;
  status: DeliveryStatus;
  error: string | null;
}

export type DeliveryOutcome =
  | { notification: InboxNotification; deliveries: ChannelDelivery[] }
  /** Nothing was written or sent: the person is not a member of the family, or only reads it. */
  | { notification: null; deliveries: []; skipped: "not-a-member" | "viewer" | "sent-before" };

/** Longest words a notification keeps (a push message holds about 4 KB in all). */
const MAX_TITLE = 200;
const MAX_BODY = 1000;
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * Tells one person about a care task: writes the notification to their inbox, sends it on each
 * channel they chose for the task's kind (Web Push to each of their devices, ntfy, email), and
 * records one delivery per device or channel, sent or failed with the reason. One channel's failure
 * never stops the others and never throws; a device whose push service answers 404 or 410 is
 * dropped. Only the database writes can throw.
 *
 * Viewers are never told (they cannot act on a task): a viewer, or somebody not in the family, is
 * answered `skipped` and nothing is written. Outside the app (push, ntfy, email) the words are
 * `discreetWords` unless the person chose to show details on the lock screen.
 *
 * Call it outside a transaction: it waits on push services, ntfy and the mail server.
 */
export function deliver(db: Db, deps: NotifyDeps, message: NotificationMessage): Promise<DeliveryOutcome> {
  return deliverTo(db, deps, message, {});
}

/**
 * `deliver`, with the choices of a test from Settings: `only` one channel whatever the person's
 * choice for the kind (or none: the inbox alone), `anyRole` sends to a viewer too (a test is about
 * their channels, not a task), and `plainWords` says the words reveal nothing of anyone's care, so
 * they go out as they are.
 */
export async function deliverTo(
  db: Db,
  deps: NotifyDeps,
  message: NotificationMessage,
  options: { only?: Channel | "inbox"; anyRole?: boolean; plainWords?: boolean },
): Promise<DeliveryOutcome> {
  const member = await membershipOf(db, message.familyId, message.userId);
  if (!member) return { notification: null, deliveries: [], skipped: "not-a-member" };
  if (!options.anyRole && !can(member.role, "write"))
    return { notification: null, deliveries: [], skipped: "viewer" };
  const [person = { email: null, confirmedEmail: null }] = await db
    .select({ email: users.email, confirmedEmail: users.confirmedEmail })
    .from(users)
    .where(eq(users.id, message.userId));

  const settings = await loadSettings(db, message.userId);
  const kind =
    message.taskKind && (NOTIFICATION_KINDS as readonly string[]).includes(message.taskKind)
      ? message.taskKind
      : "other";
  const [row] = await db
    .insert(notifications)
    .values({
      familyId: message.familyId,
      userId: message.userId,
      taskId: message.taskId ?? null,
      taskKind: message.taskKind ?? null,
      step: message.step,
      title: clip(message.title, MAX_TITLE),
      body: clip(message.body, MAX_BODY),
      urgent: message.urgent,
      url: message.url ?? null,
      createdAt: deps.now(),
      dueAt: message.reminder?.dueAt ?? null,
      roundAt: message.reminder?.roundAt ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return { notification: null, deliveries: [], skipped: "sent-before" };
  const notification = row;

  const channels =
    options.only === undefined ? channelsFor(settings, kind) : options.only === "inbox" ? [] : [options.only];
  if (message.addresses && channels.length > 0) message = { ...message, ...(await message.addresses()) };
  const sending: Promise<ChannelDelivery[]>[] = channels.map((channel) =>
    sendOn(channel, db, deps, notification, message, settings, person, options.plainWords ?? false).catch(
      (error: Error) => {
        // A fault of ours (a bug, the database): the delivery says so, the other channels go on.
        deps.log?.warn({ fault: error.name, channel }, "a notification channel failed");
        return [
          { channel, target: channel, status: "failed", error: "The server could not send it." },
        ] satisfies ChannelDelivery[];
      },
    ),
  );
  const deliveries = (await Promise.all(sending)).flat();
  if (deliveries.length > 0) {
    const at = deps.now();
    await db.insert(notificationDeliveries).values(
      deliveries.map((delivery) => ({
        notificationId: notification.id,
        ...delivery,
        target: clip(delivery.target, 400),
        at,
      })),
    );
  }
  const stored = await getNotification(db, message.userId, notification.id);
  return {
    notification: stored ?? { ...notification, done: null, acknowledged: null, deliveries: [] },
    deliveries,
  };
}

/** The words that leave the app: the task's, or discreet ones unless the person chose details. */
function outsideWords(settings: EffectiveSettings, notification: NotificationRow, plainWords: boolean) {
  return settings.showDetails || plainWords
    ? { title: notification.title, body: notification.body }
    : discreetWords(notification.urgent);
}

async function sendOn(
  channel: Channel,
  db: Db,
  deps: NotifyDeps,
  notification: NotificationRow,
  message: NotificationMessage,
  settings: EffectiveSettings,
  person: { email: string | null; confirmedEmail: string | null },
  plainWords: boolean,
): Promise<ChannelDelivery[]> {
  const words = outsideWords(settings, notification, plainWords);
  const doneLabel = message.actions?.doneLabel?.trim() || "Done";
  if (channel === "push") {
    const devices = await listPushSubscriptions(db, notification.userId);
    const payload: PushPayload = {
      id: notification.id,
      ...words,
      tag: notification.taskId ? `task:${notification.taskId}` : `notification:${notification.id}`,
      urgent: notification.urgent,
      url: notification.url ?? "/notifications",
      actions: [
        ...(message.actions?.done
          ? [{ action: "done" as const, title: doneLabel, url: message.actions.done }]
          : []),
        ...(message.actions?.snooze
          ? [{ action: "snooze" as const, title: "Snooze", url: message.actions.snooze }]
          : []),
      ],
    };
    return Promise.all(
      devices.map(async (device): Promise<ChannelDelivery> => {
        if (!deps.allowHttpPush && !device.endpoint.startsWith("https://")) {
          return { channel, target: device.label, status: "failed", error: PUSH_NOT_SENT };
        }
        const result = await sendPush(deps, device, payload);
        await recordPushOutcome(
          db,
          device.id,
          result.ok ? "sent" : result.gone ? "gone" : "failed",
          deps.now(),
        );
        if (!result.ok) deps.log?.warn({ fault: result.fault }, "a push message was not taken");
        return result.ok
          ? { channel, target: device.label, status: "sent", error: null }
          : {
              channel,
              target: device.label,
              status: "failed",
              error: result.gone ? PUSH_GONE : PUSH_NOT_SENT,
            };
      }),
    );
  }
  if (channel === "ntfy") {
    const { server, topic, token } = settings.ntfy;
    if (!topic) return [];
    const done = absoluteUrl(message.actions?.done, deps.origin);
    const snooze = absoluteUrl(message.actions?.snooze, deps.origin);
    const result = await sendNtfy(
      deps,
      { server, topic, token },
      {
        title: words.title,
        message: words.body,
        urgent: notification.urgent,
        click: absoluteUrl(notification.url ?? "/notifications", deps.origin),
        actions: [
          ...(done ? [{ label: doneLabel, url: done }] : []),
          ...(snooze ? [{ label: "Snooze", url: snooze }] : []),
        ],
      },
    );
    if (!result.ok) deps.log?.warn({ fault: result.fault }, "an ntfy message was not taken");
    return [
      result.ok
        ? { channel, target: topic, status: "sent", error: null }
        : { channel, target: topic, status: "failed", error: NTFY_NOT_SENT },
    ];
  }
  // Email goes only to an address the person proved they read (as exports do).
  if (!person.email) {
    return [{ channel, target: "no address", status: "failed", error: "Your account has no email address." }];
  }
  if (!isEmailConfirmed(person)) {
    return [
      {
        channel,
        target: person.email,
        status: "failed",
        error: "Your email address is not confirmed yet: confirm it in Settings first.",
      },
    ];
  }
  const done = absoluteUrl(message.links?.done ?? message.actions?.done, deps.origin);
  try {
    const sent = await deps.mailer.send(
      reminderMail(person.email, {
        ...words,
        open: absoluteUrl(notification.url ?? "/notifications", deps.origin),
        done: done ? { label: doneLabel, url: done } : undefined,
        snooze: absoluteUrl(message.links?.snooze ?? message.actions?.snooze, deps.origin),
        settings: absoluteUrl("/settings#notifications", deps.origin),
      }),
    );
    return [
      {
        channel,
        target: "sentTo" in sent ? sent.sentTo : "the server's mail outbox",
        status: "sent",
        error: null,
      },
    ];
  } catch (error) {
    deps.log?.warn({ fault: (error as Error).name }, "a reminder mail was not sent");
    return [
      {
        channel,
        target: person.email,
        status: "failed",
        error: "The mail server did not accept the message.",
      },
    ];
  }
}
