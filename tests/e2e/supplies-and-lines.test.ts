import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { card, expectCardTexts, expectToast, fillSteps } from "./record-screen-helpers";

async function post(page: Page, path: string, data: Record<string, unknown>) {
  const response = await page.request.post(path, { data });
  if (response.status() !== 201) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as { id: string };
}

describe("TPN Supplies", () => {
  const browser = useBrowser();

  it("adds a supply, records usage that lowers the stock and the badge, and exports the CSV", async () => {
    const page = await browser.signedInPage();
    await page.goto("/tpn-supplies");
    await page.getByText("No supplies found").waitFor();
    await page.getByRole("button", { name: "Add First Supply" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Supply" });
    // The spec's defaults: stock 0, threshold 5.
    expect(await dialog.getByLabel("Current Stock *").inputValue()).toBe("0");
    expect(await dialog.getByLabel("Min Threshold *").inputValue()).toBe("5");
    await fillSteps(page, dialog, [
      { label: "Name *", fill: 'Extension set, 60"' },
      { label: "Category *", pick: "Tubing" },
      { label: "Current Stock *", fill: "7" },
      { label: "Unit *", fill: "each" },
      { label: "Supplier", fill: '=HYPERLINK("http://evil")' },
      { label: "Cost Per Unit ($)", fill: "3.5" },
      { label: "Expiration Date", fill: "2027-02-01" },
    ]);
    await dialog.getByRole("button", { name: "Add Supply" }).click();
    await expectToast(page, "TPN supply has been added successfully.");
    await expectCardTexts(page, 'Extension set, 60"', ["Warning", "7 each", "$3.50", "Expires Feb 01, 2027"]);

    // Usage: the dialog names the supply and its stock, with quantity 1 and today.
    const item = card(page, 'Extension set, 60"');
    await item.getByRole("button", { name: "Record Usage" }).click();
    const usage = page.getByRole("dialog", { name: "Record Supply Usage" });
    await usage.getByText('Extension set, 60" · Current stock: 7 each').waitFor();
    expect(await usage.getByLabel("Quantity Used *").inputValue()).toBe("1");
    await usage.getByLabel("Quantity Used *").fill("4");
    await usage.getByRole("button", { name: "Record Usage" }).click();
    await expectToast(page, "Supply usage has been recorded successfully.");
    await expectCardTexts(page, 'Extension set, 60"', ["Low Stock", "3 each"], ["Warning"]);
    await page.getByText("1 supply needs reordering:").waitFor();

    // More than the stock: the server's message, and nothing changes.
    await item.getByRole("button", { name: "Record Usage" }).click();
    await usage.getByLabel("Quantity Used *").fill("9");
    await usage.getByRole("button", { name: "Record Usage" }).click();
    await page
      .getByText(/Failed to record supply usage\. Only 3 each/)
      .first()
      .waitFor();
    await usage.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Discard" }).click();
    await expectCardTexts(page, 'Extension set, 60"', ["3 each"]);

    // The usage history gives the stock back on delete.
    await item.getByRole("button", { name: "History", exact: true }).click();
    await item.getByRole("button", { name: /Delete usage of/ }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expectCardTexts(page, 'Extension set, 60"', ["7 each", "Warning"]);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^tpn-supplies-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, "utf8");
    const [header, row] = csv.replace(/^\uFEFF/, "").split("\r\n");
    expect(header).toBe(
      "Name,Category,Current Stock,Min Threshold,Unit,Supplier,Order Number,Cost Per Unit,Expiration Date,Notes",
    );
    expect(row).toBe(
      '"Extension set, 60""",tubing,7,5,each,"\'=HYPERLINK(""http://evil"")",,3.50,2027-02-01,',
    );
  });
});

describe("a supply's long usage history", () => {
  const browser = useBrowser();

  it("shows the newest 100 uses, and the older ones on asking", async () => {
    const page = await browser.signedInPage();
    const supply = await post(page, "/api/tpn-supplies", {
      name: "Saline flush",
      category: "syringes",
      currentStock: 500,
      minThreshold: 5,
      unit: "each",
    });
    for (let day = 1; day <= 103; day++) {
      const usageDate = new Date(Date.UTC(2026, 0, day)).toISOString().slice(0, 10);
      await post(page, "/api/supply-usage", { supplyId: supply.id, quantityUsed: 1, usageDate });
    }
    await page.goto("/tpn-supplies");
    const item = card(page, "Saline flush");
    await item.getByRole("button", { name: "History", exact: true }).click();
    const uses = item.getByRole("list", { name: "Usage of Saline flush" }).getByRole("listitem");
    await expect.poll(() => uses.count()).toBe(100);
    expect(await uses.first().textContent()).toContain("Apr 13, 2026");
    // Scrolled near, the list also loads on its own (the button then waits, disabled): a click
    // that is not held up by that race.
    await item.getByRole("button", { name: "Show older entries" }).dispatchEvent("click");
    await expect.poll(() => uses.count()).toBe(103);
    expect(await uses.last().textContent()).toContain("Jan 01, 2026");
    expect(await item.getByRole("button", { name: "Show older entries" }).count()).toBe(0);
  });
});

describe("the dashboard's supply and infusion center cards", () => {
  const browser = useBrowser();

  it("shows the Monday reminder and the first three low-stock names, then '+N more'", async () => {
    const page = await browser.signedInPage();
    for (const name of ["Alcohol pads", "Bags", "Caps", "Dressings", "Filters"]) {
      await post(page, "/api/tpn-supplies", {
        name,
        category: "other",
        currentStock: 1,
        minThreshold: 2,
        unit: "each",
      });
    }
    await page.clock.setFixedTime(new Date(2026, 10, 23, 9, 0));
    await page.goto("/");
    await page.getByText("It's Monday: time for the weekly supply check.").waitFor();
    await page.getByText("Running low: Alcohol pads, Bags, Caps +2 more").waitFor();
    await page.getByText("Verify that the delivery matches the order").waitFor();
    await page.clock.setFixedTime(new Date(2026, 10, 24, 9, 0));
    await page.reload();
    await page.getByText("Running low: Alcohol pads, Bags, Caps +2 more").waitFor();
    expect(await page.getByText("It's Monday: time for the weekly supply check.").count()).toBe(0);
  });

  it("adds, edits and deletes an infusion center, with the weekly totals", async () => {
    const page = await browser.newPage();
    await page.request.post("/api/auth/register", {
      data: { email: `ic-${Date.now()}@example.org`, password: "correct horse battery staple" },
    });
    await post(page, "/api/children", { name: "Sam" });
    await page.goto("/");
    await page.getByText("No infusion centers added").waitFor();
    await page.getByRole("button", { name: "Add Center" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add Infusion Center" });
    await fillSteps(page, dialog, [
      { label: "Name *", fill: "Riverside Home Infusion" },
      { label: "Child", pick: "Sam" },
      { label: "Phone", fill: "555-0142" },
      { label: "Blood Draws per Week", fill: "2" },
      { label: "Bandage Changes per Week", fill: "8" },
    ]);
    await dialog.getByRole("button", { name: "Add Center" }).click();
    await dialog.getByText("Bandage changes per week must be a whole number from 0 to 7").waitFor();
    await dialog.getByLabel("Bandage Changes per Week").fill("3");
    await dialog.getByRole("button", { name: "Add Center" }).click();
    await expectToast(page, "Infusion center created successfully");
    await expectCardTexts(page, "Riverside Home Infusion", [
      "Sam",
      "555-0142",
      "2 blood draws, 3 bandage changes a week",
    ]);
    const totals = page.getByRole("definition");
    await expect.poll(() => totals.allTextContents()).toEqual(["1", "2", "3"]);

    await card(page, "Riverside Home Infusion")
      .getByRole("button", { name: "Edit Riverside Home Infusion" })
      .click();
    const edit = page.getByRole("dialog", { name: "Edit Infusion Center" });
    await fillSteps(page, edit, [
      { label: "Blood Draws per Week", fill: "1" },
      { label: "Child", pick: "No specific child" },
    ]);
    await edit.getByRole("button", { name: "Update Center" }).click();
    await expectToast(page, "Infusion center updated successfully");
    await expect.poll(() => totals.allTextContents()).toEqual(["1", "1", "3"]);
    await expectCardTexts(page, "Riverside Home Infusion", ["1 blood draw, 3"], ["Sam"]);

    await card(page, "Riverside Home Infusion")
      .getByRole("button", { name: "Delete Riverside Home Infusion" })
      .click();
    const confirm = page.getByRole("alertdialog");
    await confirm
      .getByText('Are you sure you want to delete "Riverside Home Infusion"? This action cannot be undone.')
      .waitFor();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Infusion center deleted successfully");
    await page.getByText("No infusion centers added").waitFor();
  });
});

describe("PICC Line Tracking", () => {
  const browser = useBrowser();

  it("adds and edits a line and an infection in their tabs, and shows the infection rate", async () => {
    const page = await browser.signedInPage();
    await post(page, "/api/children", { name: "Sam" });
    await post(page, "/api/children", { name: "Ava" });
    await page.goto("/picc-lines");
    await page.getByText("Please select a child to view PICC line tracking").waitFor();
    await page.getByRole("combobox", { name: "Child" }).click();
    await page.getByRole("option", { name: /Sam/ }).click();
    await page.getByText("No PICC lines recorded").waitFor();

    await page.getByRole("button", { name: "Add PICC Line" }).first().click();
    const lineDialog = page.getByRole("dialog", { name: "Add PICC Line" });
    await lineDialog.getByRole("button", { name: "Add Line" }).click();
    await lineDialog.getByText("Insertion date is required").waitFor();
    await lineDialog.getByText("Insertion site is required").waitFor();
    await lineDialog.getByText("Line type is required").waitFor();
    await fillSteps(page, lineDialog, [
      { label: "Insertion Date *", fill: "2026-01-01" },
      { label: "Insertion Site *", pick: "Right arm" },
      { label: "Line Type *", pick: "Double lumen" },
      { label: "Inserted By", fill: "IR team" },
    ]);
    await lineDialog.getByRole("button", { name: "Add Line" }).click();
    await expectToast(page, "PICC line added successfully");
    await expectCardTexts(page, "Double lumen", ["In place", "Right arm", "IR team"]);

    await page.getByRole("button", { name: /^Edit Double lumen/ }).click();
    const editLine = page.getByRole("dialog", { name: "Edit PICC Line" });
    await fillSteps(page, editLine, [
      { label: "Removal Date", fill: "2026-01-10" },
      { label: "Removal Reason", fill: "Fever" },
    ]);
    await editLine.getByRole("button", { name: "Update Line" }).click();
    await expectToast(page, "PICC line updated successfully");
    await expectCardTexts(page, "Double lumen", ["Removed", "Fever"]);
    // Jan 1 to Jan 10: ten catheter-days.
    await page.getByText("per 1,000 days with a line in (10)", { exact: false }).waitFor();

    await page.getByRole("tab", { name: "Infections" }).click();
    await page.getByText("No infections recorded").waitFor();
    await page.getByRole("button", { name: "Add Infection" }).first().click();
    const infection = page.getByRole("dialog", { name: "Add Infection" });
    await fillSteps(page, infection, [
      { label: "Infection Date *", fill: "2026-01-09" },
      { label: "Infection Type *", pick: "Bloodstream" },
      { label: "Line", pick: "Double lumen, right arm, in Jan 1, 2026" },
      { label: "Hospital Admission", pick: "Yes" },
      { label: "Admission Duration", fill: "5 days" },
    ]);
    await infection.getByRole("button", { name: "Add Infection" }).click();
    await expectToast(page, "Infection record added successfully");
    await expectCardTexts(page, "Bloodstream infection", ["Unknown outcome", "Admitted (5 days)"]);
    // One bloodstream infection over ten catheter-days: 100 per 1,000. Jan 9 is the line's day 9, so
    // it counts as a CLABSI (NHSN Patient Safety Component Manual, ch. 4: from line day 3 until the
    // day after removal).
    await page.getByText("100").first().waitFor();
    await page
      .getByText("bloodstream infections from a line's day 3 until the day after it came out (1)", {
        exact: false,
      })
      .waitFor();

    await page.getByRole("button", { name: /^Edit Bloodstream infection/ }).click();
    const editInfection = page.getByRole("dialog", { name: "Edit Infection" });
    await fillSteps(page, editInfection, [{ label: "Outcome", pick: "Resolved" }]);
    await editInfection.getByRole("button", { name: "Update Infection" }).click();
    await expectToast(page, "Infection record updated successfully");
    await expectCardTexts(page, "Bloodstream infection", ["Resolved"], ["Unknown outcome"]);

    // Another child has none of Sam's records.
    await page.getByRole("combobox", { name: "Child" }).click();
    await page.getByRole("option", { name: /Ava/ }).click();
    await page.getByText("No infections recorded").waitFor();
  });
});
