import AxeBuilder from "@axe-core/playwright";
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

const axe = (page: Page) => new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).setLegacyMode();

/** Axe's serious and critical findings on the page as it is. */
async function seriousViolations(page: Page) {
  const result = await axe(page).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

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

  it("fits a phone in the dark theme, overdue and paused panels and the suggestions included, with no serious axe finding", async () => {
    const page = await browser.signedInPage("phone");
    await page.emulateMedia({ colorScheme: "dark" });
    const children = (await (await page.request.get("/api/children")).json()) as { id: string }[];
    const childId = children[0]!.id;
    for (const data of [
      {
        name: "Electrolytes",
        analytes: [{ analyte: "sodium" }, { analyte: "potassium" }],
        firstDue: localDay(-5),
        instructions: "Before the PN starts, from a peripheral vein, fasting",
      },
      { name: "Thyroid", analytes: [{ name: "TSH" }], every: 6, firstDue: localDay(10), active: false },
    ]) {
      const response = await page.request.post("/api/lab-panels", {
        data: { every: 1, unit: "months", childId, ...data },
      });
      expect(response.status()).toBe(201);
    }
    await page.goto("/lab-results");
    const overdue = page.locator("li[data-panel-id]").filter({ hasText: "Electrolytes" });
    await overdue.getByText("Overdue", { exact: true }).waitFor();
    await page
      .locator("li[data-panel-id]")
      .filter({ hasText: "Thyroid" })
      .getByText("Paused", { exact: true })
      .waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Suggested panels" }).click();
    await page.getByRole("dialog", { name: "Suggested Lab Panels" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // Closed without adding: nothing saved.
    await page.keyboard.press("Escape");
    expect(await (await page.request.get("/api/lab-panels")).json()).toHaveLength(3);
  }, 120_000);
});
