import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { sizes, useBrowser } from "./browser";

/** The browser's local day, `offset` days from today. */
function localDay(offset = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

async function post(page: Page, path: string, data: Record<string, unknown>) {
  const response = await page.request.post(path, { data });
  if (response.status() !== 201) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as { id: string };
}

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe("Symptom Heatmaps", () => {
  const browser = useBrowser({
    prepareSharedAccount: async (page) => {
      // Forty days of symptoms: fever every day (pain 1-4), nausea every third day (pain 6).
      for (let back = 39; back >= 0; back--) {
        await post(page, "/api/symptoms", {
          date: localDay(-back),
          symptoms: "fever",
          painLevel: (back % 4) + 1,
        });
        if (back % 3 === 0)
          await post(page, "/api/symptoms", { date: localDay(-back), symptoms: "Nausea", painLevel: 6 });
      }
      await post(page, "/api/symptoms", { date: localDay(), symptoms: "rash, itch, cough", painLevel: null });
      await post(page, "/api/lab-tests", {
        testName: "Hemoglobin",
        date: localDay(-60),
        status: "completed",
        results: "10.9 g/dL",
        normalRange: "11.5-15.5 g/dL",
      });
      await post(page, "/api/lab-tests", {
        testName: "Hemoglobin",
        date: localDay(-30),
        status: "completed",
        results: "12.1 g/dL",
      });
      await post(page, "/api/lab-tests", {
        testName: "Hemoglobin",
        date: localDay(-2),
        status: "completed",
        results: "12.8 g/dL",
      });
    },
  });

  it("shows the grid with tooltips by hover and keyboard, and the daily overview", async () => {
    const page = await browser.signedInPage();
    await page.goto("/symptom-heatmaps");
    const grid = page.getByRole("grid", { name: "Symptom intensity by day, last 30 days" });
    await grid.waitFor();
    expect(await grid.getByRole("rowheader").allTextContents()).toEqual([
      "fever",
      "Nausea",
      "cough",
      "itch",
      "rash",
    ]);
    for (const label of ["None", "Low", "Mild", "Moderate", "High", "Severe"]) {
      await page.getByRole("list", { name: "Legend" }).getByText(label, { exact: true }).waitFor();
    }

    // Today's fever: pain 1 (0 days back -> 0 % 4 + 1).
    const todayLabel = new Date().toLocaleDateString("en-US", {
      month: "short",
      day: "numeric",
      year: "numeric",
    });
    const feverToday = grid.getByRole("gridcell", { name: `fever · ${todayLabel} · Level 1` });
    await feverToday.hover();
    await page.getByRole("tooltip").getByText(`fever · ${todayLabel} · Level 1`).waitFor();

    // The keyboard: one tab stop, then the arrow keys; a day without the symptom reads 'None'.
    await feverToday.focus();
    await page.keyboard.press("ArrowLeft");
    const yesterday = new Date(Date.now() - 86_400_000).toLocaleDateString("en-US", {
      month: "short",
      day: "numeric",
      year: "numeric",
    });
    await page.getByRole("tooltip").getByText(`fever · ${yesterday} · Level 2`).waitFor();
    await page.keyboard.press("ArrowDown");
    await page.getByRole("tooltip").getByText(`Nausea · ${yesterday} · None`).waitFor();
    expect(await grid.locator("[tabindex='0']").count()).toBe(1);

    const overview = page
      .getByRole("heading", { name: "Daily Symptom Overview" })
      .locator("xpath=ancestor::*[contains(@class,'rounded-xl')][1]");
    const todayRow = overview.getByRole("listitem").first();
    // Today: fever, Nausea (day 0 is a third day) and the three-symptom entry: 3 entries, so no '...'.
    await expect.poll(() => todayRow.textContent()).toContain("fever, Nausea, rash");
    await expect.poll(() => todayRow.textContent()).toContain("Avg Pain Level 4/10");
  });

  it("fits a phone: the grid scrolls inside its card, not the page", async () => {
    const page = await browser.signedInPage("phone");
    await page.goto("/symptom-heatmaps");
    await page.getByRole("grid").waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    const scroller = page.locator("[data-heatmap-scroll]");
    expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(sizes.phone.width).toBe(390);
  });

  it("charts pain, a lab test and TPN with a summary in words", async () => {
    const page = await browser.signedInPage("phone");
    await page.goto("/symptoms-pain");
    const pain = page.getByRole("figure").filter({ hasText: "Average pain level" });
    await expect
      .poll(() => pain.locator("figcaption").textContent())
      .toMatch(/latest [\d.]+ \/10 on .*lowest .*highest .*average/);
    expect(await horizontalOverflow(page)).toBe(0);

    await page.goto("/lab-tests");
    const lab = page.getByRole("figure").filter({ hasText: "Hemoglobin" });
    await expect.poll(() => lab.locator("figcaption").textContent()).toContain("Hemoglobin: latest 12.8 on");
    await expect
      .poll(() => lab.locator("figcaption").textContent())
      .toContain("lowest 10.9, highest 12.8, average 11.9.");
    expect(await horizontalOverflow(page)).toBe(0);

    const child = await post(page, "/api/children", { name: "Sam" });
    await post(page, "/api/tpn", { childId: child.id, date: localDay(-1), calories: "820" });
    await post(page, "/api/tpn", { childId: child.id, date: localDay(), calories: "850" });
    await page.goto("/tpn-nutrition");
    const tpn = page.getByRole("figure").filter({ hasText: "Calories" });
    await expect
      .poll(() => tpn.locator("figcaption").textContent())
      .toMatch(/Calories: latest 850 kcal on .*lowest 820 kcal, highest 850 kcal, average 835 kcal\./);
    await page.getByRole("button", { name: "7 days" }).click();
    await page.getByRole("combobox", { name: "Amount" }).click();
    await page.getByRole("option", { name: "Protein (g)" }).click();
    await page.getByText("No protein recorded in the last 7 days.").waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
  });
});
