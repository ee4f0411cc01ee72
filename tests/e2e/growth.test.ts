import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpViaApi, useBrowser } from "./browser";

/** The browser's local day, `offset` days from today. */
function localDay(offset = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

async function post(page: Page, path: string, data: unknown) {
  const response = await page.request.post(path, { data });
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

describe("growth charts of a child born early", () => {
  const browser = useBrowser();

  it("takes the gestational age on the child's profile, and the growth screen says it uses the corrected age", async () => {
    const page = await browser.newPage("phone");
    await signUpViaApi(page);
    // Born 183 days ago; weighed today.
    const child = await post(page, "/api/children", {
      name: "Kai",
      gender: "female",
      dateOfBirth: localDay(-183),
    });
    await post(page, "/api/vitals", { childId: child.id, date: localDay(), kind: "weight", value: 6.2 });

    await page.goto("/children");
    await page.getByRole("button", { name: "Actions for Kai" }).click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Child Information" });
    await dialog.getByLabel("Born at (weeks of pregnancy)").fill("30");
    await dialog.getByLabel("and days (0 to 6)").fill("4");
    await dialog.getByRole("button", { name: "Update Child" }).click();
    await dialog.waitFor({ state: "detached" });
    const saved = await (await page.request.get(`/api/children/${child.id}`)).json();
    expect(saved).toMatchObject({ gestationalAgeWeeks: 30, gestationalAgeDays: 4 });

    await page.goto("/vitals?tab=growth");
    await page
      .getByText(/^Born at 30 weeks 4 days: Kai's percentiles and chart use the corrected age/)
      .waitFor();
    // 183 days since birth less 66 days early (9 weeks 3 days): 117 days, 3 months.
    const row = page.getByRole("row").filter({ hasText: "6.2 kg" });
    expect(await row.textContent()).toContain("3 months corrected age (6 months since birth)");
  });
});
