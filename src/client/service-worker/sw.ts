/// <reference lib="webworker" />
/**
 * The app's service worker, built into `/sw.js` by vite-plugin-pwa (`injectManifest`, see
 * vite.config.ts). It keeps the built app (the page, every screen's code and styles, icons,
 * `theme.js`, the manifest) so the app starts with no connection, and it shows the reminders
 * (push.ts). It keeps no answer of the API: the data layer keeps what it reads.
 *
 * A new version installs beside the one in use and waits: the page offers "Update available" and
 * sends `SKIP_WAITING` when the person taps Reload (app/app-worker.ts), so nothing changes under
 * an open form.
 */
import {
  cleanupOutdatedCaches,
  matchPrecache,
  type PrecacheEntry,
  precacheAndRoute,
} from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { opensAppShell, SHELL_URL, serverUnreachable } from "./addresses";
import { handleReminders } from "./push";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

// The built files, by the build's list (each with its revision, or its hashed name). `/` is not
// one of them: the server's page for `/` names who is signed in, so it is never answered from here.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: "", cleanURLs: false });
cleanupOutdatedCaches();

/**
 * A screen's address: the server's page while it answers (it names who is signed in), the kept
 * page when it cannot be reached. Navigation preload starts the request while the worker wakes.
 */
registerRoute(
  ({ request, url }) =>
    request.mode === "navigate" && url.origin === self.location.origin && opensAppShell(url.pathname),
  async ({ event, request }) => {
    let answer: Response | undefined;
    try {
      const preloaded: Response | undefined = await (event as FetchEvent).preloadResponse;
      answer = preloaded ?? (await fetch(request));
      if (!serverUnreachable(answer.status)) return answer;
    } catch {
      // No connection, or no server behind it: the kept page below.
    }
    return (await matchPrecache(SHELL_URL)) ?? answer ?? Response.error();
  },
);

self.addEventListener("activate", (event) => {
  event.waitUntil(
    Promise.all([
      self.registration.navigationPreload?.enable(),
      // The page that installed the first version is served by it from now on (it works offline
      // without a reload); open pages become its clients, so a notification's tap can reach them.
      self.clients.claim(),
    ]),
  );
});

// The person tapped Reload on "Update available": this version takes over, and the page reloads.
self.addEventListener("message", (event) => {
  if (event.data?.type === "SKIP_WAITING") void self.skipWaiting();
});

handleReminders(self);
