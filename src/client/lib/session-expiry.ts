import { useSyncExternalStore } from "react";
import { errorStatus } from "./api";

/**
 * Whether a save found the session ended (24 hours after sign-in, or after a long idle time).
 * A 401 from a mutation sets it instead of signing the person out, so the open form keeps what
 * was typed; `SessionExpiredDialog` lets them sign in again and clears it.
 */
let expired = false;
/** What found it ended: a form's save (its page waits), or the entries waiting on this device. */
let foundBy: "save" | "outbox" = "save";
/** When the dialog last closed (`performance.now()`): signed in again, or gone with the shell. */
let closedAt = Number.NEGATIVE_INFINITY;
const listeners = new Set<() => void>();

function setExpired(next: boolean): void {
  if (expired === next) return;
  expired = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Whether a 401 speaks of the session now in use: not when its request went out (`sentAt`,
 * `performance.now()`) before the person signed in again. A slow connection can bring that answer
 * after the new sign-in; it must not sign them out or ask again.
 */
export function sessionEndedSince(sentAt: number): boolean {
  return sentAt >= closedAt;
}

/**
 * Opens the "Your session has ended" dialog: for a save of the page (`"save"`), or for the entries
 * waiting on this device, which are sent once the person has signed in again (`"outbox"`). A 401
 * to a request sent (`sentAt`) before the last sign-in does not.
 */
export function markSessionExpired(by: "save" | "outbox" = "save", sentAt = performance.now()): void {
  if (!sessionEndedSince(sentAt)) return;
  // A form waiting for its Save is what the person is looking at: it keeps the dialog's words.
  if (!expired || by === "save") foundBy = by;
  setExpired(true);
}

/** What found the session ended (the dialog's words, and what happens after signing in). */
export function sessionExpiredBy(): "save" | "outbox" {
  return foundBy;
}

/** Whether the dialog is open: the person is being asked to sign in again. */
export function sessionExpiredNow(): boolean {
  return expired;
}

/** Closes it (signed in again, or the shell is gone). */
export function clearSessionExpired(): void {
  if (expired) closedAt = performance.now();
  setExpired(false);
}

export function useSessionExpired(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => expired,
    () => false,
  );
}

let keepsPage: () => boolean = () => false;

/**
 * Whether a screen's load that finds the session ended keeps the page and asks to sign in again
 * (`check`: entries wait on this device to be sent under this person), instead of showing the
 * landing page. Set by the outbox once it is loaded.
 */
export function keepPageWhenSessionEnds(check: () => boolean): void {
  keepsPage = check;
}

export const sessionEndKeepsPage = () => keepsPage();

/** A 401: the session ended. The dialog is the message, so a failure toast should stay silent. */
export function isSessionEndedError(err: unknown): boolean {
  return errorStatus(err) === 401;
}
