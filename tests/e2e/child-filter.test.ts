import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpViaApi, useBrowser } from "./browser";
import { card, expectToast, fillSteps } from "./record-screen-helpers";

async function post(page: Page, path: string, data: Record<string, unknown>): Promise<string> {
  const response = await page.request.post(path, { data });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function chooseInHeader(page: Page, name: string) {
  await page.getByRole("combobox", { name: "Show records for" }).click();
  await page.getByRole("option", { name, exact: true }).click();
}

describe("the header's child filter", () => {
  const browser = useBrowser();

  it("says whose records a list shows, also when it finds none, and Show all clears it", async () => {
    const page = await browser.newPage("desktop");
    await signUpViaApi(page);
    const sofia = await post(page, "/api/children", { name: "Sofia" });
    await post(page, "/api/children", { name: "Leo" });
    for (const day of ["01", "02", "03", "04", "05", "06"]) {
      await post(page, "/api/symptoms", { childId: sofia, date: `2025-01-${day}`, symptoms: ["nausea"] });
    }
    const header = page.getByRole("combobox", { name: "Show records for" });

    await page.goto("/symptoms-pain");
    await card(page, "Jan 06, 2025").waitFor();
    expect(await page.getByText("Showing", { exact: false }).count()).toBe(0);

    // Leo has none of the six: the empty state says so, not that there are none at all.
    await chooseInHeader(page, "Leo");
    await page.getByRole("heading", { name: "No symptom entries yet for Leo" }).waitFor();
    await page.getByText("Records of other children are hidden while this list shows Leo's.").waitFor();
    await page.getByRole("button", { name: "Show all", exact: true }).click();
    await card(page, "Jan 06, 2025").waitFor();
    const cards = page
      .getByRole("main")
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { level: 2 }) });
    await expect.poll(() => cards.count()).toBe(6);
    await expect.poll(() => header.textContent()).toContain("All children");

    // Sofia's list says it is hers, above the cards, and Show all there clears the filter too.
    await chooseInHeader(page, "Sofia");
    const notice = page.getByText("Showing Sofia's records");
    await notice.waitFor();
    await card(page, "Jan 06, 2025").waitFor();
    await page.getByRole("button", { name: "Show all", exact: true }).click();
    await notice.waitFor({ state: "detached" });
    await expect.poll(() => header.textContent()).toContain("All children");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main");
  });

  it("opens from the keyboard or a tap the moment the page shows, before the browser is ever idle", async () => {
    const page = await browser.newPage("phone");
    // A browser never idle: the header's switch is still its stand-in when the person reaches for it.
    await page.addInitScript(() => {
      Object.assign(window, { requestIdleCallback: () => 0, cancelIdleCallback: () => {} });
    });
    await signUpViaApi(page);
    await post(page, "/api/children", { name: "Sofia" });
    await post(page, "/api/children", { name: "Leo" });
    const header = page.getByRole("combobox", { name: "Show records for" });
    await page.goto("/");
    await header.focus();
    await page.keyboard.press("ArrowDown");
    await page.getByRole("option", { name: "Leo", exact: true }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("listbox").waitFor({ state: "detached" });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe("Show records for");

    // Opened again from the start, by a tap.
    await page.reload();
    await chooseInHeader(page, "Leo");
    await expect.poll(() => header.getAttribute("title")).toBe("Showing records for: Leo");
    await page.reload();
    await expect.poll(() => header.getAttribute("title")).toBe("Showing records for: Leo");
  });

  it("keeps one navigation on the page: the bottom bar on a phone, the sidebar on a wide screen", async () => {
    const page = await browser.newPage("phone");
    await signUpViaApi(page);
    await page.goto("/");
    // In the page at all, shown or not (a sidebar hidden by CSS is still made and laid out).
    const navigation = page.locator('nav[aria-label="Main navigation"]');
    const sidebar = page.getByRole("complementary").getByRole("navigation", { name: "Main navigation" });
    await navigation.getByRole("link", { name: "Dashboard" }).waitFor();
    expect(await navigation.count()).toBe(1);
    expect(await sidebar.count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await sidebar.getByRole("link", { name: "Vitals" }).waitFor();
    expect(await navigation.count()).toBe(1);
    await page.setViewportSize({ width: 390, height: 844 });
    await sidebar.waitFor({ state: "detached" });
    expect(await navigation.count()).toBe(1);
  });

  it("tells where a record saved for another child went, and Show all shows it", async () => {
    const page = await browser.newPage("phone");
    await signUpViaApi(page);
    await post(page, "/api/children", { name: "Sofia" });
    const leo = await post(page, "/api/children", { name: "Leo" });
    await post(page, "/api/lab-tests", {
      childId: leo,
      testName: "CBC",
      date: "2025-01-02",
      status: "pending",
    });

    await page.goto("/lab-tests");
    await chooseInHeader(page, "Leo");
    await page.getByText("Showing Leo's records").waitFor();
    await card(page, "CBC").waitFor();

    await page.getByRole("button", { name: "Add Lab Test" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add Lab Test" });
    await fillSteps(page, dialog, [
      { label: "Test Name *", fill: "Iron panel" },
      { label: "Date *", fill: "2025-01-03" },
      { label: "Child", pick: "Sofia" },
    ]);
    await dialog.getByRole("button", { name: "Add Test", exact: true }).click();
    await expectToast(page, "Lab test added successfully");
    await expectToast(page, "Saved for Sofia. Showing Leo's records — choose Show all to see it.");
    await dialog.waitFor({ state: "detached" });
    expect(await card(page, "Iron panel").count()).toBe(0);

    // Moving Leo's test to Sofia says the same.
    await page.getByRole("button", { name: "Edit CBC", exact: true }).click();
    const editDialog = page.getByRole("dialog", { name: "Edit Lab Test" });
    await fillSteps(page, editDialog, [{ label: "Child", pick: "Sofia" }]);
    await editDialog.getByRole("button", { name: "Update Test", exact: true }).click();
    await expectToast(page, "Lab test updated successfully");
    await expectToast(page, "Saved for Sofia. Showing Leo's records — choose Show all to see it.");
    await card(page, "CBC").waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Show all", exact: true }).click();
    await card(page, "Iron panel").getByText("Sofia").waitFor();
    await card(page, "CBC").getByText("Sofia").waitFor();
  });

  it("says nothing more when the record is saved for the child the list shows, or for no child", async () => {
    const page = await browser.newPage("desktop");
    await signUpViaApi(page);
    await post(page, "/api/children", { name: "Sofia" });
    await post(page, "/api/children", { name: "Leo" });
    await page.goto("/notes");
    await chooseInHeader(page, "Leo");
    await page.getByRole("heading", { name: "No notes yet for Leo" }).waitFor();

    for (const [title, child] of [
      ["For Leo", "Leo"],
      ["For everyone", "No specific child"],
    ] as const) {
      await page.getByRole("button", { name: "Add Note", exact: true }).click();
      const form = page.getByRole("form", { name: "New Note" });
      await fillSteps(page, form, [
        { label: "Title *", fill: title },
        { label: "Content *", fill: "Text" },
        { label: "Child", pick: child },
      ]);
      await form.getByRole("button", { name: "Save Note", exact: true }).click();
      await expectToast(page, "Note created successfully");
      await card(page, title).waitFor();
      expect(await page.getByText("Saved for", { exact: false }).count()).toBe(0);
      // The toast covers the header's add button on a wide screen.
      await page.getByRole("button", { name: "Close notification" }).click();
      await page.getByText("Note created successfully", { exact: true }).waitFor({ state: "detached" });
    }
  });
});
