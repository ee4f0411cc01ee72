import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type Size, signUpViaApi, useBrowser } from "./browser";

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

/** The value axis's tick labels, top to bottom, and whether each lies wholly inside the chart's box. */
async function valueTicks(figure: Locator) {
  const chart = figure.locator(".recharts-wrapper");
  await chart.locator(".recharts-yAxis-tick-labels text").first().waitFor();
  return chart.evaluate((wrapper) => {
    const box = wrapper.getBoundingClientRect();
    return [...wrapper.querySelectorAll(".recharts-yAxis-tick-labels text")]
      .map((text) => {
        const r = text.getBoundingClientRect();
        return {
          text: text.textContent ?? "",
          top: r.top,
          inside: r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.top >= box.top - 0.5,
        };
      })
      .sort((a, b) => a.top - b.top)
      .map(({ text, inside }) => ({ text, inside }));
  });
}

/** A child whose TPN entries give only a volume: tonight's bag logged nine times (109,364 mL). */
async function seedVolumes(page: Page) {
  await signUpViaApi(page);
  const child = await post(page, "/api/children", { name: "Sam" });
  await post(page, "/api/tpn", { childId: child.id, date: localDay(-2), volume: "1150" });
  await post(page, "/api/tpn", { childId: child.id, date: localDay(-1), volume: "1100" });
  await post(page, "/api/tpn", { childId: child.id, date: localDay(), volume: "99999" });
  for (let n = 0; n < 8; n++)
    await post(page, "/api/tpn", { childId: child.id, date: localDay(), volume: n === 0 ? "2365" : "1000" });
}

const volumeFigure = (page: Page) => page.getByRole("figure").filter({ hasText: "Volume" });

describe("trend charts that do not mislead", () => {
  const browser = useBrowser();

  it("opens the TPN trend on the amount that was written down, not on empty calories", async () => {
    const page = await browser.newPage("phone");
    await seedVolumes(page);
    await page.goto("/tpn-nutrition");
    await expect
      .poll(() => volumeFigure(page).locator("figcaption").textContent(), { timeout: 10_000 })
      .toContain("Volume: latest 109,364 mL on");
    expect(await page.getByRole("combobox", { name: "Amount" }).textContent()).toContain("Volume");
    expect(await page.getByText("Nothing to chart yet").count()).toBe(0);
  });

  for (const size of ["phone", "desktop"] as Size[]) {
    it(`draws the volume from 0 mL with every axis label whole, and pain from 0 to 10 (${size})`, async () => {
      const page = await browser.newPage(size);
      await seedVolumes(page);
      await page.goto("/tpn-nutrition");
      await page.getByRole("combobox", { name: "Amount" }).click();
      await page.getByRole("option", { name: "Volume (mL)" }).click();
      const figure = volumeFigure(page);
      await expect
        .poll(() => figure.locator("figcaption").textContent())
        .toContain("Volume: latest 109,364 mL on");

      const ticks = await valueTicks(figure);
      // Every label whole inside the chart's box (they were cut at its left edge).
      expect(ticks.filter((tick) => !tick.inside)).toEqual([]);
      expect(ticks.at(-1)?.text).toBe("0 mL");
      expect(ticks[0]?.text).toBe("125,000 mL");

      await post(page, "/api/symptoms", { date: localDay(-1), symptoms: "fever", painLevel: 3 });
      await post(page, "/api/symptoms", { date: localDay(), symptoms: "fever", painLevel: 4 });
      await page.goto("/symptoms-pain");
      const pain = page.getByRole("figure").filter({ hasText: "Average pain level" });
      const painTicks = await valueTicks(pain);
      expect(painTicks.at(-1)?.text).toBe("0/10");
      expect(painTicks[0]?.text).toBe("10/10");
      expect(painTicks.filter((tick) => !tick.inside)).toEqual([]);
    });
  }
});
