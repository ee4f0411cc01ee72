/**
 * Entries the app kept in local storage before the outbox (`mct-pending:<owner>`, and before
 * families `mct-pending:<userId>`): moved into the outbox once, with their keys as their records'
 * ids (the key they were first sent with, so one that did arrive is not made twice).
 */
import type { QueryKey } from "@tanstack/react-query";
import type { TooSoon } from "@/domain/dose-records";
import type { OutboxEntry } from "./entry";

interface LegacyPendingSave {
  key: string;
  path: string;
  body: unknown;
  label: string;
  queryKeys: QueryKey[];
  savedAt: string;
  refused?: { message: string; tooSoon?: TooSoon };
}

const PREFIX = "mct-pending:";

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

function read(store: Storage, name: string): LegacyPendingSave[] {
  try {
    const value: unknown = JSON.parse(store.getItem(name) ?? "[]");
    return Array.isArray(value) ? (value as LegacyPendingSave[]) : [];
  } catch {
    return [];
  }
}

/** The outbox entry a kept save becomes. */
export function fromLegacy(save: LegacyPendingSave, owner: string, id: string): OutboxEntry {
  const body = save.body && typeof save.body === "object" ? (save.body as Record<string, unknown>) : {};
  return {
    id,
    op: "create",
    path: save.path,
    recordId: save.key,
    body,
    label: save.label,
    childId: typeof body.childId === "string" ? body.childId : null,
    queryKeys: save.queryKeys ?? [],
    owner,
    savedAt: save.savedAt,
    attempts: 0,
    ...(save.refused
      ? {
          refusal: {
            status: save.refused.tooSoon ? 409 : 400,
            message: save.refused.message,
            ...(save.refused.tooSoon ? { tooSoon: save.refused.tooSoon } : {}),
          },
        }
      : {}),
  };
}

/** How many saves local storage keeps under exactly `owner` (not moved into the outbox yet). */
export function legacyPendingCount(owner: string, store: Storage | null = storage()): number {
  return store ? read(store, `${PREFIX}${owner}`).length : 0;
}

/** Forgets the saves local storage keeps under exactly `owner`. */
export function forgetLegacyPending(owner: string, store: Storage | null = storage()): void {
  store?.removeItem(`${PREFIX}${owner}`);
}

/**
 * Moves `owner`'s kept saves (and those kept under the person alone) into the outbox through
 * `keep`, each removed from local storage only once the outbox has stored them all.
 */
export async function adoptLegacyPending(
  owner: string,
  keep: (entry: OutboxEntry) => Promise<unknown>,
  newId: () => string,
  store: Storage | null = storage(),
): Promise<number> {
  if (!store) return 0;
  const userId = owner.split(":")[0] ?? owner;
  const names = [...new Set([`${PREFIX}${userId}`, `${PREFIX}${owner}`])].filter((n) => store.getItem(n));
  let moved = 0;
  for (const name of names) {
    const saves = read(store, name);
    for (const save of saves) await keep(fromLegacy(save, owner, newId()));
    store.removeItem(name);
    moved += saves.length;
  }
  return moved;
}
