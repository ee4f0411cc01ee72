/**
 * What the screens show of the outbox, read synchronously: the entries as the outbox last read
 * them from the device (it loads with its storage library after the first screen, and tells this
 * module), and the lists with the records still waiting to be sent merged in.
 */
import { useSyncExternalStore } from "react";
import type { OutboxEntry } from "./entry";

/** The person an owner names (`${userId}:${familyId}`). */
export const ownerUser = (owner: string) => owner.split(":")[0] ?? owner;

const NONE: readonly OutboxEntry[] = [];
let shown: readonly OutboxEntry[] = NONE;
const listeners = new Set<() => void>();

/** Called by the outbox each time it has read or changed what this device holds. */
export function showOutbox(entries: readonly OutboxEntry[]): void {
  shown = entries;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Every entry on this device, whoever saved it, oldest first. */
export function useOutboxEntries(): readonly OutboxEntry[] {
  return useSyncExternalStore(
    subscribe,
    () => shown,
    () => NONE,
  );
}

/** The property of a listed record that is still on this device: how it waits. */
export const WAITING = "waitingToSend";

export interface WaitingMark {
  /** Refused: the server said why (`message`), and it waits for the person's answer. */
  state: "waiting" | "refused";
  message?: string;
  /** What it is ("TPN entry"), for a card that cannot be drawn from what was saved. */
  label: string;
}

/** How a listed record waits, when it does. */
export const waitingOf = (record: object): WaitingMark | undefined =>
  (record as { [WAITING]?: WaitingMark })[WAITING];

const markOf = ({ refusal, label }: OutboxEntry): WaitingMark =>
  refusal ? { state: "refused", message: refusal.message, label } : { state: "waiting", label };

/**
 * A list's records with this person's waiting entries for `path` merged in: a create not sent yet
 * is listed first, made from what was saved (it lacks what only the server works out), an edit
 * shows its new values, a deleted record is left out; each of them marked (`WAITING`). A create
 * is listed only where its values match the list's parameters (`childId`, `kind`...). The same
 * array when nothing waits.
 */
export function withWaiting<T extends { id: string }>(
  items: readonly T[] | undefined,
  entries: readonly OutboxEntry[],
  owner: string | undefined,
  path: string,
  params: Readonly<Record<string, string | undefined>> = {},
): readonly T[] | undefined {
  const mine = entries.filter((e) => e.owner === owner && e.path === path);
  if (!items || mine.length === 0) return items;
  let list = [...items];
  const created: T[] = [];
  for (const entry of mine) {
    const mark = { [WAITING]: markOf(entry) };
    const at = list.findIndex((r) => r.id === entry.recordId);
    if (entry.op === "delete") {
      if (at >= 0) list.splice(at, 1);
    } else if (at >= 0) {
      list[at] = { ...list[at], ...entry.body, ...mark } as unknown as T;
    } else if (entry.op === "create" && matches(entry.body ?? {}, params)) {
      const by = ownerUser(entry.owner);
      created.unshift({
        ...entry.body,
        id: entry.recordId,
        createdAt: entry.savedAt,
        updatedAt: entry.savedAt,
        createdBy: by,
        updatedBy: by,
        ...mark,
      } as unknown as T);
    }
  }
  list = [...created, ...list];
  return list;
}

function matches(body: Record<string, unknown>, params: Readonly<Record<string, string | undefined>>) {
  return Object.entries(params).every(
    ([key, value]) => value === undefined || !(key in body) || String(body[key]) === value,
  );
}
