import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";

/** The relative luminance of the page's background (0 black, 1 white). */
const backgroundLuminance = (page: Page) =>
  page.evaluate(() => {
    const [r = 0, g = 0, b = 0] = (
      getComputedStyle(document.body).backgroundColor.match(/[\d.]+/g) ?? []
    ).map((v) => Number(v) / 255);
    const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  });

/**
 * How long a switch may take to show: a system change reaches the page as an event, which a busy
 * machine (two browsers per core in CI) can hold back past expect.poll's default second.
 */
const SWITCH = { timeout: 5000 };

/** Notes the theme <html> has when <body> first appears: what the first paint shows. */
const recordThemeAtFirstPaint = (page: Page) =>
  page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.body) return;
      (window as unknown as { themeAtBody?: string }).themeAtBody = document.documentElement.dataset.theme;
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
const themeAtFirstPaint = (page: Page) =>
  page.evaluate(() => (window as unknown as { themeAtBody?: string }).themeAtBody);

describe.each(["desktop", "phone"] as const)("the dark theme on a %s", (size) => {
  const browser = useBrowser();

  it("follows a dark system setting from the first paint, with no policy error", async () => {
    const page = await browser.signedInPage(size);
    const refused: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await page.emulateMedia({ colorScheme: "dark" });
    await recordThemeAtFirstPaint(page);
    await page.goto("/");
    await page.getByRole("heading", { name: "TPN Tracker Dashboard", level: 1 }).waitFor();
    expect(await themeAtFirstPaint(page)).toBe("dark");
    expect(await backgroundLuminance(page)).toBeLessThan(0.05);
    expect(refused).toEqual([]);

    // The landing page too (signed out).
    await page.context().clearCookies();
    await page.goto("/");
    await page.getByRole("heading", { name: "Medical Care Tracker", level: 1 }).waitFor();
    expect(await backgroundLuminance(page)).toBeLessThan(0.05);
    await page.emulateMedia({ colorScheme: "light" });
    await expect.poll(() => backgroundLuminance(page), SWITCH).toBeGreaterThan(0.8);
  });

  it("keeps the choice made in Settings on this device: Dark, Light or System", async () => {
    const page = await browser.signedInPage(size);
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/settings");
    const theme = page.getByRole("group", { name: "Theme on this device" });
    await expect.poll(() => theme.getByRole("radio", { name: "System" }).isChecked()).toBe(true);
    expect(await backgroundLuminance(page)).toBeGreaterThan(0.8);

    await theme.getByText("Dark", { exact: true }).click();
    await expect.poll(() => backgroundLuminance(page), SWITCH).toBeLessThan(0.05);
    await recordThemeAtFirstPaint(page);
    await page.reload();
    await theme.waitFor();
    expect(await themeAtFirstPaint(page)).toBe("dark");
    expect(await theme.getByRole("radio", { name: "Dark" }).isChecked()).toBe(true);

    // Light wins over a dark system setting; System follows it again.
    await page.emulateMedia({ colorScheme: "dark" });
    await theme.getByText("Light", { exact: true }).click();
    await expect.poll(() => backgroundLuminance(page), SWITCH).toBeGreaterThan(0.8);
    await theme.getByText("System", { exact: true }).click();
    await expect.poll(() => backgroundLuminance(page), SWITCH).toBeLessThan(0.05);
    await page.emulateMedia({ colorScheme: "light" });
    await expect.poll(() => backgroundLuminance(page), SWITCH).toBeGreaterThan(0.8);
  });
});
