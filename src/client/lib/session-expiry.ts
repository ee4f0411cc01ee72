import { useSyncExternalStore } from "react";
import { errorStatus } from "./api";

/**
 * Whether a save found the session ended (24 hours after sign-in, or after a long idle time).
 * A 401 from a mutation sets it instead of signing the person out, so the open form keeps what
 * was typed; `SessionExpiredDialog` lets them sign in again and clears it.
 */
let expired = false;
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

/** Opens the "Your session has ended" dialog. */
export function markSessionExpired(): void {
  setExpired(true);
}

/** Closes it (signed in again, or the shell is gone). */
export function clearSessionExpired(): void {
  setExpired(false);
}

export function useSessionExpired(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => expired,
    () => false,
  );
}

/** A 401: the session ended. The dialog is the message, so a failure toast should stay silent. */
export function isSessionEndedError(err: unknown): boolean {
  return errorStatus(err) === 401;
}
