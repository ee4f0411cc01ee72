import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { card, expectToast } from "./record-screen-helpers";

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

describe("Lab Results", () => {
  const browser = useBrowser({
    prepareSharedAccount: async (page) => {
      const child = await post(page, "/api/children", { name: "Sam" });
      // A month ago: conjugated bilirubin already high, in µmol/L.
      await post(page, "/api/lab-results", {
        childId: child.id,
        date: localDay(-30),
        analytes: [{ analyte: "conjugated-bilirubin", value: 20, unit: "µmol/L", referenceHigh: 5 }],
      });
    },
  });

  it("adds a result with three analytes on a phone, converting units, and shows its flags and the trend", async () => {
    const page = await browser.signedInPage("phone");
    await page.goto("/lab-results");
    await page.getByRole("heading", { name: "Lab Results", level: 1 }).waitFor();
    // The earlier result is listed: the trend has a point to start from.
    await page.getByText("1 out of range").waitFor();

    await page.getByRole("button", { name: "Add Lab Result" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add Lab Result" });
    await dialog.waitFor();
    const sam = dialog.getByRole("radio", { name: "Sam" });
    if (await sam.count()) await sam.check();
    await dialog.getByLabel("Date drawn *").fill(localDay(-1));

    // The first analyte: conjugated bilirubin as the lab wrote it, in mg/dL.
    const first = dialog.getByRole("group", { name: "Analyte 1" });
    await first.getByLabel("Analyte *").selectOption({ label: "Conjugated (direct) bilirubin" });
    await first.getByLabel("Unit *").selectOption("mg/dL");
    await first.getByLabel("Value *").fill("2.1");
    await first.getByLabel("Range high").fill("0.3");
    // What it is in the analyte's own unit, said under the value.
    await first.getByText("= 35.91 µmol/L").waitFor();

    await dialog.getByRole("button", { name: "Add analyte" }).click();
    const second = dialog.getByRole("group", { name: "Analyte 2" });
    await second.getByLabel("Analyte *").selectOption({ label: "Potassium" });
    await second.getByLabel("Value *").fill("4.1");
    await second.getByLabel("Range low").fill("3.5");
    await second.getByLabel("Range high").fill("5");
    // The third: triglycerides in mg/dL, 150 mg/dL × 0.0113 = 1.695 mmol/L (AMA Manual of Style).
    await dialog.getByRole("button", { name: "Add analyte" }).click();
    const third = dialog.getByRole("group", { name: "Analyte 3" });
    await third.getByLabel("Analyte *").selectOption({ label: "Triglycerides" });
    await third.getByLabel("Unit *").selectOption("mg/dL");
    await third.getByLabel("Value *").fill("150");
    await third.getByLabel("Range high").fill("150");
    await third.getByText(/= 1\.69\d? mmol\/L/).waitFor();
    await dialog.getByLabel("Drawn from").selectOption({ label: "Peripheral vein" });
    await dialog.getByLabel("PN at the draw").selectOption({ label: "Before PN starts" });
    await dialog.getByRole("button", { name: "Save Result" }).click();
    await expectToast(page, "Lab result added");
    await dialog.waitFor({ state: "hidden" });

    // The new card: each analyte with its value, range and a flag in words.
    const analytes = page.getByRole("list", { name: "Analytes" }).first();
    const bilirubin = analytes.getByRole("listitem").filter({ hasText: "Conjugated (direct) bilirubin" });
    await bilirubin.getByText("2.1 mg/dL").waitFor();
    await bilirubin.getByText("ref ≤ 0.3 mg/dL").waitFor();
    await bilirubin.getByText("High", { exact: true }).waitFor();
    const potassium = analytes.getByRole("listitem").filter({ hasText: "Potassium" });
    await potassium.getByText("ref 3.5–5 mmol/L").waitFor();
    await potassium.getByText("Normal", { exact: true }).waitFor();
    const triglycerides = analytes.getByRole("listitem").filter({ hasText: "Triglycerides" });
    await triglycerides.getByText("150 mg/dL", { exact: true }).waitFor();
    await triglycerides.getByText("ref ≤ 150 mg/dL").waitFor();
    await card(page, "Lab result").first().getByText("Peripheral vein, Before PN starts").waitFor();

    // The trend of conjugated bilirubin: both results, in µmol/L, with the lab's range as a band.
    const trend = page.locator("figure").filter({ hasText: "Conjugated (direct) bilirubin: latest" });
    await trend.getByText(/latest 35\.9 µmol\/L on .*; lowest 20 µmol\/L, highest 35\.9 µmol\/L/).waitFor();
    await trend.locator(".recharts-reference-area").first().waitFor();
    expect(await trend.locator(".recharts-line-dot, .recharts-dot").count()).toBeGreaterThanOrEqual(2);
    // Another analyte's trend, chosen from the list.
    await page.getByLabel("Analyte", { exact: true }).selectOption({ label: "Potassium" });
    await page.getByText(/Potassium: latest 4\.1 mmol\/L/).waitFor();
    await page.getByLabel("Analyte", { exact: true }).selectOption({ label: "Triglycerides" });
    await page.getByText(/Triglycerides: latest 1\.7 mmol\/L/).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });

  it("draws conjugated bilirubin on the dashboard for a child with a PN prescription in force, and only then", async () => {
    const page = await browser.signedInPage("phone");
    await page.goto("/");
    await page.getByRole("heading", { name: "TPN Tracker Dashboard" }).waitFor();
    await page.getByText("Latest Lab Results").waitFor();
    expect(await page.getByText("Conjugated Bilirubin", { exact: true }).count()).toBe(0);

    const [child] = (await (await page.request.get("/api/children")).json()) as { id: string }[];
    await post(page, "/api/pn-prescriptions", {
      childId: child!.id,
      startDate: localDay(-60),
      bagVolumeMl: 900,
      infusionHours: 12,
    });
    await page.reload();
    await page.getByText("Conjugated Bilirubin", { exact: true }).waitFor();
    await page.getByText(/^Conjugated bilirubin: latest [\d.]+ µmol\/L on .*High\.$/).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });
});
