/**
 * Web Push on this device: the service worker (service-worker/push.ts), the browser's permission and
 * subscription, and the server's copy of it. The browser keeps the subscription; the server keeps
 * where to send (`/api/notification-settings/push-subscriptions`).
 */

import { errorMessage, errorStatus, getJson, requestJson } from "./api";
import { APP_WORKER_URL } from "./device";
import type { PushDevice } from "./notifications-api";
import { isSessionEndedError } from "./session-expiry";

const SUBSCRIPTIONS = "/api/notification-settings/push-subscriptions";

/** Whether this browser can receive push at all (an iPhone only from an app added to the Home Screen). */
export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    window.isSecureContext &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

/** The person said no to notifications for this site (only their browser's settings can undo it). */
export class PushBlockedError extends Error {
  constructor() {
    super(
      "Notifications are blocked for this site. Allow them in your browser's site settings, then try again.",
    );
    this.name = "PushBlockedError";
  }
}

/**
 * Notifications are allowed, but the browser's push service (run by the browser's maker: Google,
 * Mozilla, Apple) did not give this device an address: unreachable from this network, or off in a
 * private window. Chromium words it "Registration failed - permission denied" even then, so what
 * failed is told by the permission, not by the browser's message.
 */
export class PushServiceError extends Error {
  constructor(browserSays: string) {
    super(
      `Notifications are allowed for this site, but the browser's push service did not answer, so this device has no address to be reached at${browserSays ? ` (the browser said: "${browserSays}")` : ""}. Check the internet connection and try again later, or use ntfy or email below.`,
    );
    this.name = "PushServiceError";
  }
}

/** The browser subscribed, but this server did not keep the device (its answer says why). */
export class PushServerRefusedError extends Error {
  constructor(serverSays: string) {
    super(`The push service gave this device an address, but the server did not keep it: ${serverSays}`);
    this.name = "PushServerRefusedError";
  }
}

/** The person closed the browser's question without answering it. */
export class PushNotAnsweredError extends Error {
  constructor() {
    super(
      "Notifications were not allowed: the browser's question was closed. Turn them on again and choose Allow.",
    );
    this.name = "PushNotAnsweredError";
  }
}

/** Whether an error of turning push on says what failed in the person's words. */
export const isPushError = (error: unknown) =>
  error instanceof PushBlockedError ||
  error instanceof PushServiceError ||
  error instanceof PushServerRefusedError ||
  error instanceof PushNotAnsweredError;

function bytesOf(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const text = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

async function existingSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return registration ? registration.pushManager.getSubscription() : null;
}

/** The SHA-256 of this browser's push endpoint (base64url), to find this device in the list; null without one. */
export async function thisDeviceHash(): Promise<string | null> {
  if (!pushSupported() || Notification.permission !== "granted") return null;
  const subscription = await existingSubscription();
  if (!subscription) return null;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(subscription.endpoint));
  return btoa(String.fromCharCode(...new Uint8Array(digest)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/**
 * Turns push on for this device: asks the permission (a tap must have led here), registers the
 * service worker, subscribes with the server's VAPID key (again when an older subscription was made
 * with another key) and gives the server the subscription.
 */
export async function turnOnPush(): Promise<PushDevice> {
  const permission = await Notification.requestPermission();
  if (permission === "denied") throw new PushBlockedError();
  if (permission !== "granted") throw new PushNotAnsweredError();
  // Registered by the app after its first screen (app/app-worker.ts); again here in case this tap came first.
  await navigator.serviceWorker.register(APP_WORKER_URL, { scope: "/", updateViaCache: "none" });
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await getJson<{ publicKey: string }>("/api/notification-settings/push-key");
  const key = bytesOf(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  try {
    subscription ??= await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
  } catch (error) {
    // Said "permission denied" by Chromium whatever failed: the permission tells which it was.
    if (Notification.permission === "denied") throw new PushBlockedError();
    throw new PushServiceError(error instanceof Error ? error.message : "");
  }
  try {
    return await requestJson<PushDevice>("POST", SUBSCRIPTIONS, subscription.toJSON());
  } catch (error) {
    if (errorStatus(error) === undefined || isSessionEndedError(error)) throw error;
    throw new PushServerRefusedError(errorMessage(error));
  }
}

/** Turns push off for this device: the server forgets it, and the browser's subscription ends. */
export async function turnOffPush(): Promise<void> {
  const subscription = await existingSubscription();
  if (!subscription) return;
  try {
    await requestJson("DELETE", SUBSCRIPTIONS, { endpoint: subscription.endpoint });
  } catch (error) {
    // Already forgotten by the server (removed from another device, or dropped by the push service).
    if (errorStatus(error) !== 404) throw error;
  }
  await subscription.unsubscribe();
}
