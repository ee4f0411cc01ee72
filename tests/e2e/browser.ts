import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { type Browser, type BrowserContext, type Cookie, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, onTestFailed } from "vitest";

export const sizes = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 390, height: 844 },
} as const;
export type Size = keyof typeof sizes;

export const baseUrl = () => inject("baseUrl");

/**
 * The path of the newest confirmation link the server sent to `email`: the test server has no mail
 * settings, so the message is a file in its outbox (`DATA_DIR/outbox`).
 */
export async function confirmationLinkFor(email: string): Promise<string> {
  const outbox = join(inject("dataDir"), "outbox");
  const files = existsSync(outbox)
    ? readdirSync(outbox)
        .filter((f) => f.endsWith(".eml"))
        .sort()
    : [];
  let found: string | undefined;
  for (const file of files) {
    const mail = await simpleParser(readFileSync(join(outbox, file)));
    const to = [mail.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address));
    const link = /https?:\/\/\S+\/confirm-email\?token=[A-Za-z0-9_-]+/.exec(mail.text ?? "")?.[0];
    if (to.includes(email) && link) found = link;
  }
  if (!found) throw new Error(`no confirmation link for ${email} in the outbox`);
  const url = new URL(found);
  return `${url.pathname}${url.search}`;
}

/** Confirms the email address of the page's account by opening its link, through the API. */
export async function confirmEmailViaApi(page: Page, email: string) {
  const token = new URL(await confirmationLinkFor(email), baseUrl()).searchParams.get("token");
  const response = await page.request.post("/api/auth/email-confirmation/confirm", { data: { token } });
  if (response.status() !== 200)
    throw new Error(`confirmation failed: ${response.status()} ${await response.text()}`);
}

/** The system Chromium (Debian's package), never a downloaded browser. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

let shared: Promise<Browser> | undefined;

/**
 * The Chromium of this test worker, launched once and shared by the files it runs (their workers
 * keep their modules from one file to the next: vitest.e2e.config.ts). Each describe block has
 * browser contexts of its own and closes them; the browser goes with the worker. Launching one
 * per block (about 80 in a run: a browser process, its GPU and network processes and a renderer
 * for its own pages) was a few seconds of the two cores each.
 */
export function sharedBrowser(): Promise<Browser> {
  if (!shared) {
    const launched = launchBrowser();
    shared = launched;
    void launched.then(
      (browser) =>
        browser.on("disconnected", () => {
          if (shared === launched) shared = undefined;
        }),
      () => {
        if (shared === launched) shared = undefined;
      },
    );
  }
  return shared;
}

/** One tab per size, kept for the whole describe block. */
interface Tab {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors of the page during the current test. */
  errors: string[];
}

let clients = 0;
/**
 * Each test is another client to the server (the address a proxy would forward; the test server
 * trusts it from the loopback), so the server's per-address limits apply to each test apart.
 */
export function clientAddressHeader(): Record<string, string> {
  clients += 1;
  return {
    "X-Forwarded-For": `10.${process.pid % 250}.${Math.floor(clients / 250) % 250}.${(clients % 250) + 1}`,
  };
}

export interface UseBrowserOptions {
  /** Adds what every test on the shared account expects (a child) when the account is made. */
  prepareSharedAccount?: (page: Page) => Promise<void>;
  /**
   * Lets the app's service worker run: for the tests of what it does (pushed reminders, the app
   * opening offline, a new version). Elsewhere it is blocked: each new tab would otherwise fetch
   * and store every file of the app (its precache) and pass every request through the worker:
   * work those tests do not look at, on a machine whose two cores the browser tests keep busy.
   */
  serviceWorker?: boolean;
}

/**
 * The worker's browser (`sharedBrowser`), with a tab per size for the describe block. `newPage(size)` gives each test a signed-out page with no
 * cookies, no local storage, no routes and no dialog handlers of an earlier test. It is the
 * same tab each time (per size): opening a browser context and a tab, and booting the app in a
 * fresh renderer, costs more than most tests; the next `goto` loads the app anew in the tab.
 * `signedInPage(size)` is the same page signed in to an account the block's tests share, made
 * once through the API: for tests that are not about signing in and whose records do not meet
 * (each works on its own screen, or only reads).
 */
export function useBrowser({ prepareSharedAccount, serviceWorker = false }: UseBrowserOptions = {}) {
  let browser: Browser;
  const tabs = new Map<Size, Tab>();
  let sharedSession: Cookie[] | undefined;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    for (const tab of tabs.values()) await tab.context.close().catch(() => {});
    tabs.clear();
  });

  async function openTab(size: Size): Promise<Tab> {
    // Reduced motion: the app's animations (dialogs, toasts, drawer) then take 1 ms.
    const context = await browser.newContext({
      viewport: sizes[size],
      baseURL: baseUrl(),
      reducedMotion: "reduce",
      extraHTTPHeaders: clientAddressHeader(),
      serviceWorkers: serviceWorker ? "allow" : "block",
    });
    const tab: Tab = { context, page: await context.newPage(), errors: [] };
    tab.page.on("pageerror", (e) => tab.errors.push(String(e)));
    return tab;
  }

  /** Leaves the app, then forgets everything the last test left in the tab. */
  async function resetTab(tab: Tab) {
    const { page, context } = tab;
    await context.setExtraHTTPHeaders(clientAddressHeader());
    await page.unrouteAll({ behavior: "ignoreErrors" });
    page.removeAllListeners("dialog");
    await page.goto("about:blank");
    await context.clearCookies();
    // Local storage (the child filter, the emergency numbers) and IndexedDB (the answers kept for
    // reading offline, the entries waiting to send) belong to the app's origin.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Storage.clearDataForOrigin", {
      origin: baseUrl(),
      storageTypes: "local_storage,indexeddb",
    });
    await cdp.detach();
    tab.errors.length = 0;
  }

  async function newPage(size: Size = "desktop"): Promise<Page> {
    let tab = tabs.get(size);
    if (tab) await resetTab(tab);
    else {
      tab = await openTab(size);
      tabs.set(size, tab);
    }
    const { page, errors } = tab;
    onTestFailed(async ({ task }) => {
      mkdirSync("test-results", { recursive: true });
      const name = task.name.replace(/[^a-z0-9]+/gi, "-").slice(0, 80);
      await page.screenshot({ path: `test-results/${name}-${size}.png`, fullPage: true }).catch(() => {});
      if (errors.length) console.error(`page errors in "${task.name}":\n${errors.join("\n")}`);
    });
    return page;
  }

  async function signedInPage(size: Size = "desktop"): Promise<Page> {
    const page = await newPage(size);
    if (sharedSession) {
      await page.context().addCookies(sharedSession);
    } else {
      await signUpViaApi(page);
      await prepareSharedAccount?.(page);
      sharedSession = await page.context().cookies();
    }
    return page;
  }

  return { newPage, signedInPage };
}

/**
 * Opens a path of the app already loaded in the page as its own links do, without loading the
 * page again (the router follows the history).
 */
export async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}

/**
 * Waits until no dialog or inline form holds an entry in the page's history: a closed one gives
 * its entry back a moment later (`history.back()`, components/ui/use-back-closes.ts), which
 * cancels a page load begun before it (net::ERR_ABORTED).
 */
export async function untilLayersClosed(page: Page) {
  await page.waitForFunction(() => !(window.history.state as { mctLayer?: number } | null)?.mctLayer);
}

let counter = 0;
export const PASSWORD = "correct horse battery staple";
export function uniqueEmail(prefix = "parent") {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}-${process.pid}@example.org`;
}

/** Creates an account through the API of the page's context, so the page is signed in. */
export async function signUpViaApi(page: Page, firstName = "Maria", lastName = "Lopez") {
  const email = uniqueEmail();
  const response = await page.request.post("/api/auth/register", {
    data: { email, password: PASSWORD, firstName, lastName },
  });
  if (response.status() !== 201)
    throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  return { email };
}

/**
 * Another person of the owner's family (invited with `role`, signed up as `name`), in a browser
 * context of their own (their own cookies, a phone by default). Close `context` when done.
 */
export async function joinFamilyAs(
  owner: Page,
  role: "caregiver" | "viewer",
  name: [string, string],
  size: Size = "phone",
): Promise<{ page: Page; context: BrowserContext }> {
  const browser = owner.context().browser();
  if (!browser) throw new Error("no browser");
  const context = await browser.newContext({
    viewport: sizes[size],
    baseURL: baseUrl(),
    reducedMotion: "reduce",
    extraHTTPHeaders: clientAddressHeader(),
  });
  const page = await context.newPage();
  const { email } = await signUpViaApi(page, ...name);
  // An invitation is accepted only by an account whose confirmed address is the invited one.
  await confirmEmailViaApi(page, email);
  const invited = await owner.request.post("/api/family/invitations", { data: { email, role } });
  if (!invited.ok()) throw new Error(`invitation failed: ${invited.status()} ${await invited.text()}`);
  const token = new URL((await invited.json()).url).searchParams.get("token");
  const accepted = await page.request.post("/api/invitations/accept", { data: { token } });
  if (!accepted.ok()) throw new Error(`acceptance failed: ${accepted.status()} ${await accepted.text()}`);
  return { page, context };
}

/**
 * Waits until the page has loaded the outbox (the chunk that keeps entries saved without a
 * connection, loaded after the first screen) and it has read this device's database: the app's own
 * files come from the network until the service worker keeps them, so a test that cuts the
 * connection waits for it first.
 */
export async function outboxLoaded(page: Page) {
  // Asked from here, not polled in the page: a test may have stopped the page's timers (its clock).
  await expect
    .poll(() =>
      page.evaluate(async () => (await indexedDB.databases()).some((db) => db.name === "mct-outbox")),
    )
    .toBe(true);
}
