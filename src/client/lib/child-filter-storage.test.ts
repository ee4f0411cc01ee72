import { describe, expect, it } from "vitest";
import {
  childFilterStorageKey,
  LEGACY_CHILD_FILTER_KEY,
  readChildChoice,
  writeChildChoice,
} from "./child-filter-storage";

function memoryStore() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe("the child filter's storage", () => {
  it("keeps one choice per family", () => {
    const store = memoryStore();
    expect(childFilterStorageKey("f1")).toBe("mct.selectedChildId.f1");
    writeChildChoice(store, "f1", "mia");
    writeChildChoice(store, "f2", "leo");
    expect(readChildChoice(store, "f1")).toBe("mia");
    expect(readChildChoice(store, "f2")).toBe("leo");
    expect(readChildChoice(store, "f3")).toBeNull();
    writeChildChoice(store, "f1", null);
    expect(readChildChoice(store, "f1")).toBeNull();
    expect(readChildChoice(store, "f2")).toBe("leo");
  });

  it("reads the choice made before families until a family's own replaces it", () => {
    const store = memoryStore();
    store.setItem(LEGACY_CHILD_FILTER_KEY, "mia");
    expect(readChildChoice(store, "f1")).toBe("mia");
    writeChildChoice(store, "f1", "leo");
    expect(store.items.has(LEGACY_CHILD_FILTER_KEY)).toBe(false);
    expect(readChildChoice(store, "f1")).toBe("leo");
    expect(readChildChoice(store, "f2")).toBeNull();
  });
});
