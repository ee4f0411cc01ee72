import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseUrl, PASSWORD, uniqueEmail, useBrowser } from "./browser";

/**
 * Passkeys need a host name, not an address (WebAuthn's relying party id is a domain): the same
 * server, reached as localhost.
 */
const site = () => baseUrl().replace("127.0.0.1", "localhost");

/** Chromium's virtual authenticator (DevTools protocol, WebAuthn domain): a phone's built-in passkeys. */
async function withVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return {
    async credentials() {
      return (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials;
    },
    async remove() {
      await cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId });
      await cdp.detach();
    },
  };
}

describe("signing in with a passkey", () => {
  const browser = useBrowser();

  for (const size of ["phone", "desktop"] as const) {
    it(`adds a passkey in Settings and signs in with it in one step, on the tapped form (${size})`, async () => {
      const page = await browser.newPage(size);
      const authenticator = await withVirtualAuthenticator(page);
      try {
        const email = uniqueEmail("passkey");
        const signUp = await page.request.post(`${site()}/api/auth/register`, {
          data: { email, password: PASSWORD, firstName: "Ada", lastName: "King" },
        });
        expect(signUp.status()).toBe(201);
        const child = await page.request.post(`${site()}/api/children`, { data: { name: "Sofia" } });
        expect(child.status()).toBe(201);

        await page.goto(`${site()}/settings`);
        const card = page.getByRole("heading", { name: "Passkeys" });
        await card.waitFor();
        await page.getByText("You have no passkeys yet.").waitFor();
        await page.getByRole("button", { name: "Add a passkey" }).click();
        const list = page.getByRole("list", { name: "Your passkeys" });
        // Asked for a name at once, offered the device's ("Chrome on ...").
        const name = list.getByLabel("Name this passkey");
        await name.waitFor();
        expect(await name.inputValue()).toMatch(/^Chrome on /);
        await name.fill("Ada's phone");
        await list.getByRole("button", { name: "Save" }).click();
        await list.getByRole("button", { name: "Rename Ada's phone" }).waitFor();
        await list.getByText(/Not used yet/).waitFor();
        expect(await authenticator.credentials()).toHaveLength(1);

        await page.goto(`${site()}/api/logout`);
        // A "Log now" form's address, opened signed out (from a bookmark or the home screen).
        await page.goto(`${site()}/tpn-nutrition?add=1`);
        await page.getByRole("button", { name: "Sign in with a passkey" }).click();
        const dialog = page.getByRole("dialog");
        await dialog.waitFor();
        await dialog.getByRole("button", { name: "Add Entry", exact: true }).waitFor();
        expect(new URL(page.url()).pathname).toBe("/tpn-nutrition");

        // Settings now says when it was last used.
        await page.goto(`${site()}/settings`);
        await page
          .getByRole("list", { name: "Your passkeys" })
          .getByText(/Last used /)
          .waitFor();
      } finally {
        await authenticator.remove();
      }
    });
  }

  it("signs in again with a passkey from the session-ended dialog, keeping the open form", async () => {
    const page = await browser.newPage("desktop");
    const authenticator = await withVirtualAuthenticator(page);
    try {
      const signUp = await page.request.post(`${site()}/api/auth/register`, {
        data: { email: uniqueEmail("passkey-again"), password: PASSWORD },
      });
      expect(signUp.status()).toBe(201);
      await page.goto(`${site()}/settings`);
      await page.getByRole("button", { name: "Add a passkey" }).click();
      await page.getByRole("list", { name: "Your passkeys" }).getByLabel("Name this passkey").waitFor();

      await page.goto(`${site()}/notes`);
      await page.getByRole("button", { name: "Add Note", exact: true }).click();
      const form = page.getByRole("form", { name: "New Note" });
      await form.getByLabel("Title *", { exact: true }).fill("Night shift question");
      await form.getByLabel("Content *", { exact: true }).fill("Ask about the fever at 3am.");
      // The session ends while the form is open.
      await page.context().clearCookies();
      await form.getByRole("button", { name: "Save Note", exact: true }).click();
      const dialog = page.getByRole("alertdialog", { name: "Your session has ended" });
      await dialog.getByRole("button", { name: "Sign in with a passkey" }).click();
      await dialog.waitFor({ state: "detached" });
      expect(await form.getByLabel("Title *", { exact: true }).inputValue()).toBe("Night shift question");
    } finally {
      await authenticator.remove();
    }
  });

  it("says why the session ended and offers a passkey on the landing page", async () => {
    const page = await browser.newPage("phone");
    await page.context().addCookies([{ name: "session_ended", value: "idle-120", url: site() }]);
    await page.goto(`${site()}/`);
    await page.getByRole("status").getByText("You were signed out after 2 hours without use").waitFor();
    await page.getByRole("button", { name: "Sign in with a passkey" }).waitFor();
  });

  it("at a bare address, says that passkeys need the server's name", async () => {
    const page = await browser.newPage("desktop");
    const signUp = await page.request.post(`${baseUrl()}/api/auth/register`, {
      data: { email: uniqueEmail("passkey-address"), password: PASSWORD },
    });
    expect(signUp.status()).toBe(201);
    await page.goto(`${baseUrl()}/settings`);
    await page.getByRole("button", { name: "Add a passkey" }).click();
    const port = new URL(baseUrl()).port;
    await page
      .getByText(
        `Passkeys need this server's name, not its address (127.0.0.1). Open it at http://localhost:${port} on the server itself, or at the name set in PUBLIC_URL.`,
      )
      .waitFor();
  });
});
