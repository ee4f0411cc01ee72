import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { expectToast } from "./record-screen-helpers";

/** The browser's local day, `offset` days from today. */
function localDay(offset = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

const PANEL = "Calcium, phosphate and magnesium";

const panelTask = (page: Page) => page.locator('li[data-task-id^="lab-panel:"]').filter({ hasText: PANEL });

describe("the lab schedule", () => {
  const browser = useBrowser({
    prepareSharedAccount: async (page) => {
      const response = await page.request.post("/api/children", { data: { name: "Sam" } });
      if (response.status() !== 201) throw new Error(`child: ${response.status()}`);
    },
  });

  it("adds a suggested panel the family ticks, makes it a task, and clears the task once its results are entered", async () => {
    const page = await browser.signedInPage("desktop");
    await page.goto("/lab-results");
    await page.getByRole("heading", { name: "Lab schedule" }).waitFor();
    await page.getByText("No lab schedule yet.").waitFor();

    // The suggestions name their source; nothing is saved until the family adds what it ticked.
    await page.getByRole("button", { name: "Suggested panels" }).click();
    const dialog = page.getByRole("dialog", { name: "Suggested Lab Panels" });
    await dialog.getByRole("link", { name: /UpToDate/ }).waitFor();
    for (const box of await dialog.getByRole("checkbox").all()) await box.uncheck();
    await dialog.getByRole("checkbox", { name: new RegExp(PANEL) }).check();
    await dialog.getByLabel("First due *").fill(localDay(-1));
    await dialog.getByRole("button", { name: "Add 1 panel" }).click();
    await expectToast(page, "1 lab panel added");
    await dialog.waitFor({ state: "hidden" });
    const panel = page.locator("li[data-panel-id]").filter({ hasText: PANEL });
    await panel.getByText("Last drawn:").waitFor();
    await panel.getByText(/Source|Schedule from: UpToDate/).waitFor();
    expect(await page.locator("li[data-panel-id]").count()).toBe(1);

    // Due since yesterday: a task on Tasks, done by entering the results.
    await page.goto("/tasks");
    await page.getByRole("heading", { name: "Tasks", level: 1 }).waitFor();
    const task = panelTask(page);
    await task.waitFor();
    expect(await task.getAttribute("data-state")).not.toBe("ok");
    await task.getByRole("button", { name: /^Enter results/ }).click();

    const form = page.getByRole("dialog", { name: `Enter results: ${PANEL}` });
    await form.waitFor();
    expect(page.url()).toContain("/lab-results");
    const names = ["Calcium", "Phosphate", "Magnesium"];
    for (const [i, value] of ["2.3", "1.4", "0.8"].entries()) {
      const row = form.getByRole("group", { name: `Analyte ${i + 1}` });
      expect(await row.getByLabel("Analyte *").inputValue()).toBe(names[i]!.toLowerCase());
      await row.getByLabel("Value *").fill(value);
    }
    await form.getByRole("button", { name: "Save Result" }).click();
    await expectToast(page, "Lab result added");
    await form.waitFor({ state: "hidden" });
    await panel.getByText("not yet").waitFor({ state: "detached" });

    await page.goto("/tasks");
    await page.getByRole("heading", { name: "Tasks", level: 1 }).waitFor();
    await expect.poll(() => panelTask(page).getAttribute("data-state")).toBe("ok");
  });
});
