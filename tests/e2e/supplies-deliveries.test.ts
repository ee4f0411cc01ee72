import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { card, expectToast } from "./record-screen-helpers";

const SUPPLIES = [
  "TPN bags 1000 mL",
  "Extension sets",
  "0.2 micron filters",
  "Heparin flush syringes",
  "Saline flush syringes",
  "Alcohol caps",
  "Dressing kits",
  "Gloves (box)",
];

async function addSupplies(page: Page) {
  const ids: Record<string, string> = {};
  for (const [index, name] of SUPPLIES.entries()) {
    const response = await page.request.post("/api/tpn-supplies", {
      data: { name, category: "other", currentStock: 10 + index, minThreshold: 5, unit: "each" },
    });
    if (response.status() !== 201) throw new Error(`${response.status()} ${await response.text()}`);
    ids[name] = ((await response.json()) as { id: string }).id;
  }
  return ids;
}

const stocks = async (page: Page) =>
  Object.fromEntries(
    (
      (await (await page.request.get("/api/tpn-supplies")).json()) as { name: string; currentStock: number }[]
    ).map((s) => [s.name, s.currentStock]),
  );

/** The WCAG 2 A/AA problems axe finds on the page (with a dialog open: in the dialog). */
const axeViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).setLegacyMode().analyze()).violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );

/** Whether the element is wholly inside the window (seen without scrolling). */
const inView = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return (
      box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth
    );
  });

describe("deliveries and stocktakes on a phone", () => {
  const browser = useBrowser();

  it("receives a delivery of 8 supplies in one form: a few taps, no scrolling, no old numbers to erase", async () => {
    const page = await browser.signedInPage("phone");
    await addSupplies(page);
    await page.goto("/tpn-supplies");
    let taps = 0;
    const tap = async (locator: Locator) => {
      taps += 1;
      await locator.click();
    };

    await tap(page.getByRole("button", { name: "Receive delivery" }));
    const dialog = page.getByRole("dialog", { name: "Receive delivery" });
    // Every supply is on the form, in the list's order, each with an empty +N field.
    const fields = dialog.getByRole("textbox", { name: /: received$/ });
    expect(await fields.count()).toBe(8);
    // Save stays in view however long the list is.
    expect(await inView(dialog.getByRole("button", { name: "Save delivery" }))).toBe(true);

    const received: Record<string, number> = {};
    const sorted = [...SUPPLIES].sort((a, b) => a.localeCompare(b));
    await tap(dialog.getByLabel(`${sorted[0]}: received`));
    for (const [index, name] of sorted.entries()) {
      const field = dialog.getByLabel(`${name}: received`);
      // The keyboard's Next brings each line into view and focus: nothing to scroll or tap.
      expect(await field.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await inView(field)).toBe(true);
      expect(await field.inputValue()).toBe("");
      received[name] = 2 * (index + 1);
      await page.keyboard.type(String(received[name]));
      if (index < sorted.length - 1) await page.keyboard.press("Enter");
    }
    await tap(dialog.getByRole("button", { name: "Save delivery" }));
    await expectToast(page, "The stock of 8 supplies went up.");
    await dialog.waitFor({ state: "hidden" });
    // 24 taps and 7 scrolls before; now: open, first field, Save.
    expect(taps).toBe(3);

    const after = await stocks(page);
    for (const [index, name] of SUPPLIES.entries()) expect(after[name]).toBe(10 + index + received[name]!);
    const item = card(page, "Extension sets");
    await item.getByText(`${after["Extension sets"]} each`).waitFor();
    await item.getByRole("button", { name: "History", exact: true }).click();
    await item
      .getByRole("list", { name: "Deliveries and counts of Extension sets" })
      .getByText(`Received +${received["Extension sets"]} each`)
      .waitFor();
  });

  it("refuses a delivery with one bad line next to that line, and saves nothing", async () => {
    const page = await browser.signedInPage("phone");
    const before = await stocks(page);
    await page.goto("/tpn-supplies");
    await page.getByRole("button", { name: "Receive delivery" }).click();
    const dialog = page.getByRole("dialog", { name: "Receive delivery" });
    await dialog.getByLabel("Alcohol caps: received").fill("4");
    await dialog.getByLabel("Gloves (box): received").fill("2.5");
    await dialog.getByRole("button", { name: "Save delivery" }).click();
    const field = dialog.getByLabel("Gloves (box): received");
    await dialog.getByText("Quantity received must be a whole number from 1 to 1,000,000").waitFor();
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    // The message is tied to its line.
    const describedBy = await field.getAttribute("aria-describedby");
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toContain("whole number");
    await dialog.getByText("Check the lines marked below: nothing was saved.").waitFor();
    expect(await stocks(page)).toEqual(before);
    await dialog.getByRole("button", { name: "Add lot and expiry for Alcohol caps" }).click();
    await dialog.getByLabel("Lot (optional)").waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it("counts stock: an empty line keeps its number, typed ones replace it and show the difference", async () => {
    const page = await browser.signedInPage("phone");
    const before = await stocks(page);
    await page.goto("/tpn-supplies");
    await page.getByRole("button", { name: "Count stock" }).click();
    const dialog = page.getByRole("dialog", { name: "Count stock" });
    const bags = dialog.getByLabel("TPN bags 1000 mL: counted");
    // The current number shows as a hint, not as text to erase.
    expect(await bags.inputValue()).toBe("");
    expect(await bags.getAttribute("placeholder")).toBe(String(before["TPN bags 1000 mL"]));
    await bags.fill(String(before["TPN bags 1000 mL"]! - 3));
    await dialog.getByText("(\u22123)").waitFor();
    await dialog.getByLabel("Alcohol caps: counted").fill("0");
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Save count" }).click();
    await expectToast(page, "The stock of 2 supplies is now what you counted.");
    const after = await stocks(page);
    expect(after).toEqual({
      ...before,
      "TPN bags 1000 mL": before["TPN bags 1000 mL"]! - 3,
      "Alcohol caps": 0,
    });
    const item = card(page, "TPN bags 1000 mL");
    await item.getByRole("button", { name: "History", exact: true }).click();
    await item.getByText(`Counted ${after["TPN bags 1000 mL"]} each`).waitFor();
  });
});
