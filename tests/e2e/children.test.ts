import { format, subDays, subYears } from "date-fns";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type Size, signUpViaApi, useBrowser } from "./browser";

/** A birth date seven years and ten days ago: the age is 7 whatever day the test runs. */
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const sevenYearsAgo = subDays(subYears(new Date(), 7), 10);
const DATE_OF_BIRTH = format(sevenYearsAgo, "yyyy-MM-dd");
const BORN = `Born ${format(sevenYearsAgo, "MMM d, yyyy")}`;

/** Signs up, adds `children` through the API, and opens Children Profiles. */
async function openChildrenPage(page: Page, children: Record<string, unknown>[] = []) {
  await signUpViaApi(page);
  for (const child of children) {
    const response = await page.request.post("/api/children", { data: { ...child, userId: "" } });
    expect(response.status()).toBe(201);
  }
  await page.goto("/children");
  await page.getByRole("heading", { name: "Children Profiles", level: 1 }).waitFor();
}

/**
 * Waits for the visible toast showing `text` and checks its title. While a modal dialog is open
 * the toast area is hidden from the accessibility tree (screen readers hear the toast through
 * Radix's live region instead), hence `includeHidden`.
 */
async function expectToast(page: Page, title: string, text: string) {
  const toast = page
    .getByRole("region", { name: /Notifications/, includeHidden: true })
    .getByRole("listitem", { includeHidden: true })
    .filter({ hasText: text });
  await toast.waitFor();
  expect(await toast.getByText(title, { exact: true }).count()).toBe(1);
}

function childCard(page: Page, name: string) {
  return page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

async function openCardMenu(page: Page, name: string, item: "Edit" | "Delete") {
  await page.getByRole("button", { name: `Actions for ${name}` }).click();
  await page.getByRole("menuitem", { name: item }).click();
}

/** The accessible name of the focused element (its tag name when it has none). */
function focusedName(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement;
    return active?.getAttribute("aria-label") ?? active?.textContent?.trim() ?? active?.tagName;
  });
}

async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

describe.each<Size>(["desktop", "phone"])("the Children Profiles screen on a %s", (size) => {
  const browser = useBrowser();

  it("starts empty, adds a child through the dialog and shows the profile card", async () => {
    const page = await browser.newPage(size);
    await openChildrenPage(page);
    await page
      .getByText(
        "Manage detailed profiles for each child including demographics, medical information, and care notes.",
      )
      .waitFor();
    await page.getByRole("heading", { name: "No children added yet" }).waitFor();
    await page.getByRole("searchbox", { name: "Search children" }).waitFor();
    await expectNoHorizontalOverflow(page);

    await page.getByRole("button", { name: "Add Your First Child" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Child" });
    await dialog.waitFor();

    // The colour picker: ten named swatches, the default blue chosen until another is picked.
    const colors = dialog.getByRole("radiogroup", { name: "Avatar Color" }).getByRole("radio");
    expect(await colors.count()).toBe(10);
    expect(await dialog.getByRole("radio", { name: "Blue" }).isChecked()).toBe(true);
    await dialog.getByRole("radio", { name: "Purple" }).check();
    expect(await dialog.getByRole("radio", { name: "Blue" }).isChecked()).toBe(false);

    await dialog.getByLabel("Child's Name *").fill("Sam");
    await dialog.getByLabel("Gender").click();
    await page.getByRole("option", { name: "Female", exact: true }).click();
    await dialog.getByLabel("Date of Birth").fill(DATE_OF_BIRTH);
    // Entering the date of birth fills the age with the whole years since.
    expect(await dialog.getByLabel("Age (years)").inputValue()).toBe("7");
    // Born at 34 weeks and 2 days: the growth charts correct the age of a child born before 37 weeks.
    await dialog.getByLabel("Born at (weeks of pregnancy)").fill("34");
    await dialog.getByLabel("and days (0 to 6)").fill("2");
    await dialog.getByLabel("Medical Diagnosis").fill("Short bowel syndrome");
    await dialog.getByLabel("Additional Notes").fill("Dressing change on Mondays");
    const request = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/api/children"));
    await dialog.getByRole("button", { name: "Add Child" }).click();
    expect((await request).postDataJSON()).toEqual({
      name: "Sam",
      dateOfBirth: DATE_OF_BIRTH,
      age: 7,
      gender: "female",
      gestationalAgeWeeks: 34,
      gestationalAgeDays: 2,
      medicalDiagnosis: "Short bowel syndrome",
      avatarColor: "#8B5CF6",
      notes: "Dressing change on Mondays",
      userId: "",
      // The record's id, made on this device (a UUIDv7), so sending it again makes one child.
      id: expect.stringMatching(UUID_V7),
    });

    await expectToast(page, "Success", "Child profile created successfully!");
    await dialog.waitFor({ state: "detached" });
    const card = childCard(page, "Sam");
    await card.getByText("Female", { exact: true }).waitFor();
    await card.getByText("7 years old").waitFor();
    await card.getByText(BORN).waitFor();
    await card.getByText("Short bowel syndrome").waitFor();
    await card.getByText("Dressing change on Mondays").waitFor();
    await card.getByText("Added by you, just now", { exact: true }).waitFor();
    const avatarColor = await card
      .locator("span[style]")
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(avatarColor).toBe("rgb(139, 92, 246)"); // #8B5CF6
    await expectNoHorizontalOverflow(page);
  });

  it("edits a child and deletes it after confirmation", async () => {
    const page = await browser.newPage(size);
    await openChildrenPage(page, [{ name: "Noah", age: 1, medicalDiagnosis: "Gastroschisis" }]);
    const card = childCard(page, "Noah");
    await card.getByText("1 year old").waitFor();
    expect(await card.getByText("Born", { exact: false }).count()).toBe(0);

    await openCardMenu(page, "Noah", "Edit");
    const dialog = page.getByRole("dialog", { name: "Edit Child Information" });
    await dialog.waitFor();
    expect(await dialog.getByLabel("Child's Name *").inputValue()).toBe("Noah");
    expect(await dialog.getByLabel("Age (years)").inputValue()).toBe("1");
    await dialog.getByLabel("Gender").click();
    await page.getByRole("option", { name: "Male", exact: true }).click();
    await dialog.getByLabel("Medical Diagnosis").fill("Intestinal failure");
    await dialog.getByRole("button", { name: "Update Child" }).click();

    await expectToast(page, "Success", "Child profile updated successfully!");
    await dialog.waitFor({ state: "detached" });
    await card.getByText("Intestinal failure").waitFor();
    await card.getByText("Male", { exact: true }).waitFor();
    // The menu item that opened the dialog is gone: the focus goes back to the menu's button.
    await expect.poll(() => focusedName(page)).toBe("Actions for Noah");

    await openCardMenu(page, "Noah", "Delete");
    const confirm = page.getByRole("alertdialog", { name: "Delete Child Profile" });
    await confirm
      .getByText("Are you sure you want to delete Noah's profile? This action cannot be undone.")
      .waitFor();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    await card.waitFor();
    await expect.poll(() => focusedName(page)).toBe("Actions for Noah");

    await openCardMenu(page, "Noah", "Delete");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Success", "Child profile deleted successfully.");
    await card.waitFor({ state: "detached" });
    await page.getByRole("heading", { name: "No children added yet" }).waitFor();
    // The card went with its menu: the focus goes to the page, not to <body>.
    await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest("main")))).toBe(true);
  });
});

describe("the Children Profiles screen", () => {
  const browser = useBrowser();

  it("searches name, diagnosis and notes, ignoring case", async () => {
    const page = await browser.newPage();
    await openChildrenPage(page, [
      { name: "Sam", medicalDiagnosis: "Short bowel syndrome" },
      { name: "Ava", notes: "Loves the DINOSAUR plasters" },
      { name: "Noah" },
    ]);
    const search = page.getByRole("searchbox", { name: "Search children" });
    const names = () => page.getByRole("main").getByRole("heading", { level: 2 }).allTextContents();
    await childCard(page, "Noah").waitFor();
    expect(await names()).toEqual(["Sam", "Ava", "Noah"]);

    await search.fill("BOWEL");
    await childCard(page, "Ava").waitFor({ state: "detached" });
    expect(await names()).toEqual(["Sam"]);

    await search.fill("dinosaur");
    await childCard(page, "Sam").waitFor({ state: "detached" });
    expect(await names()).toEqual(["Ava"]);

    await search.fill("noa");
    await childCard(page, "Noah").waitFor();
    expect(await names()).toEqual(["Noah"]);

    await search.fill("gastroschisis");
    await page.getByRole("heading", { name: "No children found" }).waitFor();
    await page
      .getByText("No children match your search criteria. Try adjusting your search terms.")
      .waitFor();
    expect(await page.getByRole("button", { name: "Add Your First Child" }).count()).toBe(0);

    await search.fill("");
    await childCard(page, "Noah").waitFor();
    expect(await names()).toEqual(["Sam", "Ava", "Noah"]);
  });

  it("shows a spinner while the list loads and a retry when it fails", async () => {
    const page = await browser.newPage();
    await signUpViaApi(page);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/children", async (route) => {
      await held;
      await route.fulfill({ status: 500, body: '{"message":"boom"}', contentType: "application/json" });
    });
    // The page brings the list with it (its first answers): without them, the screen asks for it.
    await page.route(
      (url) => url.pathname === "/children",
      async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace(/<script[^>]*id="page-answers">.*?<\/script>/s, "");
        await route.fulfill({ response, body });
      },
    );
    await page.goto("/children");
    await page.getByRole("status").filter({ hasText: "Loading children profiles..." }).waitFor();
    release();
    await page.getByText("Could not load the children profiles").waitFor();
    await page.getByText("boom").waitFor();

    await page.unroute("**/api/children");
    await page.getByRole("button", { name: "Try again" }).click();
    await page.getByRole("heading", { name: "No children added yet" }).waitFor();
  });

  it("keeps the dialog open when the name is missing or the save fails", async () => {
    const page = await browser.newPage();
    await openChildrenPage(page);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/children", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      await held;
      return route.fulfill({ status: 500, body: '{"message":"boom"}', contentType: "application/json" });
    });

    await page.getByRole("button", { name: "Add Child" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Child" });
    await dialog.getByRole("button", { name: "Add Child" }).click();
    await dialog.getByText("Name is required").waitFor();

    await dialog.getByLabel("Child's Name *").fill("Sam");
    const request = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/api/children"));
    await dialog.getByRole("button", { name: "Add Child" }).click();
    // Empty optional fields travel as null, with the spec's empty userId.
    expect((await request).postDataJSON()).toEqual({
      name: "Sam",
      dateOfBirth: null,
      age: null,
      gender: null,
      gestationalAgeWeeks: null,
      gestationalAgeDays: null,
      medicalDiagnosis: null,
      avatarColor: "#3B82F6",
      notes: null,
      userId: "",
      id: expect.stringMatching(UUID_V7),
    });
    const saving = dialog.getByRole("button", { name: "Saving..." });
    await saving.waitFor();
    expect(await saving.isDisabled()).toBe(true);
    release();
    await expectToast(page, "Error", "Failed to create child profile. Please try again.");
    await dialog.getByRole("button", { name: "Add Child" }).waitFor();
    expect(await dialog.getByLabel("Child's Name *").inputValue()).toBe("Sam");

    // Nothing was saved: cancelling (and discarding what was typed) shows the list still empty.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Discard" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("heading", { name: "No children added yet" }).waitFor();
  });
});

describe("deleting children and what else changes", () => {
  const browser = useBrowser();

  it("reloads the dashboard's counts once a child and its TPN entries are deleted", async () => {
    const page = await browser.newPage();
    await signUpViaApi(page);
    const created = await page.request.post("/api/children", { data: { name: "Noah" } });
    expect(created.status()).toBe(201);
    const { id: childId } = (await created.json()) as { id: string };
    for (const date of ["2025-01-05", "2025-01-06"]) {
      const entry = await page.request.post("/api/tpn", { data: { childId, date, calories: "800" } });
      expect(entry.status()).toBe(201);
    }

    await page.goto("/");
    await page.getByRole("link", { name: "TPN Entries: 2", exact: true }).waitFor();
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await nav.getByRole("link", { name: "Children", exact: true }).click();
    await openCardMenu(page, "Noah", "Delete");
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Success", "Child profile deleted successfully.");
    await page.getByRole("heading", { name: "No children added yet" }).waitFor();

    // The server deleted Noah's entries with him; the dashboard (not reloaded) says so.
    await nav.getByRole("link", { name: "Dashboard", exact: true }).click();
    await page.getByRole("heading", { name: "TPN Tracker Dashboard", level: 1 }).waitFor();
    await page.getByRole("link", { name: "TPN Entries: 0", exact: true }).waitFor();
  });

  it("Settings' Danger Zone says it deletes every child's profile, names them, and does", async () => {
    const page = await browser.newPage();
    await signUpViaApi(page);
    for (const name of ["Ava", "Ben", "Sam"]) {
      const res = await page.request.post("/api/children", { data: { name } });
      expect(res.status()).toBe(201);
    }
    await page.goto("/settings");
    const everyone = "the profiles of all 3 children (Ava, Ben, and Sam) and every care record";
    await page.getByText(`Removes ${everyone} of this family, for every member`, { exact: false }).waitFor();
    const button = page.getByRole("button", { name: "Delete Child Profile", exact: true });

    await button.click();
    const confirm = page.getByRole("alertdialog", { name: "Delete all 3 children's profiles?" });
    await confirm
      .getByText(
        `This permanently deletes ${everyone} of this family, for every member. The family and its members stay. This action cannot be undone.`,
      )
      .waitFor();
    await confirm.getByRole("button", { name: "Cancel", exact: true }).click();
    await confirm.waitFor({ state: "detached" });
    await expect.poll(() => focusedName(page)).toBe("Delete Child Profile");

    await button.click();
    await confirm.getByRole("button", { name: "Delete All 3 Profiles", exact: true }).click();
    await expectToast(
      page,
      "Child Profile Deleted",
      "All 3 children's profiles and every care record have been deleted.",
    );
    await confirm.waitFor({ state: "detached" });
    await page
      .getByText("Removes every care record of this family, for every member", { exact: false })
      .waitFor();
    await expect.poll(() => focusedName(page)).toBe("Delete Child Profile");
    expect(await (await page.request.get("/api/children")).json()).toEqual([]);

    // With one child, the card names that child.
    expect((await page.request.post("/api/children", { data: { name: "Sofia" } })).status()).toBe(201);
    await page.reload();
    await page.getByText("Removes Sofia's profile and every care record", { exact: false }).waitFor();
    await button.click();
    await page.getByRole("alertdialog", { name: "Delete Sofia's profile?" }).waitFor();
  });
});
