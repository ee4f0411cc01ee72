import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpViaApi, useBrowser } from "./browser";

/** Today as the browser's local yyyy-MM-dd (the app's notion of "today"). */
function localDay(offsetDays = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + offsetDays);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

async function post(page: Page, path: string, data: Record<string, unknown>) {
  const response = await page.request.post(path, { data });
  if (response.status() !== 201) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as { id: string };
}

/** Waits for a toast (Radix also copies its text into a live region, hence `first`). */
const toastShown = (page: Page, text: string) => page.getByText(text).first().waitFor();

/** The header's add button (the empty state repeats it). */
const addButton = (page: Page) => page.getByRole("button", { name: "Add TPN Entry" }).first();

async function pickChild(page: Page, name: string) {
  await page.getByRole("combobox", { name: "Child" }).click();
  await page.getByRole("option", { name: new RegExp(name) }).click();
}

describe("the TPN Nutrition screen", () => {
  const browser = useBrowser();

  it("asks for a child profile when the family has none", async () => {
    const page = await browser.newPage();
    await signUpViaApi(page);
    await page.goto("/tpn-nutrition");
    await page.getByText("No children profiles found. Please add a child profile first.").waitFor();
    await page.getByText("Select a child to track TPN nutrition").waitFor();
    expect(await addButton(page).isDisabled()).toBe(true);
  });

  it("adds, edits and deletes an entry for the picked child", async () => {
    const page = await browser.newPage();
    await signUpViaApi(page);
    const sofia = await post(page, "/api/children", { name: "Sofia", age: 6 });
    await post(page, "/api/children", { name: "Leo", age: 3 });

    await page.goto("/tpn-nutrition");
    await page.getByText("Select a child to track TPN nutrition").waitFor();
    expect(await addButton(page).isDisabled()).toBe(true);

    await pickChild(page, "Sofia");
    await page.getByText("No TPN entries yet").waitFor();
    expect(await addButton(page).isDisabled()).toBe(false);

    await addButton(page).click();
    const dialog = page.getByRole("dialog", { name: "Add TPN Entry" });
    await dialog.getByLabel("Date *").fill("2025-01-05");
    await dialog.getByLabel("Calories (kcal)").fill("850.5");
    await dialog.getByLabel("Protein (g)").fill("25");
    await dialog.getByLabel("Carbohydrates (g)").fill("120.25");
    await dialog.getByLabel("Fat (g)").fill("20");
    await dialog.getByLabel("Volume (mL)").fill("1000");
    await dialog.getByLabel("Duration (hours)").fill("12");
    await dialog.getByRole("button", { name: "More details" }).click();
    await dialog.getByLabel("Notes").fill("Pump alarm at 2am");
    expect(await dialog.getByLabel("Calories (kcal)").getAttribute("inputmode")).toBe("decimal");
    await dialog.getByRole("button", { name: "Add Entry" }).click();
    await toastShown(page, "TPN entry added successfully");
    await dialog.waitFor({ state: "detached" });

    const card = page.getByRole("listitem").filter({ hasText: "Jan 05, 2025" });
    const text = await card.textContent();
    for (const shown of [
      "850.5",
      "kcal",
      "25",
      "120.25",
      "20",
      "1,000",
      "mL",
      "12",
      "hours",
      "Pump alarm at 2am",
    ]) {
      expect(text).toContain(shown);
    }

    await card.getByRole("button", { name: "Edit Jan 05, 2025" }).click();
    const editDialog = page.getByRole("dialog", { name: "Edit TPN Entry" });
    expect(await editDialog.getByLabel("Calories (kcal)").inputValue()).toBe("850.50");
    await editDialog.getByLabel("Calories (kcal)").fill("900");
    await editDialog.getByLabel("Duration (hours)").fill("");
    await editDialog.getByRole("button", { name: "Update Entry" }).click();
    await toastShown(page, "TPN entry updated successfully");
    await editDialog.waitFor({ state: "detached" });
    await card.getByText(/^900\s*kcal$/).waitFor();
    // The focus is back on the button that opened the dialog.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe("Edit Jan 05, 2025");
    expect(await card.textContent()).not.toContain("hours");

    const stored = await (await page.request.get(`/api/tpn?childId=${sofia.id}`)).json();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ childId: sofia.id, calories: "900.00", duration: null });

    await card.getByRole("button", { name: "Delete Jan 05, 2025" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await toastShown(page, "TPN entry deleted successfully");
    await page.getByText("No TPN entries yet").waitFor();
    await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest("main")))).toBe(true);
  });

  it("keeps its own child: the picker leaves the header's filter alone, a new header choice wins", async () => {
    const page = await browser.newPage();
    await signUpViaApi(page);
    const sofia = await post(page, "/api/children", { name: "Sofia", age: 6 });
    const leo = await post(page, "/api/children", { name: "Leo", age: 3 });
    await post(page, "/api/tpn", { childId: sofia.id, date: "2025-01-05", calories: "850" });
    await post(page, "/api/tpn", { childId: leo.id, date: "2025-01-06", calories: "600" });
    const entry = (day: string) => page.getByRole("listitem").filter({ hasText: day });
    const header = page.getByRole("combobox", { name: "Show records for" });
    const picker = page.getByRole("combobox", { name: "Child", exact: true });

    await page.goto("/tpn-nutrition");
    await pickChild(page, "Sofia");
    await entry("Jan 05, 2025").waitFor();
    expect(await header.textContent()).toContain("All children");

    // The header's choice is newer than the pick: the screen follows it.
    await header.click();
    await page.getByRole("option", { name: "Leo", exact: true }).click();
    await entry("Jan 06, 2025").waitFor();
    await entry("Jan 05, 2025").waitFor({ state: "detached" });
    await expect.poll(() => picker.textContent()).toContain("Leo");

    // Picking Sofia here shows her entries and leaves every other list on Leo.
    await pickChild(page, "Sofia");
    await entry("Jan 05, 2025").waitFor();
    expect(await header.textContent()).toContain("Leo");
    await page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "Lab Tests" })
      .click();
    await page.getByRole("heading", { name: "No lab tests yet for Leo" }).waitFor();
  });

  it("picks the only child by default and keeps the dialog open when a save fails", async () => {
    const page = await browser.newPage();
    await signUpViaApi(page);
    await post(page, "/api/children", { name: "Ava" });
    await page.route("**/api/tpn", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"Server error"}' })
        : route.continue(),
    );

    await page.goto("/tpn-nutrition");
    await page.getByText("No TPN entries yet").waitFor();
    expect(await page.getByText("Select a child to track TPN nutrition").count()).toBe(0);

    await addButton(page).click();
    const dialog = page.getByRole("dialog", { name: "Add TPN Entry" });
    expect(await dialog.getByLabel("Date *").inputValue()).toBe(localDay());
    await dialog.getByLabel("Calories (kcal)").fill("800");
    await dialog.getByRole("button", { name: "Add Entry" }).click();
    await toastShown(page, "Failed to add TPN entry");
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole("button", { name: "Add Entry" }).isEnabled()).toBe(true);
  });

  it("says when the entries cannot be loaded", async () => {
    const page = await browser.newPage();
    await signUpViaApi(page);
    await post(page, "/api/children", { name: "Ava" });
    await page.route("**/api/tpn?*", (route) => route.fulfill({ status: 500, body: "" }));
    await page.goto("/tpn-nutrition");
    await page.getByRole("alert").filter({ hasText: "Failed to fetch TPN entries" }).waitFor();
    // The same failure is announced in a destructive toast.
    await page
      .locator("[data-state=open]")
      .filter({ hasText: "Failed to fetch TPN entries" })
      .first()
      .waitFor();
  });
});

describe("the dashboard", () => {
  const browser = useBrowser();
  const tile = (page: Page, label: string, count: number) =>
    page.getByRole("link", { name: `${label}: ${count}`, exact: true });

  it("counts records, lists the latest changes and shows what is coming up", async () => {
    const page = await browser.newPage();
    await signUpViaApi(page);
    let releaseStats = () => {};
    const statsHeld = new Promise<void>((resolve) => {
      releaseStats = resolve;
    });
    await page.route("**/api/dashboard/stats*", async (route) => {
      await statsHeld;
      await route.continue();
    });
    await page.goto("/");
    await page.getByRole("heading", { name: "TPN Tracker Dashboard", level: 1 }).waitFor();
    const skeletons = page.getByRole("status", { name: "Loading counts" });
    await skeletons.waitFor();
    expect(await skeletons.locator(":scope > div").count()).toBe(6);
    releaseStats();
    for (const label of [
      "TPN Entries",
      "Specialist Visits",
      "Lab Tests",
      "Symptom Entries",
      "Medical Allergies",
      "Care Team Members",
    ]) {
      await tile(page, label, 0).waitFor();
    }
    // No changes yet: the onboarding hints.
    await page.getByText("Welcome to your TPN tracker dashboard.").waitFor();
    await page.getByText("4 min ago").waitFor();

    const child = await post(page, "/api/children", { name: "Sofia" });
    await post(page, "/api/tpn", {
      childId: child.id,
      date: localDay(),
      calories: "850",
      volume: "1000",
      duration: 12,
    });
    await post(page, "/api/specialist-visits", {
      doctorName: "Dr. Nguyen",
      specialty: "Nutrition",
      date: localDay(7),
    });
    await post(page, "/api/medications", { name: "Ursodiol", dosage: "60 mg", frequency: "Twice daily" });
    await post(page, "/api/medications", {
      name: "Omeprazole",
      dosage: "10 mg",
      frequency: "Daily",
      isActive: "false",
    });
    await post(page, "/api/lab-tests", { testName: "CBC", date: localDay(-1), status: "pending" });
    await post(page, "/api/care-team", { name: "Dr. P", role: "GI" });

    await page.reload();
    await tile(page, "TPN Entries", 1).waitFor();
    await tile(page, "Specialist Visits", 1).waitFor();
    await tile(page, "Lab Tests", 1).waitFor();
    await tile(page, "Care Team Members", 1).waitFor();
    await tile(page, "Symptom Entries", 0).waitFor();
    // Roomier from the sm breakpoint (a class typo once left them at the phone padding).
    expect(await tile(page, "TPN Entries", 1).evaluate((el) => getComputedStyle(el).paddingTop)).toBe("16px");
    await tile(page, "TPN Entries", 1).click();
    await page.waitForURL((url) => url.pathname === "/tpn-nutrition");
    await page.goBack();

    await page.getByText("You added care team member Dr. P (GI)").waitFor();
    await page.getByText("You added lab test CBC").waitFor();
    expect(await page.getByText("Welcome to your TPN tracker dashboard.").count()).toBe(0);

    await page.getByText("Dr. Nguyen · Nutrition", { exact: true }).waitFor();
    const labRow = page.getByRole("listitem").filter({ hasText: "CBC" });
    await labRow.getByText("Pending").waitFor();
    await page.getByText("850 kcal").waitFor();
    await page.getByText("Ursodiol", { exact: true }).waitFor();
    expect(await page.getByText("Omeprazole", { exact: true }).count()).toBe(0);
  });

  it("says '1 hour' for today's one-hour infusion", async () => {
    const page = await browser.newPage();
    await signUpViaApi(page);
    const child = await post(page, "/api/children", { name: "Sofia" });
    await post(page, "/api/tpn", { childId: child.id, date: localDay(), calories: "850", duration: 1 });
    await page.goto("/");
    const today = page.getByRole("region", { name: "TPN today" });
    await today.getByText("850").waitFor();
    await today.getByText("hour", { exact: true }).waitFor();
    expect(await today.getByText("hours", { exact: true }).count()).toBe(0);
  });

  it("keeps the emergency numbers in this browser: save persists, cancel discards", async () => {
    const page = await browser.newPage();
    await signUpViaApi(page);
    await page.goto("/");
    await page.getByText("Not set").first().waitFor();
    const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);
    const editButton = page.getByRole("button", { name: "Edit" });
    // Edit puts the cursor in the first number; Save and Cancel give the focus back to Edit.
    await editButton.click();
    await expect.poll(() => isFocused(page.getByLabel("Pharmacy phone"))).toBe(true);
    await page.getByLabel("Pharmacy phone").fill("(555) 010-0100");
    await page.getByLabel("Nurse phone").fill("555 0199");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByRole("link", { name: "(555) 010-0100" }).waitFor();
    await expect.poll(() => isFocused(editButton)).toBe(true);

    await page.reload();
    const pharmacy = page.getByRole("link", { name: "(555) 010-0100" });
    expect(await pharmacy.getAttribute("href")).toBe("tel:5550100100");
    expect(await page.getByRole("link", { name: "555 0199" }).getAttribute("href")).toBe("tel:5550199");
    expect(
      await page.evaluate(() => [
        localStorage.getItem("mct.emergency.pharmacy"),
        localStorage.getItem("mct.emergency.nurse"),
      ]),
    ).toEqual(["(555) 010-0100", "555 0199"]);

    await page.getByRole("button", { name: "Edit" }).click();
    await page.getByLabel("Pharmacy phone").fill("999");
    await page.getByRole("button", { name: "Cancel" }).click();
    await pharmacy.waitFor();
    await expect.poll(() => isFocused(editButton)).toBe(true);
    expect(await page.getByText("999", { exact: true }).count()).toBe(0);
    await page.reload();
    await pharmacy.waitFor();
  });

  it("starts a family without a child on Children and one with a child on TPN Nutrition", async () => {
    const page = await browser.newPage();
    await signUpViaApi(page);
    await page.goto("/");
    await page.getByRole("link", { name: "Learn More" }).click();
    await page.waitForURL((url) => url.pathname === "/faq");
    await page.goto("/");
    await page.getByRole("link", { name: "Get Started" }).click();
    await page.waitForURL((url) => url.pathname === "/children");

    await post(page, "/api/children", { name: "Sofia" });
    await page.goto("/");
    await page.getByRole("link", { name: "Get Started" }).click();
    await page.waitForURL((url) => url.pathname === "/tpn-nutrition");
  });

  it("sends a family without a child to Children even when Get Started is pressed before its children have loaded", async () => {
    const page = await browser.newPage();
    await signUpViaApi(page);
    // The list of children answers only once Get Started has been pressed (a slow connection).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/children", async (route) => {
      if (route.request().method() !== "GET") return route.continue();
      await held;
      return route.continue();
    });
    await page.goto("/");
    await page.getByRole("link", { name: "Get Started" }).click();
    release();
    await page.waitForURL((url) => url.pathname === "/children");
    await page.getByRole("heading", { name: "No children added yet" }).waitFor();
  });

  it("fits a phone: tiles two by two and no sideways scrolling on the dashboard or TPN Nutrition", async () => {
    const page = await browser.newPage("phone");
    await signUpViaApi(page);
    await page.goto("/");
    const first = await tile(page, "TPN Entries", 0).boundingBox();
    const second = await tile(page, "Specialist Visits", 0).boundingBox();
    const third = await tile(page, "Lab Tests", 0).boundingBox();
    expect(second?.y).toBe(first?.y);
    expect(third?.y).toBeGreaterThan(first?.y ?? 0);
    await page.getByRole("link", { name: "Get Started" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const child = await post(page, "/api/children", { name: "Sofia" });
    await post(page, "/api/tpn", {
      childId: child.id,
      date: localDay(),
      calories: "123456.78",
      notes: "x".repeat(300),
    });
    await page.goto("/tpn-nutrition");
    await page.getByText(/^123,456\.78\s*kcal$/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
