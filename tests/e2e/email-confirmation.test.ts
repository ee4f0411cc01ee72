import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { confirmationLinkFor, PASSWORD, signUpViaApi, uniqueEmail, useBrowser } from "./browser";

/** The page's WCAG 2 A/AA problems, as the accessibility test counts them. */
async function axeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).setLegacyMode().analyze();
  return result.violations.map((v) => `${v.id} (${v.impact})`);
}

describe("confirming the email address", () => {
  const browser = useBrowser();

  it("signs up, opens the link from the email, and Settings says the address is confirmed", async () => {
    const page = await browser.newPage("desktop");
    const email = uniqueEmail("confirm");
    await page.goto("/?signin=1&mode=register");
    const form = page.getByRole("form", { name: "Create account" });
    await form.getByLabel("First name").fill("Rosa");
    await form.getByLabel("Last name").fill("Diaz");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await form.getByLabel("Confirm password").fill(PASSWORD);
    await form.getByRole("button", { name: "Create Account" }).click();
    await page.getByRole("heading", { name: "TPN Tracker Dashboard", level: 1 }).waitFor();

    await page.goto("/settings");
    await page.getByText("Your email address is not confirmed yet.").waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(await confirmationLinkFor(email));
    await page.getByRole("heading", { name: "Your email address is confirmed", level: 1 }).waitFor();
    // The token leaves the address bar once read.
    expect(new URL(page.url()).search).toBe("");
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Go to the dashboard" }).click();
    await page.getByRole("heading", { name: "TPN Tracker Dashboard", level: 1 }).waitFor();

    await page.goto("/settings");
    await page.getByText("Your email address is confirmed.").waitFor();
    expect(await page.getByRole("button", { name: "Send the link again" }).count()).toBe(0);
  });

  it("sends the link again from Settings, and the page says when a link was already used", async () => {
    const page = await browser.newPage("phone");
    const { email } = await signUpViaApi(page);
    const first = await confirmationLinkFor(email);
    await page.goto("/settings");
    await page.getByRole("button", { name: "Send the link again" }).click();
    await page.getByText("Confirmation Link Sent", { exact: true }).first().waitFor();
    const second = await confirmationLinkFor(email);
    expect(second).not.toBe(first);

    // Opened signed out, as from a phone's mail app: it confirms all the same.
    await page.context().clearCookies();
    await page.goto(second);
    await page.getByRole("heading", { name: "Your email address is confirmed", level: 1 }).waitFor();
    await page.getByRole("link", { name: "Sign in" }).waitFor();

    await page.goto(second);
    await page.getByRole("heading", { name: "This link has already been used", level: 1 }).waitFor();
    await page.goto("/confirm-email?token=not-a-real-token");
    await page.getByRole("heading", { name: "This link does not work", level: 1 }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});
