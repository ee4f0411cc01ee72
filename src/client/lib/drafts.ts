/**
 * Drafts of unsaved forms, kept on this device only (local storage), per signed-in user: what a
 * parent typed survives a reload, a crash or a closed tab, and is removed once saved or discarded,
 * and at sign-out. Nothing here is sent to the server.
 */
const PREFIX = "mct-draft:";

export type DraftValues = Record<string, unknown>;

const storageKey = (owner: string, key: string) => `${PREFIX}${owner}:${key}`;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // Storage disabled (private mode in some browsers): forms still work, without drafts.
  }
}

export function readDraft(owner: string, key: string): DraftValues | null {
  const text = storage()?.getItem(storageKey(owner, key));
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as DraftValues) : null;
  } catch {
    return null;
  }
}

export function writeDraft(owner: string, key: string, values: DraftValues): void {
  try {
    storage()?.setItem(storageKey(owner, key), JSON.stringify(values));
  } catch {
    // Full storage: the form itself still holds the values.
  }
}

export function clearDraft(owner: string, key: string): void {
  storage()?.removeItem(storageKey(owner, key));
}

/** The keys (as passed to `writeDraft`) of this user's drafts that start with `prefix`. */
export function draftKeys(owner: string, prefix = ""): string[] {
  const store = storage();
  if (!store) return [];
  const start = storageKey(owner, prefix);
  const keys: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (key?.startsWith(start)) keys.push(key.slice(storageKey(owner, "").length));
  }
  return keys;
}

/** Forgets every draft on this device (at sign-out). */
export function clearAllDrafts(): void {
  const store = storage();
  if (!store) return;
  const keys: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  for (const key of keys) store.removeItem(key);
}
