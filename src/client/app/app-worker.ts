/**
 * The service worker from the page's side (the worker itself: src/client/service-worker/sw.ts).
 * Loaded after the first screen shows (main.tsx), in a chunk of its own: registering, and
 * downloading everything the worker keeps, never competes with the first screen.
 *
 * A new version is announced, never forced: when one has installed and waits, `appUpdate` offers
 * it ("Update available", app/update-available.tsx) and only a tap on Reload applies it. Nothing
 * reloads by itself, so a form being filled in stays as it is.
 */
import { appUpdate, type Signal } from "@/client/lib/app-signals";
import { APP_WORKER_URL, askToKeepStorage, isStandalone } from "@/client/lib/device";

/** A message the worker understands: take over now (sw.ts). */
export const SKIP_WAITING = { type: "SKIP_WAITING" } as const;

/** What `followUpdates` reads of the browser's objects (the tests give it stand-ins). */
type Worker = Pick<ServiceWorker, "state" | "postMessage" | "addEventListener">;
interface Registration extends Pick<EventTarget, "addEventListener"> {
  installing: Worker | null;
  waiting: Worker | null;
}
interface Container extends Pick<EventTarget, "addEventListener"> {
  controller: unknown;
}

export async function startAppWorker(container: ServiceWorkerContainer = navigator.serviceWorker) {
  keepStorageOnceInstalled();
  const reload = () => window.location.reload();
  // Listening before registering: a first version takes control as soon as it has installed.
  const follow = followUpdates(container, appUpdate, reload);
  const registration: ServiceWorkerRegistration | undefined = await container.register(APP_WORKER_URL, {
    scope: "/",
    updateViaCache: "none",
  });
  // A browser that keeps workers off (a policy, or one driven by tests) may answer with nothing:
  // the app then runs without one, as a browser without service workers does.
  if (!registration) return;
  follow(registration);
  // An app kept open on a phone is rarely loaded again: look for a new version each time it comes
  // back to the screen (the browser looks at each page load by itself).
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") registration.update().catch(() => {});
  });
}

/**
 * Offers each new version that installs and waits behind the one serving the page (`offer`), and
 * reloads only once the person applied it and it took over. Returns the function to call with the
 * registration, once the worker is registered.
 */
export function followUpdates(
  container: Container,
  offer: Signal<(() => void) | null>,
  reload: () => void,
): (registration: Registration) => void {
  // The first version takes over a page that had none: nothing to announce then.
  let controlled = Boolean(container.controller);
  let reloadWhenChanged = false;
  container.addEventListener("controllerchange", () => {
    if (reloadWhenChanged) return reload();
    // Another tab of the app applied a new version: this page still runs the old one until the
    // person reloads it.
    if (controlled) offer.set(reload);
    controlled = true;
  });

  const offerWaiting = (waiting: Worker) => {
    const apply = () => {
      if (waiting.state !== "installed") return reload();
      reloadWhenChanged = true;
      waiting.postMessage(SKIP_WAITING);
    };
    offer.set(apply);
    // A newer version replaced the one offered: its own offer follows as it installs.
    waiting.addEventListener("statechange", () => {
      if (waiting.state === "redundant" && offer.get() === apply) offer.set(null);
    });
  };
  const watch = (installing: Worker | null) => {
    installing?.addEventListener("statechange", () => {
      if (installing.state === "installed" && container.controller) offerWaiting(installing);
    });
  };

  return (registration) => {
    if (registration.waiting && container.controller) offerWaiting(registration.waiting);
    watch(registration.installing);
    registration.addEventListener("updatefound", () => watch(registration.installing));
  };
}

/**
 * Entries kept on this phone must outlive the browser's clean-ups: once the app is installed (now,
 * or opened from the Home Screen), the browser is asked to keep its storage.
 */
function keepStorageOnceInstalled() {
  if (isStandalone()) void askToKeepStorage();
  else window.addEventListener("appinstalled", () => void askToKeepStorage(), { once: true });
}
