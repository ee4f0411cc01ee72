import { mkdirSync } from "node:fs";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, inject, onTestFailed } from "vitest";

export const sizes = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 390, height: 844 },
} as const;
export type Size = keyof typeof sizes;

export const baseUrl = () => inject("baseUrl");

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

/** One browser per test file; `newPage(size)` opens a fresh signed-out context. */
export function useBrowser() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async newPage(size: Size = "desktop"): Promise<Page> {
      const context = await browser.newContext({ viewport: sizes[size], baseURL: baseUrl() });
      contexts.push(context);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(String(e)));
      onTestFailed(async ({ task }) => {
        mkdirSync("test-results", { recursive: true });
        const name = task.name.replace(/[^a-z0-9]+/gi, "-").slice(0, 80);
        await page.screenshot({ path: `test-results/${name}-${size}.png`, fullPage: true }).catch(() => {});
        if (errors.length) console.error(`page errors in "${task.name}":\n${errors.join("\n")}`);
      });
      return page;
    },
  };
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
