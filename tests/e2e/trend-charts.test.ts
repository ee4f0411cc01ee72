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

describe("trend charts that do not mislead", () => {
  const browser = useBrowser();

  for (const size of ["phone", "desktop"] as Size[]) {
    it(`opens the TPN trend on the volume written, from 0 mL, every axis label whole (${size})`, async () => {
      const page = await browser.newPage(size);
      await signUpViaApi(page);
      const child = await post(page, "/api/children", { name: "Sam" });
      // Only the volume is written down; tonight's bag was logged nine times (109,364 mL).
      await post(page, "/api/tpn", { childId: child.id, date: localDay(-2), volume: "1150" });
      await post(page, "/api/tpn", { childId: child.id, date: localDay(-1), volume: "1100" });
      await post(page, "/api/tpn", { childId: child.id, date: localDay(), volume: "99999" });
      for (let n = 0; n < 8; n++)
        await post(page, "/api/tpn", {
          childId: child.id,
          date: localDay(),
          volume: n === 0 ? "2365" : "1000",
        });

      await page.goto("/tpn-nutrition");
      const figure = page.getByRole("figure").filter({ hasText: "Volume" });
      await expect
        .poll(() => figure.locator("figcaption").textContent())
        .toContain("Volume: latest 109,364 mL on");
      expect(await page.getByRole("combobox", { name: "Amount" }).textContent()).toContain("Volume");

      const ticks = await valueTicks(figure);
      expect(ticks.at(-1)?.text).toBe("0 mL");
      expect(ticks[0]?.text).toBe("125,000 mL");
      expect(ticks.filter((tick) => !tick.inside)).toEqual([]);

      // Pain on its own 0 to 10 scale.
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
