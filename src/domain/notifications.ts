import { z } from "zod";
import { text } from "./fields";
import { CHANNELS, type Channel, NOTIFICATION_KINDS, type NotificationKind } from "./notification-kinds";
import { timestamp } from "./records";

export * from "./notification-kinds";

const channel = z.enum(CHANNELS, { message: `Channel must be one of: ${CHANNELS.join(", ")}` });

/** A time of day for quiet hours, "HH:MM" on the family's clock. */
const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Must be a time (HH:MM)");

/** ntfy's topic names: letters, digits, _ and - (ntfy refuses anything else in a topic). */
export const NTFY_TOPIC_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const DEFAULT_NTFY_SERVER = "https://ntfy.sh";

/**
 * An ntfy server's address: http or https, no user name or password in it (the token field holds
 * the credential, so the address can be shown back), no query or fragment.
 */
export const ntfyServer = text()
  .trim()
  .max(500, "Must be at most 500 characters")
  .refine((value) => {
    try {
      const url = new URL(value);
      return (
        (url.protocol === "http:" || url.protocol === "https:") &&
        !url.username &&
        !url.password &&
        !url.search &&
        !url.hash
      );
    } catch {
      return false;
    }
  }, "Must be the server's address, e.g. https://ntfy.sh");

/** An ntfy access token: printable characters without spaces, as it goes in a header. */
const ntfyToken = z
  .string()
  .trim()
  .min(1, "Token is required")
  .max(200, "Must be at most 200 characters")
  .regex(/^[\x21-\x7e]+$/, "Must be the token ntfy gave you, without spaces");

/** Which channels carry each kind of task (the inbox always does). */
export type KindChannels = Record<NotificationKind, Channel[]>;

/** Every kind on every channel: a new person misses nothing on whatever channel they set up. */
export const DEFAULT_KIND_CHANNELS: KindChannels = Object.fromEntries(
  NOTIFICATION_KINDS.map((kind) => [kind, [...CHANNELS]]),
) as KindChannels;

const kindChannels = z
  .partialRecord(
    z.enum(NOTIFICATION_KINDS, { message: "Unknown kind of task" }),
    z.array(channel).max(CHANNELS.length),
  )
  .transform((given): KindChannels => {
    const all = { ...DEFAULT_KIND_CHANNELS };
    for (const kind of NOTIFICATION_KINDS) {
      const chosen = given[kind];
      if (chosen) all[kind] = CHANNELS.filter((c) => chosen.includes(c));
    }
    return all;
  });

/**
 * A person's notification settings (`PUT /api/notification-settings`): which channels are on,
 * their ntfy topic, which kinds go where, quiet hours (kept for the reminders to follow) and
 * whether a notification may say what it is about on the lock screen. The ntfy token is written,
 * never read back: left out it stays as it is, null removes it.
 */
export const notificationSettingsInput = z
  .object({
    push: z.boolean({ message: "push must be true or false" }),
    email: z.boolean({ message: "email must be true or false" }),
    ntfy: z.object({
      enabled: z.boolean({ message: "enabled must be true or false" }),
      server: ntfyServer.default(DEFAULT_NTFY_SERVER),
      topic: z
        .union([z.literal(""), z.null(), text().trim().regex(NTFY_TOPIC_PATTERN, topicMessage())])
        .optional()
        .transform((v) => (v ? v : null)),
      token: z.union([z.null(), ntfyToken]).optional(),
    }),
    kinds: kindChannels.default(DEFAULT_KIND_CHANNELS),
    quietHours: z.object({ start: timeOfDay, end: timeOfDay }).nullable().default(null),
    showDetails: z.boolean({ message: "showDetails must be true or false" }).default(false),
  })
  .superRefine((settings, ctx) => {
    if (settings.ntfy.enabled && !settings.ntfy.topic) {
      ctx.addIssue({ code: "custom", path: ["ntfy", "topic"], message: "A topic is required for ntfy" });
    }
    if (settings.quietHours && settings.quietHours.start === settings.quietHours.end) {
      ctx.addIssue({
        code: "custom",
        path: ["quietHours", "end"],
        message: "Quiet hours must end at another time than they start",
      });
    }
  });
export type NotificationSettingsInput = z.input<typeof notificationSettingsInput>;

function topicMessage() {
  return "A topic is 1 to 64 letters, digits, _ or -";
}

/**
 * A device that receives Web Push: never its endpoint or keys. `endpointHash` (the SHA-256 of the
 * endpoint, base64url) lets the browser holding the endpoint find itself in the list.
 */
export const pushDeviceRecord = z.object({
  id: z.uuid(),
  label: z.string(),
  endpointHash: z.string(),
  createdAt: timestamp,
  lastSuccessAt: timestamp.nullable(),
  /** Deliveries that failed since the last one that arrived. */
  failures: z.number().int(),
});
export type PushDeviceRecord = z.infer<typeof pushDeviceRecord>;

/** A person's settings as Settings shows them (the token only as whether there is one). */
export const notificationSettingsRecord = z.object({
  push: z.boolean(),
  email: z.boolean(),
  ntfy: z.object({
    enabled: z.boolean(),
    server: z.string(),
    topic: z.string().nullable(),
    hasToken: z.boolean(),
  }),
  kinds: z.record(z.enum(NOTIFICATION_KINDS), z.array(channel)),
  quietHours: z.object({ start: z.string(), end: z.string() }).nullable(),
  showDetails: z.boolean(),
  /** The address email goes to, and whether it is confirmed (email goes only to a confirmed one). */
  emailAddress: z.string().nullable(),
  emailConfirmed: z.boolean(),
  /** Whether the person's role in the family in use has care tasks sent to them (viewers do not). */
  receivesTasks: z.boolean(),
  devices: z.array(pushDeviceRecord),
});
export type NotificationSettingsRecord = z.infer<typeof notificationSettingsRecord>;

const base64url = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${label} must be base64url`);

/**
 * A browser's push subscription (`PushSubscription.toJSON()`): the push service's address for this
 * device and the keys its messages are encrypted to (RFC 8291: a P-256 public key, a 16-byte secret).
 */
export const pushSubscriptionInput = z.object({
  endpoint: text({ message: "endpoint is required" })
    .max(2000, "endpoint is too long")
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === "https:" || url.protocol === "http:";
      } catch {
        return false;
      }
    }, "endpoint must be the push service's address"),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: base64url("p256dh", 200),
    auth: base64url("auth", 100),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

/** Removing this device's subscription by its endpoint (the browser knows it). */
export const pushUnsubscribeInput = z.object({
  endpoint: text({ message: "endpoint is required" }).min(1, "endpoint is required").max(2000),
});

/** "Send a test" in Settings: one channel, or the inbox alone. */
export const notificationTestInput = z.object({
  channel: z.enum(["inbox", ...CHANNELS], {
    message: `channel must be one of: inbox, ${CHANNELS.join(", ")}`,
  }),
});
export type NotificationTestInput = z.infer<typeof notificationTestInput>;

/** One channel's delivery of a notification: where it went, and whether it was taken. */
export const deliveryRecord = z.object({
  id: z.uuid(),
  channel,
  /** A device's name, the ntfy topic, the email address or "the server's outbox". */
  target: z.string(),
  status: z.enum(["sent", "failed"]),
  error: z.string().nullable(),
  at: timestamp,
});
export type DeliveryRecord = z.infer<typeof deliveryRecord>;

/** Who answered a reminder's due time, and when. */
const answeredBy = z.object({ at: timestamp, by: z.string().nullable() });

/** A notification in the person's inbox, with each channel's delivery. */
export const notificationRecord = z.object({
  id: z.uuid(),
  familyId: z.uuid(),
  taskId: z.string().nullable(),
  taskKind: z.string().nullable(),
  step: z.number().int(),
  title: z.string(),
  body: z.string(),
  urgent: z.boolean(),
  url: z.string().nullable(),
  createdAt: timestamp,
  ackAt: timestamp.nullable(),
  /** A reminder's: the task's due time it reminds of (Done and Snooze answer that one). */
  dueAt: timestamp.nullable(),
  /** A reminder's task done for that due time: when, and by whom (null: an account gone). */
  done: answeredBy.nullable(),
  /** Someone said "I'm on it" for that due time, which stopped its reminders for everyone. */
  acknowledged: answeredBy.nullable(),
  deliveries: z.array(deliveryRecord),
});
export type NotificationRecord = z.infer<typeof notificationRecord>;

/** The delivery log: each delivery with what it delivered. */
export const deliveryLogRecord = deliveryRecord.extend({
  notification: z.object({
    id: z.uuid(),
    title: z.string(),
    taskKind: z.string().nullable(),
    step: z.number().int(),
  }),
});
export type DeliveryLogRecord = z.infer<typeof deliveryLogRecord>;

/** A test's answer: the notification made and how each channel took it. */
export const notificationTestRecord = z.object({
  notification: notificationRecord,
  deliveries: z.array(deliveryRecord),
});
export type NotificationTestRecord = z.infer<typeof notificationTestRecord>;

export const unreadCountRecord = z.object({ count: z.number().int() });
export const pushKeyRecord = z.object({ publicKey: z.string() });
