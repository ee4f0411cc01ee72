import type { Browser } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { todayIn } from "../../src/domain/clock";
import { baseUrl, clientAddressHeader, PASSWORD, sharedBrowser, uniqueEmail } from "./browser";

describe("the family's time zone", () => {
  let browser: Browser;
  beforeAll(async () => {
    // The worker's browser: each test makes and closes its own context.
    browser = await sharedBrowser();
  });

  it("leaves the device's zone for a first OpenID Connect sign-in, once the first screen is up", async () => {
    const context = await browser.newContext({
      baseURL: baseUrl(),
      timezoneId: "Pacific/Honolulu",
      extraHTTPHeaders: clientAddressHeader(),
    });
    try {
      const page = await context.newPage();
      await page.goto("/");
      const tz = async () =>
        (await context.cookies(`${baseUrl()}/api/callback`)).find((cookie) => cookie.name === "tz")?.value;
      await expect.poll(tz).toBe(encodeURIComponent("Pacific/Honolulu"));
      // Sent to the sign-in's return only.
      expect((await context.cookies(`${baseUrl()}/`)).some((cookie) => cookie.name === "tz")).toBe(false);
    } finally {
      await context.close();
    }
  });

  it("signs up in the browser's zone, and a form starts on the day of the zone chosen in Settings", async () => {
    // A phone set to Kiritimati (UTC+14): Honolulu (UTC-10) is a whole day behind it, at the same time.
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 390, height: 844 },
      timezoneId: "Pacific/Kiritimati",
      reducedMotion: "reduce",
      extraHTTPHeaders: clientAddressHeader(),
    });
    try {
      const page = await context.newPage();
      await page.goto("/?signin=1&mode=register");
      const form = page.getByRole("form", { name: "Create account" });
      await form.getByLabel("First name").fill("Leilani");
      await form.getByLabel("Last name").fill("Kahale");
      await form.getByLabel("Email").fill(uniqueEmail("zone"));
      await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await form.getByLabel("Confirm password").fill(PASSWORD);
      await form.getByRole("button", { name: "Create Account" }).click();
      await page.getByRole("heading", { name: "TPN Tracker Dashboard", level: 1 }).waitFor();
      expect((await (await page.request.get("/api/auth/user")).json()).timeZone).toBe("Pacific/Kiritimati");

      await page.goto("/settings");
      const zone = page.getByLabel("Your family's time zone");
      expect(await zone.inputValue()).toBe("Pacific/Kiritimati");
      // A city, typed as a person would: its zone is found.
      await zone.fill("honolulu");
      await page.getByRole("button", { name: "Save time zone" }).click();
      await page.getByText("Dates now follow Pacific/Honolulu.").first().waitFor();

      await page.goto("/symptoms-pain");
      await page.getByRole("button", { name: "Add Symptom Entry" }).first().click();
      const date = page.getByRole("dialog").getByLabel("Date *");
      expect(await date.inputValue()).toBe(todayIn("Pacific/Honolulu", new Date()));
      expect(await date.inputValue()).not.toBe(todayIn("Pacific/Kiritimati", new Date()));
    } finally {
      await context.close();
    }
  });
});
