/**
 * The rules of reading without a connection, apart from where the answers are kept
 * (`offline-cache.ts`, IndexedDB): which of the server's answers this device keeps, for how long,
 * and how old the data on the screen may be ("Offline · as of 02:40").
 */
import type { QueryKey } from "@tanstack/react-query";
import { familyClock, todayIn, zonedNow } from "@/domain/clock";
import { formatCardDate, formatClockTime } from "./format";

/** An answer is kept at most 30 days: an older one is neither restored nor saved again. */
export const OFFLINE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Raised when what the screens expect of a kept answer changes so that older answers would
 * mislead them: every answer kept before is then dropped, not shown.
 */
export const OFFLINE_SCHEMA_VERSION = 1;

/** What a kept set of answers must carry to be restored: this app's version and the schema's. */
export function offlineBuster(appVersion: string): string {
  return `${appVersion}:${OFFLINE_SCHEMA_VERSION}`;
}

/**
 * Answers never kept on the device: who is signed in (kept apart, `device-sign-in.ts`), the
 * sign-in settings and passkeys; the clinic's links (who opened them, from which address: nothing
 * to read in a basement); a restore's progress and the account's storage figures, which mean
 * nothing later.
 */
const NOT_KEPT = new Set([
  "auth",
  "share-links",
  "shared-summary",
  "reminder-action",
  "restores",
  "account-storage",
]);

/** Whether an answer is kept on this device: a loaded one, of a kind worth reading offline, not too old. */
export function keptOffline(
  queryKey: QueryKey,
  state: { status: string; dataUpdatedAt: number },
  now: number,
): boolean {
  const kind = queryKey[0];
  return (
    state.status === "success" &&
    typeof kind === "string" &&
    !NOT_KEPT.has(kind) &&
    now - state.dataUpdatedAt <= OFFLINE_MAX_AGE_MS
  );
}

/** One answer the screen shows now: when its data came from the server, when a refresh last failed. */
export interface ShownAnswer {
  hasData: boolean;
  dataUpdatedAt: number;
  errorUpdatedAt: number;
}

export interface DataAge {
  /** The device has no connection (else it has one, but the server did not answer a refresh). */
  offline: boolean;
  /** When the oldest data shown was fetched; null when nothing shown holds data. */
  asOf: number | null;
}

/**
 * Whether what the screen shows may be old, and since when: with no connection, everything shown
 * may be; with one, the answers whose last refresh failed are. Null: all of it is as the server
 * last said.
 */
export function dataAge(shown: readonly ShownAnswer[], online: boolean): DataAge | null {
  const withData = shown.filter((answer) => answer.hasData);
  const old = online ? withData.filter((answer) => answer.errorUpdatedAt > answer.dataUpdatedAt) : withData;
  if (online && old.length === 0) return null;
  return {
    offline: !online,
    asOf: old.length ? Math.min(...old.map((answer) => answer.dataUpdatedAt)) : null,
  };
}

/**
 * The shell's words for it: "Offline · as of 02:40" (or "2:40 AM"), on the family's clock; the
 * day is said when it is not today there: "as of yesterday 23:10", "as of Nov 20, 2026 08:00".
 */
export function dataAgeText(age: DataAge, now: Date = familyClock().now()): string {
  const state = age.offline ? "Offline" : "Not up to date";
  if (age.asOf === null) return state;
  const { timeZone } = familyClock();
  const asOf = new Date(age.asOf);
  const day = todayIn(timeZone, asOf);
  const today = todayIn(timeZone, now);
  const yesterday = todayIn(timeZone, new Date(zonedNow(timeZone, now).setHours(0, 0, 0, 0) - 1));
  const time = formatClockTime(asOf, timeZone);
  const when =
    day === today ? time : day === yesterday ? `yesterday ${time}` : `${formatCardDate(day)} ${time}`;
  return `${state} · as of ${when}`;
}
