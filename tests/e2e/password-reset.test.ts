import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { describe, expect, inject, it, vi } from "vitest";
import { PASSWORD, uniqueEmail, useBrowser } from "./browser";

const NEW_PASSWORD = "a brand new passphrase";

/** The path of the reset link mailed to `email` (the test server saves mail in its outbox). */
async function resetLinkFor(email: string): Promise<string> {
  return vi.waitFor(
    async () => {
      const outbox = join(inject("dataDir"), "outbox");
      const files = existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith(".eml")) : [];
      for (const file of files) {
        const mail = await simpleParser(readFileSync(join(outbox, file)));
        const to = [mail.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address));
        const link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.text ?? "")?.[0];
        if (to.includes(email) && link) {
          const url = new URL(link);
          return `${url.pathname}${url.search}`;
        }
      }
      throw new Error(`no reset link for ${email} yet`);
    },
    { timeout: 10_000, interval: 100 },
  );
}

describe("passwords a person can manage", () => {
  const browser = useBrowser();

  it("resets a forgotten password from the sign-in form, through the mailed link (phone)", async () => {
    const page = await browser.newPage("phone");
    const email = uniqueEmail("reset");
    await page.request.post("/api/auth/register", { data: { email, password: PASSWORD } });
    await page.request.get("/api/logout");

    await page.goto("/?signin=1");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    const ask = page.getByRole("form", { name: "Send a reset link" });
    await ask.getByLabel("Email").fill(email);
    await ask.getByRole("button", { name: "Send me a link" }).click();
    await page
      .getByRole("status")
      .getByText(/If an account uses this email address, we sent it a link/)
      .waitFor();

    await page.goto(await resetLinkFor(email));
    const choose = page.getByRole("form", { name: "Choose a new password" });
    await choose.getByLabel("New password").fill(NEW_PASSWORD);
    await choose.getByRole("button", { name: "Set new password" }).click();
    await page
      .getByRole("status")
      .getByText(/Your new password is set/)
      .waitFor();
    // The token left the address bar.
    expect(new URL(page.url()).search).toBe("");
    await page.getByRole("link", { name: "Sign in" }).click();

    const form = page.getByRole("form", { name: "Sign in" });
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Password").fill(NEW_PASSWORD);
    await form.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("heading", { name: "TPN Tracker Dashboard", level: 1 }).waitFor();
  });

  it("changes the password in Settings, and a wrong current password is said on the form (desktop)", async () => {
    const page = await browser.newPage("desktop");
    await page.request.post("/api/auth/register", {
      data: { email: uniqueEmail("change"), password: PASSWORD },
    });
    await page.goto("/settings");
    const form = page.getByRole("form", { name: "Change password" });
    await form.getByLabel("Current password").fill("not my password");
    await form.getByLabel("New password").fill(NEW_PASSWORD);
    await form.getByRole("button", { name: "Change password" }).click();
    await form.getByText("Your current password is not right. Check it and try again.").waitFor();
    await form.getByLabel("Current password").fill(PASSWORD);
    await form.getByRole("button", { name: "Change password" }).click();
    await page
      .getByText("Your password is changed. You are now signed out on your other devices.")
      .first()
      .waitFor();
    // This browser stays signed in.
    await page.reload();
    await page.getByRole("heading", { name: "Account Settings" }).waitFor();
  });
});
