import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { card } from "./record-screen-helpers";

async function post(page: Page, path: string, data: unknown) {
  const response = await page.request.post(path, { data });
  if (response.status() !== 201) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

const stockOf = async (page: Page, name: string) =>
  (
    (await (await page.request.get("/api/tpn-supplies")).json()) as { name: string; currentStock: number }[]
  ).find((supply) => supply.name === name)?.currentStock;

describe("a kit drawn by tonight's bag", () => {
  const browser = useBrowser();

  it("sets a bag kit on the Supplies screen, logs a bag that draws it, and gives it back when the bag is deleted", async () => {
    const page = await browser.signedInPage("desktop");
    await post(page, "/api/children", { name: "Sofia" });
    await post(page, "/api/tpn-supplies", {
      name: "Tubing set",
      category: "tubing",
      currentStock: 10,
      unit: "each",
    });
    await post(page, "/api/tpn-supplies", {
      name: "Caps",
      category: "connectors",
      currentStock: 1,
      unit: "each",
    });

    // The kit: 1 tubing set and 2 caps a bag.
    await page.goto("/tpn-supplies");
    const bagKit = page.getByRole("region", { name: "Each PN bag" });
    await bagKit.getByRole("combobox").selectOption({ label: "Tubing set" });
    await bagKit.getByRole("button", { name: "Add to the kit" }).click();
    await bagKit.getByLabel("How many Tubing set").waitFor();
    await bagKit.getByRole("combobox").selectOption({ label: "Caps" });
    await bagKit.getByLabel("How many", { exact: true }).fill("2");
    await bagKit.getByRole("button", { name: "Add to the kit" }).click();
    await bagKit.getByLabel("How many Caps").waitFor();

    // Tonight's bag: the toast says what it drew, and which supply was short (1 cap in stock).
    await page.goto("/tpn-nutrition");
    await page.getByRole("button", { name: "Add TPN Entry" }).first().click();
    const bag = page.getByRole("dialog", { name: "Add TPN Entry" });
    await bag.getByLabel("Volume (mL)").fill("1000");
    await bag.getByRole("button", { name: "Add Entry" }).click();
    await bag.waitFor({ state: "detached" });
    await page.getByText("Short in stock: Caps (1 each). Drew 2 Caps, 1 Tubing set.").first().waitFor();
    expect(await stockOf(page, "Tubing set")).toBe(9);
    expect(await stockOf(page, "Caps")).toBe(0);

    // The Supplies screen shows the stock lower, and the usage drawn by the bag.
    await page.goto("/tpn-supplies");
    const tubing = card(page, "Tubing set");
    await tubing.getByText(/^9\s*each$/).waitFor();
    await tubing.getByRole("button", { name: "History" }).click();
    await tubing.getByText("Drawn by a PN bag's kit").waitFor();

    // Deleted, the bag gives back what it took.
    await page.goto("/tpn-nutrition");
    await page
      .getByRole("button", { name: /^Delete/ })
      .first()
      .click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await page.getByRole("alertdialog").waitFor({ state: "detached" });
    await expect.poll(() => stockOf(page, "Tubing set"), { timeout: 5000 }).toBe(10);
    expect(await stockOf(page, "Caps")).toBe(1);
    await page.goto("/tpn-supplies");
    await card(page, "Tubing set")
      .getByText(/^10\s*each$/)
      .waitFor();
  });
});
