import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpViaApi, useBrowser } from "./browser";
import { expectSafeAnswerFirst, expectToast, fillSteps } from "./record-screen-helpers";

async function post(page: Page, path: string, data: Record<string, unknown>): Promise<string> {
  const response = await page.request.post(path, { data });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function entries(page: Page, childId: string) {
  return (await (await page.request.get(`/api/tpn?childId=${childId}`)).json()) as { volume: string }[];
}

describe("second looks before odd TPN saves", () => {
  const browser = useBrowser();

  // The questions are the form's, whatever the screen's size: asked on the phone, where they are
  // met at the pump (the dialog's layout at both sizes is the accessibility tests').
  for (const size of ["phone"] as const) {
    it(`asks before saving 99,999 mL and before a second entry the same day (${size})`, async () => {
      const page = await browser.newPage(size);
      await signUpViaApi(page);
      const mia = await post(page, "/api/children", { name: "Mia" });
      await page.goto("/tpn-nutrition?add=1");

      // A slip of the finger: the form asks, nothing is sent. "Change it" is the primary, focused
      // answer (Enter takes it) and goes back to the number; the other says what it would save.
      const form = page.getByRole("dialog", { name: "Add TPN Entry" });
      await form.getByLabel("Volume (mL)").fill("99999");
      await form.getByRole("button", { name: "Add Entry" }).click();
      const ask = page.getByRole("alertdialog", { name: "Is 99,999 mL right?" });
      await ask.getByText("far from what a TPN bag holds", { exact: false }).waitFor();
      await expectSafeAnswerFirst(ask, "Change it", "Save 99,999 mL");
      expect(await entries(page, mia)).toEqual([]);
      await page.keyboard.press("Enter");
      await ask.waitFor({ state: "detached" });
      await form.getByLabel("Volume (mL)").fill("999");
      // A bag that expired before the night it ran: asked the same way; Escape is "Change it".
      await fillSteps(page, form, [{ label: "Expiry date", fill: "2020-01-01" }]);
      await form.getByRole("button", { name: "Add Entry" }).click();
      const expired = page.getByRole("alertdialog", { name: "Is the expiry date right?" });
      await expectSafeAnswerFirst(expired, "Change it", "Save with this expiry date");
      await page.keyboard.press("Escape");
      await expired.waitFor({ state: "detached" });
      expect(await entries(page, mia)).toEqual([]);
      await form.getByLabel("Expiry date", { exact: true }).fill("");
      await form.getByRole("button", { name: "Add Entry" }).click();
      await expectToast(page, "TPN entry added successfully");
      await form.waitFor({ state: "detached" });
      expect(await entries(page, mia)).toMatchObject([{ volume: "999.00" }]);

      // Tonight's bag a second time: add another, or edit the one logged.
      await page.getByRole("button", { name: "Add TPN Entry" }).first().click();
      await form.getByLabel("Volume (mL)").fill("1000");
      await form.getByRole("button", { name: "Add Entry" }).click();
      const again = page.getByRole("alertdialog", { name: "Already logged" });
      await again
        .getByText(/^Already logged (tonight|today) at \d\d:\d\d: add a second bag, or edit that one\?$/)
        .waitFor();
      await expectSafeAnswerFirst(again, "Go back", "Add a second bag tonight");
      await again.getByRole("button", { name: "Edit that one" }).click();
      const edit = page.getByRole("dialog", { name: "Edit TPN Entry" });
      await expect.poll(() => edit.getByLabel("Volume (mL)").inputValue()).toBe("999.00");
      await edit.getByRole("button", { name: "Cancel" }).click();
      await edit.waitFor({ state: "detached" });
      expect(await entries(page, mia)).toHaveLength(1);

      await page.getByRole("button", { name: "Add TPN Entry" }).first().click();
      await form.getByLabel("Volume (mL)").fill("250");
      await form.getByRole("button", { name: "Add Entry" }).click();
      await again.getByRole("button", { name: "Add a second bag tonight" }).click();
      await expectToast(page, "TPN entry added successfully");
      await form.waitFor({ state: "detached" });
      expect((await entries(page, mia)).map((e) => e.volume).sort()).toEqual(["250.00", "999.00"]);
    });
  }
});
