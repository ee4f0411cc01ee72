/**
 * Entries saved while the connection was down, kept on this device (local storage, per signed-in
 * user) until the server has them. Each carries the Idempotency-Key its form gave it, so sending
 * it again (after a timeout whose request did arrive, or from two tabs at once) makes one record.
 * An entry the server refuses by a rule (a dose another caregiver gave meanwhile) stays, with the
 * server's reason, until the person answers it: sent as confirmed, tried again, or discarded.
 * Nothing is dropped without the person choosing it.
 */
import type { QueryKey } from "@tanstack/react-query";
import type { TooSoon } from "@/domain/dose-records";
import { ConnectionError, errorMessage, errorStatus, requestJson } from "./api";
import { tooSoonOf } from "./too-soon";

/** How long a save waits for the server before the entry is kept on this device instead. */
export const SAVE_TIMEOUT_MS = 5000;

export interface PendingSave {
  /** The Idempotency-Key: one per typed entry. */
  key: string;
  /** The collection it is created in ("/api/symptoms"). */
  path: string;
  body: unknown;
  /** What it is, for a person: "Symptom entry". */
  label: string;
  /** The lists to reload once it has arrived. */
  queryKeys: QueryKey[];
  /** When it was saved on this device (ISO). */
  savedAt: string;
  /** Why the server did not take it: it waits for the person's answer, and is not sent by itself. */
  refused?: Refusal;
}

export interface Refusal {
  /** The server's reason, as a sentence. */
  message: string;
  /** A dose given shortly before by someone (the 409 question): it can be sent confirmed. */
  tooSoon?: TooSoon;
}

const PREFIX = "mct-pending:";
const CHANGED = "mct-pending-changed";
const storageKey = (owner: string) => `${PREFIX}${owner}`;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const EMPTY: readonly PendingSave[] = [];
const cache = new Map<string, { text: string | null; list: readonly PendingSave[] }>();

/** This user's entries waiting to be sent, oldest first (the same array until they change). */
export function pendingSaves(owner: string): readonly PendingSave[] {
  const text = storage()?.getItem(storageKey(owner)) ?? null;
  const cached = cache.get(owner);
  if (cached && cached.text === text) return cached.list;
  let list: readonly PendingSave[] = EMPTY;
  try {
    const value: unknown = text ? JSON.parse(text) : [];
    if (Array.isArray(value)) list = value as PendingSave[];
  } catch {
    // An unreadable list is left for a person to see in storage; nothing more can be done here.
  }
  cache.set(owner, { text, list });
  return list;
}

function write(owner: string, list: readonly PendingSave[]): boolean {
  try {
    const store = storage();
    if (!store) return false;
    if (list.length) store.setItem(storageKey(owner), JSON.stringify(list));
    else store.removeItem(storageKey(owner));
  } catch {
    return false;
  }
  window.dispatchEvent(new Event(CHANGED));
  return true;
}

/**
 * Moves the entries kept under the person alone (before families, an account was its own family)
 * to `owner`, the person in the family in use: nothing typed before is left unsent.
 */
export function adoptEarlierPending(userId: string, owner: string): void {
  if (userId === owner) return;
  const earlier = pendingSaves(userId);
  if (earlier.length === 0) return;
  const now = pendingSaves(owner);
  const keys = new Set(now.map((s) => s.key));
  if (write(owner, [...earlier.filter((s) => !keys.has(s.key)), ...now])) write(userId, []);
}

/** Keeps an entry to send later; false when this device cannot store it (the form then stays open). */
export function keepPending(owner: string, save: PendingSave): boolean {
  const list = pendingSaves(owner).filter((s) => s.key !== save.key);
  return write(owner, [...list, save]);
}

function forget(owner: string, key: string) {
  write(
    owner,
    pendingSaves(owner).filter((s) => s.key !== key),
  );
}

function change(owner: string, key: string, update: (save: PendingSave) => PendingSave): boolean {
  return write(
    owner,
    pendingSaves(owner).map((s) => (s.key === key ? update(s) : s)),
  );
}

/** The entries still to send (not waiting for the person's answer to a refusal). */
export const toSend = (list: readonly PendingSave[]) => list.filter((s) => !s.refused);

/**
 * The person's answer to a refused entry: `confirm` sends it again as meant (a second dose, with
 * `confirm: true`); `retry` sends it again as it was (the reason may have gone). It then waits
 * like any other entry: `sendPending` takes it.
 */
export function answerRefused(owner: string, key: string, answer: "confirm" | "retry"): boolean {
  return change(owner, key, ({ refused: _, ...save }) =>
    answer === "confirm" && save.body && typeof save.body === "object"
      ? { ...save, body: { ...save.body, confirm: true } }
      : save,
  );
}

/** Drops an entry the person chose to discard. */
export function discardPending(owner: string, key: string): void {
  forget(owner, key);
}

/** Calls `listener` when the pending entries change, in this tab or another. */
export function onPendingChange(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(PREFIX)) listener();
  };
  window.addEventListener(CHANGED, listener);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(CHANGED, listener);
    window.removeEventListener("storage", onStorage);
  };
}

export interface SendOutcome {
  save: PendingSave;
  /** "sent": it arrived; "refused": the server did not take it as it is (it waits, with its reason). */
  result: "sent" | "refused";
  reason?: string;
}

let sending: Promise<SendOutcome[]> | null = null;

/**
 * Sends this user's pending entries, oldest first, each with its key. Stops at the first one that
 * cannot reach the server (or finds the session ended, a limit reached, or a server fault): the
 * rest wait for the next try. One the server refuses is kept with its reason, for the person to
 * answer. One run at a time per tab.
 */
export function sendPending(owner: string): Promise<SendOutcome[]> {
  sending ??= (async () => {
    const outcomes: SendOutcome[] = [];
    try {
      for (const save of toSend(pendingSaves(owner))) {
        try {
          await requestJson("POST", save.path, save.body, {
            headers: { "Idempotency-Key": save.key },
            timeoutMs: SAVE_TIMEOUT_MS,
          });
          forget(owner, save.key);
          outcomes.push({ save, result: "sent" });
        } catch (err) {
          const status = errorStatus(err);
          if (
            err instanceof ConnectionError ||
            status === undefined ||
            status === 401 ||
            status === 429 ||
            status >= 500
          ) {
            break;
          }
          const tooSoon = tooSoonOf(err);
          const refused: Refusal = { message: errorMessage(err), ...(tooSoon ? { tooSoon } : {}) };
          change(owner, save.key, (s) => ({ ...s, refused }));
          outcomes.push({ save: { ...save, refused }, result: "refused", reason: refused.message });
        }
      }
    } finally {
      sending = null;
    }
    return outcomes;
  })();
  return sending;
}

/** A new Idempotency-Key (a random UUID, also where `crypto.randomUUID` is not offered: plain http). */
export function newEntryKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
