/**
 * Where the header's chosen child is remembered in this browser: an id only, nothing medical, one
 * per family (`mct.selectedChildId.<familyId>`), so switching family never carries a child over.
 */
const PREFIX = "mct.selectedChildId";

/** The key before families: every account was a family of one, so it is read for any family until replaced. */
export const LEGACY_CHILD_FILTER_KEY = PREFIX;

export function childFilterStorageKey(familyId: string): string {
  return `${PREFIX}.${familyId}`;
}

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** The child remembered for the family, else the one remembered before families (possibly another family's, then ignored). */
export function readChildChoice(store: Store, familyId: string): string | null {
  return store.getItem(childFilterStorageKey(familyId)) ?? store.getItem(LEGACY_CHILD_FILTER_KEY);
}

/** Remembers the family's child (or forgets it, for all children); the key before families goes. */
export function writeChildChoice(store: Store, familyId: string, childId: string | null): void {
  const key = childFilterStorageKey(familyId);
  if (childId) store.setItem(key, childId);
  else store.removeItem(key);
  store.removeItem(LEGACY_CHILD_FILTER_KEY);
}
