import type { Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PASSWORD, signUpViaApi, useBrowser } from "./browser";
import { card, expectToast } from "./record-screen-helpers";

describe("an ended session", () => {
  const browser = useBrowser();

  it("keeps the open form when a save answers 401 and lets the person sign in again", async () => {
    const page = await browser.newPage("desktop");
    const { email } = await signUpViaApi(page);
    // A list the app fetches ahead in the background (for reading offline) answers only once the
    // session has ended: it must not take the open form away.
    const held: Route[] = [];
    await page.route("**/api/allergies**", (route) => void held.push(route));
    await page.goto("/notes");
    await page.getByRole("heading", { name: "Notes", level: 1, exact: true }).waitFor();
    await page.getByRole("button", { name: "Add Note", exact: true }).click();
    const form = page.getByRole("form", { name: "New Note" });
    await form.getByLabel("Title *", { exact: true }).fill("Night shift question");
    await form.getByLabel("Content *", { exact: true }).fill("Ask about the fever at 3am.");

    await expect.poll(() => held.length, { timeout: 30_000 }).toBeGreaterThan(0);

    // The session ends (as after 24 hours or a long idle time) while the form is open.
    await page.context().clearCookies();
    await form.getByRole("button", { name: "Save Note", exact: true }).click();

    const dialog = page.getByRole("alertdialog", { name: "Your session has ended" });
    await dialog.waitFor();
    for (const route of held) await route.continue();
    await page.unroute("**/api/allergies**");
    await expect
      .poll(() =>
        held[0]
          ?.request()
          .response()
          .then((r) => r?.status()),
      )
      .toBe(401);
    // The page and the typed text are still there (hidden from assistive tech behind the modal),
    // and the dialog is the only message.
    const formBehind = page.getByRole("form", { name: "New Note", includeHidden: true });
    expect(await formBehind.getByLabel("Title *", { exact: true }).inputValue()).toBe("Night shift question");
    expect(await formBehind.getByLabel("Content *", { exact: true }).inputValue()).toBe(
      "Ask about the fever at 3am.",
    );
    expect(await page.getByText("Failed to create note").count()).toBe(0);
    const emailField = dialog.getByLabel("Email", { exact: true });
    expect(await emailField.inputValue()).toBe(email);
    expect(await emailField.getAttribute("readonly")).not.toBeNull();

    // A wrong password shows the server's message and keeps the dialog.
    await dialog.getByLabel("Password", { exact: true }).fill("not the password");
    await dialog.getByRole("button", { name: "Sign in", exact: true }).click();
    await dialog.getByText("Invalid email or password", { exact: true }).waitFor();

    await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await dialog.getByRole("button", { name: "Sign in", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await expectToast(page, "Signed in again. Press Save to keep your changes.");
    expect(await form.getByLabel("Title *", { exact: true }).inputValue()).toBe("Night shift question");

    await form.getByRole("button", { name: "Save Note", exact: true }).click();
    await expectToast(page, "Note created successfully");
    await form.waitFor({ state: "detached" });
    await card(page, "Night shift question").waitFor();
  });

  it("shows the landing page when a page loads without a session", async () => {
    const page = await browser.newPage("desktop");
    await signUpViaApi(page);
    await page.context().clearCookies();
    await page.goto("/notes");
    await page.getByRole("heading", { name: "Medical Care Tracker", level: 1 }).waitFor();
    expect(await page.getByRole("alertdialog").count()).toBe(0);
  });

  it("shows the landing page when a screen's data answers 401 while signed in", async () => {
    const page = await browser.newPage("desktop");
    await signUpViaApi(page);
    await page.goto("/notes");
    await page.getByRole("heading", { name: "Notes", level: 1, exact: true }).waitFor();
    await page.context().clearCookies();
    // A move inside the app (no page load) whose list request answers 401.
    await page.getByRole("link", { name: "Care Team", exact: true }).first().click();
    await page.getByRole("heading", { name: "Medical Care Tracker", level: 1 }).waitFor();
    expect(await page.getByRole("alertdialog").count()).toBe(0);
  });
});
