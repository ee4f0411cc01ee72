import type { Mailer } from "./mailer";
import type { Clock } from "./session-store";

/** The server's VAPID key pair (modules/notifications/vapid-keys.ts keeps it). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** What delivering a notification (modules/notifications) needs besides the database. */
export interface NotifyDeps {
  mailer: Mailer;
  /** The app's clock: a notification's time, a delivery's, and the VAPID token's expiry. */
  now: Clock;
  /**
   * The site's address (PUBLIC_URL), for links that leave the app: ntfy's click and actions, the
   * links in an email. A site-relative URL cannot be followed from there without it; a test from
   * Settings passes the request's address.
   */
  origin: string | undefined;
  /** The server's VAPID keys (read once, then remembered). */
  vapidKeys: () => Promise<VapidKeys>;
  /** The VAPID token's `sub`: how a push service reaches whoever runs this server. */
  vapidSubject: string;
  /** Accept push endpoints over plain http: only tests' local push services are. */
  allowHttpPush?: boolean;
  /**
   * Hosts an ntfy server may be on although they are on the server's own network (the operator's
   * NTFY_ALLOWED_HOSTS: a family's ntfy at home). Every other internal address is never posted to.
   */
  ntfyAllowedHosts?: readonly string[];
  /** The same for push endpoints: only tests' local push services (a push service is public). */
  pushAllowedHosts?: readonly string[];
  /** How long a push service or an ntfy server may take before its delivery counts as failed. */
  timeoutMs?: number;
  /** Where a failure is reported (by its kind only, never an address or a token). */
  log?: { warn(facts: object, message: string): void };
}

/** Ten seconds: a phone's reminder that takes longer is better retried by the next step. */
export const CHANNEL_TIMEOUT_MS = 10_000;

/** `url` as an address that works outside the app, or undefined when there is no site address to complete it. */
export function absoluteUrl(url: string | null | undefined, origin: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url, origin).href;
  } catch {
    return undefined;
  }
}
