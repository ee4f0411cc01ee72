/** What kind of device and window the app runs in, and what the app keeps on it. */

/** The app's service worker, built from src/client/service-worker/sw.ts. */
export const APP_WORKER_URL = "/sw.js";

/** Whether the app runs from the Home Screen or as an installed app, not in a browser tab. */
export function isStandalone(): boolean {
  return (
    window.matchMedia?.("(display-mode: standalone)").matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/** An iPhone or iPad (an iPad says it is a Mac, with a touch screen). */
export function isIos(): boolean {
  return (
    /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (navigator.maxTouchPoints > 1 && /Mac/.test(navigator.userAgent))
  );
}

/** Whether the page runs on an iPhone or iPad outside an app added to the Home Screen. */
export const isIosBrowserTab = () => isIos() && !isStandalone();

const PERSIST_ASKED_KEY = "mct-storage-persist-asked";

/**
 * Asks the browser, once on this device, to keep the app's storage (the entries waiting to be
 * sent, what the app keeps to read offline) instead of clearing it when space runs low: asked
 * once the app is installed, when browsers grant it.
 */
export async function askToKeepStorage(): Promise<void> {
  try {
    if (!navigator.storage?.persist || localStorage.getItem(PERSIST_ASKED_KEY)) return;
    localStorage.setItem(PERSIST_ASKED_KEY, new Date().toISOString());
    if (await navigator.storage.persisted()) return;
    await navigator.storage.persist();
  } catch {
    // Storage blocked (a private window): nothing to keep.
  }
}
