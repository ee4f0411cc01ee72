import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpViaApi, useBrowser } from "./browser";
import { expectToast } from "./record-screen-helpers";

/** The symptom entries the server holds (asked from the test, not through the page's connection). */
async function symptoms(page: Page) {
  return (await (await page.request.get("/api/symptoms")).json()) as { symptoms: string[] }[];
}

async function typeSymptom(page: Page, text: string) {
  await page.goto("/symptoms-pain?add=1");
  const dialog = page.getByRole("dialog", { name: "Add Symptom Entry" });
  await dialog.getByLabel("Symptoms", { exact: true }).fill(text);
  return dialog;
}

describe("saving without a connection", () => {
  const browser = useBrowser();

  for (const size of ["phone", "desktop"] as const) {
    it(`keeps the entry on the device, shows it pending and sends it once when back online (${size})`, async () => {
      const page = await browser.newPage(size);
      await signUpViaApi(page);
      const dialog = await typeSymptom(page, "nausea");
      // Offline: the browser says so, and no request reaches the server (the emulation lets the
      // loopback address through, so the test cuts the app's requests itself).
      await page.context().setOffline(true);
      await page.route("**/api/**", (route) => route.abort("internetdisconnected"));
      try {
        await dialog.getByRole("button", { name: "Add Entry" }).click();
        await expectToast(page, "Kept on this device");
        await dialog.waitFor({ state: "detached" });
        const waiting = page.getByRole("region", { name: "Waiting to be sent" });
        await waiting
          .getByText("1 entry is kept on this device and will be sent when the connection is back.")
          .waitFor();
        await waiting.getByText("Pending: symptom entry", { exact: false }).waitFor();
        expect(await symptoms(page)).toEqual([]);
      } finally {
        await page.unrouteAll({ behavior: "ignoreErrors" });
        await page.context().setOffline(false);
      }
      await expectToast(page, "The symptom entry kept on this device has arrived.");
      await page.getByRole("region", { name: "Waiting to be sent" }).waitFor({ state: "detached" });
      expect(await symptoms(page)).toMatchObject([{ symptoms: ["nausea"] }]);
    });
  }

  it("gives up on a connection that hangs within seconds, and an entry that did arrive is not made twice", async () => {
    const page = await browser.newPage("desktop");
    await signUpViaApi(page);
    const dialog = await typeSymptom(page, "fever");
    // The request reaches the server, but its answer never comes back.
    let sent = 0;
    await page.route("**/api/symptoms", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      sent += 1;
      await route.fetch();
      await new Promise(() => {});
    });
    const started = Date.now();
    await dialog.getByRole("button", { name: "Add Entry" }).click();
    await expectToast(page, "Kept on this device");
    expect(Date.now() - started).toBeLessThan(15_000);
    await dialog.waitFor({ state: "detached" });
    await page.getByText("Pending: symptom entry", { exact: false }).waitFor();
    expect(sent).toBe(1);
    expect(await symptoms(page)).toHaveLength(1);

    // Opened again with the connection back: the entry is sent again with its key, and the
    // server answers the record it already made.
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await page.reload();
    await expectToast(page, "The symptom entry kept on this device has arrived.");
    await page.getByText("Pending: symptom entry", { exact: false }).waitFor({ state: "detached" });
    expect(await symptoms(page)).toMatchObject([{ symptoms: ["fever"] }]);
  });
});
