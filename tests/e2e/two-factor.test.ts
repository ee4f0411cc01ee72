import { Secret, TOTP } from "otpauth";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PASSWORD, signUpViaApi, useBrowser } from "./browser";

/**
 * The authenticator app, in the test: the code it shows `steps` periods of 30 seconds from now, for
 * the key the page showed.
 */
const appCode = (key: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(key), timestamp: Date.now() + steps * 30_000 });

async function signOut(page: Page) {
  await page.getByRole("button", { name: "More" }).click();
  await page.getByRole("link", { name: "Sign Out" }).click();
  await page.getByRole("heading", { name: "Medical Care Tracker", level: 1 }).waitFor();
}

/** The password step of the sign-in form; answers the code step that follows it. */
async function enterPassword(page: Page, email: string) {
  await page.goto("/?signin=1");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Sign In" }).click();
  const step = page.getByRole("form", { name: "Two-factor sign-in" });
  await step.getByText("Your password is right.").waitFor();
  return step;
}

const dashboard = (page: Page) =>
  page.getByRole("heading", { name: "TPN Tracker Dashboard", level: 1 }).waitFor();

describe("two-factor sign-in", () => {
  const browser = useBrowser();

  // Setting up, sign-outs and three sign-ins: longer than the 60 s of most tests on a busy machine.
  it("is set up in Settings from the key the page shows, then signs in with the app's code and with a recovery code (phone)", async () => {
    const page = await browser.newPage("phone");
    const { email } = await signUpViaApi(page);

    await page.goto("/settings");
    await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    await page
      .getByRole("img", { name: "QR code to add Medical Care Tracker to your authenticator app" })
      .waitFor();
    const key = await page.getByRole("textbox", { name: "Setup key" }).inputValue();
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    const turnOn = page.getByRole("form", { name: "Turn on two-factor sign-in" });
    await turnOn.getByLabel("Code from your app").fill(appCode(key));
    await turnOn.getByLabel("Your password").fill(PASSWORD);
    await turnOn.getByRole("button", { name: "Turn on" }).click();

    await page.getByRole("heading", { name: "Save your recovery codes" }).waitFor();
    // Signed in elsewhere (a lost phone, someone else): signed out there, to sign in with a code.
    await page
      .getByText(
        "Save your recovery codes now. Your other devices are signed out: they sign in again with a code.",
        {
          exact: true,
        },
      )
      .first()
      .waitFor();
    const recoveryCodes = (await page.getByRole("textbox", { name: "Recovery codes" }).inputValue()).split(
      "\n",
    );
    expect(recoveryCodes).toHaveLength(10);
    await page.getByRole("button", { name: "I have saved them" }).click();
    await page.getByText("10 of 10 recovery codes left.").waitFor();
    // The family's page says it too (the owner sees who signs in with two factors).
    await page.goto("/family");
    await page.getByText("Two-factor sign-in on").waitFor();

    await signOut(page);
    const step = await enterPassword(page, email);
    // A code of five minutes ago is refused, on the form.
    await step.getByLabel("Code from your app").fill(appCode(key, -10));
    await step.getByRole("button", { name: "Sign In" }).click();
    await step.getByRole("alert").getByText("This code is not right.", { exact: false }).waitFor();
    // The code that turned it on may still be the app's: its next one is taken one step early.
    await step.getByLabel("Code from your app").fill(appCode(key, 1));
    await step.getByRole("button", { name: "Sign In" }).click();
    await dashboard(page);

    await signOut(page);
    const again = await enterPassword(page, email);
    await again.getByRole("button", { name: "Use a recovery code instead" }).click();
    await again.getByLabel("Recovery code").fill(recoveryCodes[0]!);
    await again.getByRole("button", { name: "Sign In" }).click();
    await dashboard(page);

    await page.goto("/settings");
    await page.getByText("9 of 10 recovery codes left.").waitFor();
  }, 120_000);
});
