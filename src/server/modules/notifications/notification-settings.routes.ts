import { createHash } from "node:crypto";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CHANNEL_LABELS,
  deliveryLogRecord,
  notificationSettingsInput,
  notificationSettingsRecord,
  notificationTestInput,
  notificationTestRecord,
  pushDeviceRecord,
  pushKeyRecord,
  pushSubscriptionInput,
  pushUnsubscribeInput,
} from "../../../domain/notifications";
import { can } from "../../../domain/roles";
import type { ModuleRoutes } from "../../app-context";
import type { Db } from "../../db/client";
import {
  conflict,
  HttpError,
  invalidRecord,
  notFound,
  tooManyRequests,
  unauthorized,
} from "../../lib/errors";
import { namesInternalHost } from "../../lib/outbound";
import { linkOrigin } from "../../lib/site-origin";
import { deviceName } from "../auth/device-name";
import { takeAttempt } from "../auth/login-limit.queries";
import { getUser, isEmailConfirmed } from "../auth/users.queries";
import { deliverTo } from "./deliver";
import {
  deletePushSubscription,
  listPushSubscriptions,
  loadSettings,
  MAX_PUSH_DEVICES,
  savePushSubscription,
  saveSettings,
} from "./notification-settings.queries";
import { deliveryLog } from "./notifications.queries";

const deviceParams = z.object({ id: z.uuid({ error: "Device not found" }) });
const logQuery = z.object({
  limit: z.coerce
    .number({ message: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(200, "limit must be at most 200")
    .optional(),
});

/** Tests from Settings per person and hour: enough to try every channel a few times (our choice). */
export const MAX_TESTS_PER_HOUR = 20;
const TEST_WINDOW_MS = 60 * 60 * 1000;

const TEST_WORDS = {
  inbox: "This is how a care task's reminder appears in the app.",
  push: "If this shows on this device, reminders reach it.",
  ntfy: "If this shows in ntfy, reminders reach you there.",
  email: "If you read this, reminders reach your email.",
} as const;

/** A device as the person sees it: its endpoint only as a hash, for the browser to find itself. */
const deviceAnswer = <T extends { endpoint: string }>(row: T) => ({
  ...row,
  endpointHash: createHash("sha256").update(row.endpoint).digest("base64url"),
});

async function settingsAnswer(db: Db, userId: string, receivesTasks: boolean) {
  const [settings, user, devices] = await Promise.all([
    loadSettings(db, userId),
    getUser(db, userId),
    listPushSubscriptions(db, userId),
  ]);
  if (!user) throw unauthorized();
  const { token, ...ntfy } = settings.ntfy;
  return {
    ...settings,
    ntfy: { ...ntfy, hasToken: Boolean(token) },
    emailAddress: user.email,
    emailConfirmed: isEmailConfirmed(user),
    receivesTasks,
    devices: devices.map(deviceAnswer),
  };
}

/**
 * A person's notification settings: channels and their choice per kind of task, the devices that
 * receive Web Push, a test per channel, and the delivery log. The person's own, whatever their
 * role (a viewer is sent no tasks, but may set up and test their channels).
 */
export const notificationSettingsRoutes: ModuleRoutes = (scope, { db, clock, config, notify }) => {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const person = { access: "person" } as const;

  r.get(
    "/api/notification-settings",
    { config: person, schema: { response: { 200: notificationSettingsRecord } } },
    async (request) => {
      const { actorId, role } = request.access();
      return settingsAnswer(db, actorId, can(role, "write"));
    },
  );

  r.put(
    "/api/notification-settings",
    {
      config: person,
      schema: { body: notificationSettingsInput, response: { 200: notificationSettingsRecord } },
    },
    async (request) => {
      const { actorId, role } = request.access();
      await saveSettings(db, actorId, request.body, clock());
      return settingsAnswer(db, actorId, can(role, "write"));
    },
  );

  r.post(
    "/api/notification-settings/test",
    { config: person, schema: { body: notificationTestInput, response: { 200: notificationTestRecord } } },
    async (request) => {
      const { actorId, familyId } = request.access();
      const { channel } = request.body;
      if (channel === "push" && (await listPushSubscriptions(db, actorId)).length === 0) {
        throw conflict("No device receives notifications yet: turn them on on this device first.");
      }
      if (channel === "ntfy" && !(await loadSettings(db, actorId)).ntfy.topic) {
        throw conflict("Save your ntfy topic first.");
      }
      const now = clock();
      const attempt = await takeAttempt(
        db,
        [`notification-test:${actorId}`],
        {
          max: MAX_TESTS_PER_HOUR,
          windowMs: TEST_WINDOW_MS,
        },
        now,
      );
      if (!attempt.allowed) {
        throw tooManyRequests(
          attempt.retryAfterSeconds,
          (wait) => `You have sent ${MAX_TESTS_PER_HOUR} tests in the last hour. Please wait ${wait}.`,
        );
      }
      const outcome = await deliverTo(
        db,
        { ...notify, origin: linkOrigin(config, request) },
        {
          familyId,
          userId: actorId,
          step: 1,
          title: channel === "inbox" ? "Test notification" : `Test notification: ${CHANNEL_LABELS[channel]}`,
          body: TEST_WORDS[channel],
          urgent: false,
          url: "/settings#notifications",
        },
        { only: channel, anyRole: true, plainWords: true },
      );
      if (!outcome.notification) throw new HttpError(409, "You are no longer a member of this family.");
      return { notification: outcome.notification, deliveries: outcome.notification.deliveries };
    },
  );

  r.get(
    "/api/notification-settings/push-key",
    { config: person, schema: { response: { 200: pushKeyRecord } } },
    async () => ({ publicKey: (await notify.vapidKeys()).publicKey }),
  );

  r.post(
    "/api/notification-settings/push-subscriptions",
    { config: person, schema: { body: pushSubscriptionInput, response: { 201: pushDeviceRecord } } },
    async (request, reply) => {
      const { actorId } = request.access();
      const { endpoint, keys } = request.body;
      // A push service is on the internet: an address of this machine or its networks is refused
      // as it is given (a name that resolves to one gets nothing when a message leaves).
      if (
        (!notify.allowHttpPush && !endpoint.startsWith("https://")) ||
        namesInternalHost(new URL(endpoint), notify.pushAllowedHosts)
      ) {
        throw invalidRecord([{ path: "endpoint", message: "Must be the push service's https address" }]);
      }
      const devices = await listPushSubscriptions(db, actorId);
      if (devices.length >= MAX_PUSH_DEVICES && !devices.some((device) => device.endpoint === endpoint)) {
        throw conflict(
          `${MAX_PUSH_DEVICES} devices receive your notifications. Remove one you no longer use first.`,
        );
      }
      const row = await savePushSubscription(
        db,
        actorId,
        { endpoint, p256dh: keys.p256dh, auth: keys.auth, label: deviceName(request.headers["user-agent"]) },
        clock(),
      );
      return reply.status(201).send(deviceAnswer(row));
    },
  );

  r.delete(
    "/api/notification-settings/push-subscriptions",
    { config: person, schema: { body: pushUnsubscribeInput } },
    async (request, reply) => {
      const removed = await deletePushSubscription(db, request.access().actorId, {
        endpoint: request.body.endpoint,
      });
      if (!removed) throw notFound("Device");
      return reply.status(204).send();
    },
  );

  r.delete(
    "/api/notification-settings/push-subscriptions/:id",
    { config: person, schema: { params: deviceParams } },
    async (request, reply) => {
      const removed = await deletePushSubscription(db, request.access().actorId, { id: request.params.id });
      if (!removed) throw notFound("Device");
      return reply.status(204).send();
    },
  );

  r.get(
    "/api/notification-settings/deliveries",
    { config: person, schema: { querystring: logQuery, response: { 200: z.array(deliveryLogRecord) } } },
    async (request) => deliveryLog(db, request.access().actorId, request.query.limit),
  );
};
