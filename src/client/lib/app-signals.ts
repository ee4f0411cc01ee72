/**
 * What the browser tells the page about the app itself, kept where any screen can read it: a new
 * version waiting ("Update available") and the browser's offer to install the app. Small on
 * purpose: this module is in the first download; what acts on it loads later.
 */
/**
 * A value screens follow (`useSyncExternalStore(signal.subscribe, signal.get)`), changed by the code
 * that watches the browser. (No hook here: this module stays out of React's chunk.)
 */
export interface Signal<T> {
  get: () => T;
  set: (value: T) => void;
  subscribe: (listener: () => void) => () => void;
}

export function signal<T>(initial: T): Signal<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set: (next) => {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A new version of the app waits; calling it applies the version (the page reloads). */
export const appUpdate = signal<(() => void) | null>(null);

/** Chromium's `beforeinstallprompt` event: its `prompt()` shows the browser's install question. */
export interface InstallPromptEvent extends Event {
  prompt: () => Promise<unknown>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

/**
 * The browser's offer to install the app while it stands (Chromium; null elsewhere, or once used),
 * and "installed" once the person installed it from this page.
 */
export const installPrompt = signal<InstallPromptEvent | "installed" | null>(null);

/**
 * Keeps the browser's install offer for the app's own "Install app" (instead of the browser's
 * bar), from the first moment: the browser makes it once, possibly before the first screen shows.
 */
export function captureInstallPrompt() {
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    installPrompt.set(event as InstallPromptEvent);
  });
  window.addEventListener("appinstalled", () => installPrompt.set("installed"));
}
