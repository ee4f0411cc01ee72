import { DEFAULT_TIME_FORMAT, type TimeFormat } from "@/domain/time-format";
import { deviceTimeZone, isValidTimeZone, setFamilyClockSource } from "@/domain/time-zones";

/**
 * The family's clock in the browser (src/domain/clock.ts): the signed-in account's time zone, once
 * known, else this device's. Every default date and time of a form, the dashboard's and the
 * heatmap's "today" and the date rules the forms check read it, so a phone set to another zone
 * (a trip, a wrong setting) still shows the family's day.
 */
let accountTimeZone: string | null = null;

const browserClock = () => ({ timeZone: accountTimeZone ?? deviceTimeZone(), now: () => new Date() });

setFamilyClockSource(browserClock);

/**
 * Follows the signed-in account's zone (`AuthUser.timeZone`); null when signed out. It also puts
 * this clock back as the family clock's source, which only tests that share a process with the
 * server's clock (or set their own) ever need.
 */
export function followAccountTimeZone(timeZone: string | null | undefined): void {
  accountTimeZone = timeZone && isValidTimeZone(timeZone) ? timeZone : null;
  setFamilyClockSource(browserClock);
}

let accountTimeFormat: TimeFormat = DEFAULT_TIME_FORMAT;

/** Follows the family's way of writing times (`AuthUser.timeFormat`); 24 hours when signed out. */
export function followAccountTimeFormat(timeFormat: TimeFormat | null | undefined): void {
  accountTimeFormat = timeFormat === "12h" ? "12h" : DEFAULT_TIME_FORMAT;
}

/** How the family in use writes times of day: every time shown or typed follows it (format.ts). */
export function familyTimeFormat(): TimeFormat {
  return accountTimeFormat;
}

/** The cookie `/api/callback` reads: a first OpenID Connect sign-in starts the account in this zone. */
const TIME_ZONE_COOKIE = "tz";

/**
 * Leaves this browser's zone for the identity provider's round trip (10 minutes), so an account
 * made by a first OpenID Connect sign-in starts in the family's zone; Settings can change it. Sent
 * to `/api/callback` only.
 */
export function offerTimeZoneForSignIn(): void {
  if (typeof document === "undefined") return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older Safari and Firefox
  document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(deviceTimeZone())}; path=/api/callback; max-age=600; samesite=lax`;
}

/**
 * Done once the app has started, within a second, before a sign-in link can be found and followed:
 * not in the first screen's work, where reading the device's zone (the first date formatter, and
 * the runtime's list of zones) took about 60 ms on a phone four times slower than this machine.
 */
export function offerTimeZoneWhenIdle(): void {
  if (typeof window === "undefined") return;
  if (typeof window.requestIdleCallback === "function")
    window.requestIdleCallback(() => offerTimeZoneForSignIn(), { timeout: 1000 });
  else window.setTimeout(offerTimeZoneForSignIn, 0);
}

offerTimeZoneWhenIdle();
