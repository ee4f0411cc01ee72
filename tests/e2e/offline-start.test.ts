import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseUrl, clientAddressHeader, openInApp, signUpViaApi, sizes, useBrowser } from "./browser";

/**
 * Waits until the app's service worker serves the page: installed, with everything it keeps (a
 * first visit downloads every screen's code: slow on a busy machine).
 */
async function servedByTheWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 60_000,
  });
}
/** A test that waits for a first visit's worker to install. */
const INSTALLS_THE_WORKER = { timeout: 120_000 };

/**
 * The new version's test, once more when it fails: in 2 of 4 full runs on 2026-11-29, under the
 * browser tests' own load (load average about 9 on two cores), the new worker had not taken over
 * 90 s after Reload, and each time it passed alone. Chromium activates a worker that skipped
 * waiting only once the old one has no request in flight; with the page's calls slowed that much,
 * that may not come. Not diagnosed further: failing twice in a row still fails the run.
 */
const ONCE_MORE_IF_IT_FAILS = { ...INSTALLS_THE_WORKER, retry: 1 };

/**
 * No connection: the browser says it is offline, and nothing reaches the server, from the page or
 * from its service worker (the emulation lets the loopback address through, so the test cuts
 * every request itself, on the whole context). What still opens comes from the worker.
 */
async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
  await context.route("**/*", (route) => route.abort("internetdisconnected"));
}
async function goOnline(context: BrowserContext) {
  await context.unrouteAll({ behavior: "ignoreErrors" });
  await context.setOffline(false);
}

/**
 * The app through a server of the test's own in front of it, which can answer `/sw.js` as a new
 * build would: the same worker with one more line. (The browser fetches a worker's new version
 * itself, where no route of the test reaches.) Its address is another origin, with its own worker.
 */
async function appWithNextVersion() {
  const server = new URL(baseUrl());
  let nextVersion = false;
  const front = createServer((incoming, answer) => {
    const worker = nextVersion && incoming.url?.split("?")[0] === "/sw.js";
    const headers = { ...incoming.headers, ...(worker ? { "accept-encoding": "identity" } : {}) };
    const upstream = request(
      { host: server.hostname, port: server.port, path: incoming.url, method: incoming.method, headers },
      (reply) => {
        if (!worker) {
          answer.writeHead(reply.statusCode ?? 502, reply.headers);
          reply.pipe(answer);
          return;
        }
        const parts: Buffer[] = [];
        reply.on("data", (part: Buffer) => parts.push(part));
        reply.on("end", () => {
          const body = Buffer.concat([...parts, Buffer.from("\n// the next version\n")]);
          answer.writeHead(200, {
            "content-type": "application/javascript; charset=utf-8",
            "cache-control": "no-cache",
            "content-length": body.length,
          });
          answer.end(body);
        });
      },
    );
    upstream.on("error", () => answer.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(front.address() as AddressInfo).port}`,
    release: () => {
      nextVersion = true;
    },
    close: () => {
      front.closeAllConnections();
      return new Promise<void>((resolve) => front.close(() => resolve()));
    },
  };
}

/** The built screens' chunks, by the build's manifest: each screen's own code. */
function screenChunks(): string[] {
  const manifest = JSON.parse(readFileSync("dist/client/.vite/manifest.json", "utf8")) as Record<
    string,
    { file: string }
  >;
  return Object.entries(manifest)
    .filter(([source]) => /^features\/[^/]+\/[^/]+-page\.tsx$/.test(source))
    .map(([, chunk]) => `/${chunk.file}`);
}

describe("the app installed and started without a connection", () => {
  const browser = useBrowser({ serviceWorker: true });

  it("is installable: Chromium finds nothing missing", async () => {
    // An installed app needs a profile of its own: the browser's incognito contexts never install.
    const profile = mkdtempSync(join(tmpdir(), "mct-install-"));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-component-update",
        "--disable-sync",
      ],
      baseURL: baseUrl(),
      viewport: sizes.phone,
      extraHTTPHeaders: clientAddressHeader(),
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto("/");
      await page.getByRole("heading", { name: "Medical Care Tracker", level: 1 }).waitFor();
      const cdp = await context.newCDPSession(page);
      // The browser reads the manifest and its icons after the page loads: asked until it has.
      await expect
        .poll(
          async () =>
            (await cdp.send("Page.getInstallabilityErrors")).installabilityErrors.map((e) => e.errorId),
          { timeout: 15_000 },
        )
        .toEqual([]);
      const manifest = await cdp.send("Page.getAppManifest");
      expect(manifest.errors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it(
    "opens after a first visit with no connection at all: the page and every screen's code come from the service worker",
    INSTALLS_THE_WORKER,
    async () => {
      const page = await browser.newPage("phone");
      const context = page.context();
      await signUpViaApi(page);
      await page.goto("/");
      await page.getByRole("heading", { name: "TPN Tracker Dashboard", level: 1 }).waitFor();
      await servedByTheWorker(page);

      await goOffline(context);
      try {
        for (const path of ["/", "/tpn-nutrition"]) {
          const response = await page.goto(path);
          // The app's own page, from the worker: not the browser's "No internet" page.
          expect(response?.fromServiceWorker(), path).toBe(true);
          // The page the worker keeps, not the server's (which names who is signed in).
          expect(await response?.text(), path).not.toContain('id="signed-in-user"');
          expect(page.url()).toBe(`${baseUrl()}${path}`);
          await expect(page.title()).resolves.toBe("Medical Care Tracker");
          await page.locator("#root main, #root h1").first().waitFor();
        }
        // Every screen's own code loads with no connection: any screen opens offline.
        const chunks = screenChunks();
        expect(chunks.length).toBeGreaterThan(20);
        const failed = await page.evaluate(async (files) => {
          const missing: string[] = [];
          for (const file of files) {
            const answer = await fetch(file).catch(() => undefined);
            if (!answer?.ok) missing.push(file);
          }
          return missing;
        }, chunks);
        expect(failed).toEqual([]);
      } finally {
        await goOnline(context);
      }
      // Back online, the server's page again (it says who is signed in: the dashboard).
      const online = await page.goto("/");
      expect(online?.status()).toBe(200);
      await page.getByRole("heading", { name: "TPN Tracker Dashboard", level: 1 }).waitFor();
    },
  );

  it(
    "announces a new version and applies it only on Reload, never in the middle of a form",
    ONCE_MORE_IF_IT_FAILS,
    async () => {
      const page = await browser.newPage("phone");
      const app = await appWithNextVersion();
      try {
        // Signed in for the site's host, whatever its port.
        await signUpViaApi(page);
        await page.goto(`${app.url}/symptoms-pain?add=1`);
        const dialog = page.getByRole("dialog", { name: "Add Symptom Entry" });
        const symptoms = dialog.getByLabel("Symptoms", { exact: true });
        await symptoms.fill("nausea after the feed");
        await servedByTheWorker(page);
        // This page, as it is now: gone only if the page loads again.
        await page.evaluate(() => Object.assign(window, { sameVisit: true }));

        // A new version on the server; the browser looks for one (as it does on each visit, and the
        // app each time it comes back to the screen).
        app.release();
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
        // Announced on the page behind the open form (out of reach until the form closes)...
        const notice = page.getByRole("region", { name: "Update available", includeHidden: true });
        await notice.waitFor();
        // ...not applied: the same visit, the form with what was typed, the new version waiting.
        expect(await page.evaluate(() => "sameVisit" in window)).toBe(true);
        await expect(symptoms.inputValue()).resolves.toBe("nausea after the feed");
        expect(
          await page.evaluate(async () =>
            Boolean((await navigator.serviceWorker.getRegistration())?.waiting),
          ),
        ).toBe(true);

        // The entry saved, the person taps Reload: the new version takes over and the page loads again.
        await dialog.getByRole("button", { name: "Add Entry" }).click();
        await dialog.waitFor({ state: "detached" });
        expect(await page.evaluate(() => "sameVisit" in window)).toBe(true);
        await notice.getByRole("button", { name: "Reload" }).click();
        // The new worker activates, takes over and the page loads again: on a machine whose cores
        // are all taken, that took over 30 s (the default wait) in one run.
        await page.waitForFunction(() => !("sameVisit" in window), undefined, { timeout: 90_000 });
        await page.getByRole("heading", { name: "Symptoms & Pain", level: 1 }).waitFor();
        // The new version serves the page; nothing waits any more, and nothing is announced.
        expect(
          await page.evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            return {
              waiting: Boolean(registration?.waiting),
              controlled: Boolean(navigator.serviceWorker.controller),
            };
          }),
        ).toEqual({ waiting: false, controlled: true });
        await expect(notice.count()).resolves.toBe(0);
        expect(
          ((await (await page.request.get("/api/symptoms")).json()) as { symptoms: string[] }[]).map(
            (entry) => entry.symptoms,
          ),
        ).toEqual([["nausea after the feed"]]);
      } finally {
        await app.close();
      }
    },
  );
});

describe("offering to install the app", () => {
  const browser = useBrowser({ serviceWorker: true });

  it("offers Chromium's Install app on the dashboard, and asks once to keep the entries after install", async () => {
    const page = await browser.newPage("phone");
    // The browser's answers, counted: a test browser never installs, nor keeps storage on request.
    await page.addInitScript(() => {
      const asked = { install: 0, keep: 0 };
      Object.assign(window, { asked });
      navigator.storage.persisted = async () => false;
      navigator.storage.persist = async () => {
        asked.keep += 1;
        return true;
      };
    });
    await signUpViaApi(page);
    await page.goto("/");
    await page.getByRole("heading", { name: "TPN Tracker Dashboard", level: 1 }).waitFor();
    const offer = page.getByRole("region", { name: "Install the app on this device" });
    await expect(offer.count()).resolves.toBe(0);
    // The browser finds the app installable and offers it (as Chromium does on a phone).
    await page.evaluate(() => {
      const event = new Event("beforeinstallprompt", { cancelable: true });
      const asked = (window as unknown as { asked: { install: number } }).asked;
      window.dispatchEvent(
        Object.assign(event, {
          prompt: async () => {
            asked.install += 1;
          },
          userChoice: Promise.resolve({ outcome: "accepted" }),
        }),
      );
    });
    await offer.getByText("It opens from your Home Screen, even offline.").waitFor();
    await offer.getByRole("button", { name: "Install app" }).click();
    // The browser's own question is asked; its offer is used once, so the banner goes.
    await offer.waitFor({ state: "detached" });
    const asked = () => page.evaluate(() => (window as unknown as { asked: object }).asked);
    await expect(asked()).resolves.toEqual({ install: 1, keep: 0 });

    // Installed: the browser is asked once to keep the app's storage (entries kept on this phone).
    await page.waitForFunction(async () => Boolean(await navigator.serviceWorker.getRegistration()));
    await page.evaluate(() => window.dispatchEvent(new Event("appinstalled")));
    await expect.poll(asked).toEqual({ install: 1, keep: 1 });
    await openInApp(page, "/settings");
    await page.getByText("The app is installed on this device.").waitFor();
    // Once on this device, not at each install event.
    await page.evaluate(() => window.dispatchEvent(new Event("appinstalled")));
    await page.reload();
    await page.waitForFunction(async () => Boolean(await navigator.serviceWorker.getRegistration()));
    await page.evaluate(() => window.dispatchEvent(new Event("appinstalled")));
    await expect(asked()).resolves.toEqual({ install: 0, keep: 0 });
    expect(await page.evaluate(() => localStorage.getItem("mct-storage-persist-asked"))).not.toBeNull();
  });

  it("shows Safari's Add to Home Screen steps on an iPhone, and why; Not now is remembered", async () => {
    const owner = await browser.newPage("phone");
    const context = await owner.context().browser()!.newContext({
      viewport: sizes.phone,
      baseURL: baseUrl(),
      reducedMotion: "reduce",
      extraHTTPHeaders: clientAddressHeader(),
      userAgent:
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1",
    });
    try {
      const page = await context.newPage();
      await signUpViaApi(page);
      await page.goto("/");
      const guide = page.getByRole("region", { name: "Add the app to your Home Screen" });
      await guide.getByText(/^In Safari, tap Share .*then Add to Home Screen\.$/).waitFor();
      await guide.getByText("Open the app from its icon on the Home Screen.").waitFor();
      await guide
        .getByText(/only in an app on the Home Screen.*deletes the entries kept on this phone after 7 days/)
        .waitFor();
      await guide.getByRole("button", { name: "Not now" }).click();
      await guide.waitFor({ state: "detached" });
      await page.reload();
      await page.getByRole("heading", { name: "TPN Tracker Dashboard", level: 1 }).waitFor();
      await expect(guide.count()).resolves.toBe(0);
      // Settings keeps the steps.
      await page.goto("/settings");
      await page.getByText("Open the app from its icon on the Home Screen.").waitFor();
    } finally {
      await context.close();
    }
  });
});
