import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpViaApi, sizes, useBrowser } from "./browser";

type Box = { x: number; y: number; width: number; height: number };

async function post(page: Page, path: string, data: unknown) {
  const response = await page.request.post(path, { data });
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** The browser's local day, `offset` days from today. */
function localDay(offset = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(target: Locator): Promise<Box> {
  const found = await target.boundingBox();
  if (!found) throw new Error("no bounding box: the element is not shown");
  return found;
}

/** Entirely on screen, and what a tap at its middle reaches (nothing covers it). */
async function tappableWithoutScrolling(page: Page, target: Locator) {
  const b = await box(target);
  const viewport = page.viewportSize()!;
  const inView = b.y >= 0 && b.x >= 0 && b.y + b.height <= viewport.height && b.x + b.width <= viewport.width;
  const onTop = await target.evaluate(
    (el, point) => {
      const hit = document.elementFromPoint(point.x, point.y);
      return hit !== null && (hit === el || el.contains(hit))
        ? true
        : (hit?.outerHTML.slice(0, 300) ?? "nothing");
    },
    { x: b.x + b.width / 2, y: b.y + b.height / 2 },
  );
  return inView && onTop === true ? true : { box: b, onTop };
}

/** A family with one child and one current medication. */
async function family(page: Page) {
  await signUpViaApi(page);
  const child = await post(page, "/api/children", { name: "Sofia Lopez", dateOfBirth: "2019-03-02" });
  await post(page, "/api/medications", {
    childId: child.id,
    name: "Ursodiol",
    dosage: "60 mg",
    frequency: "twice daily",
    isActive: "true",
  });
  return { child };
}

describe("every screen within two taps on a phone", () => {
  const browser = useBrowser();

  it("lists the Care Summary and the exports in the desktop sidebar", async () => {
    const page = await browser.signedInPage("desktop");
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await nav.getByRole("link", { name: "Care Summary", exact: true }).click();
    await page.getByRole("heading", { name: "Care Summary", level: 1 }).waitFor();
    await nav.getByRole("link", { name: "Exports", exact: true }).click();
    await page.getByRole("heading", { name: "Data Management" }).waitFor();
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe("#exports");
  });

  it("reaches each screen of the navigation in at most two taps, without scrolling a menu", async () => {
    const desktop = await browser.signedInPage("desktop");
    await desktop.goto("/");
    const sidebar = desktop.getByRole("navigation", { name: "Main navigation" }).getByRole("link");
    await sidebar.first().waitFor();
    const routes = await sidebar.evaluateAll((links) =>
      links
        .map((a) => ({ label: a.textContent?.trim() ?? "", href: a.getAttribute("href") ?? "" }))
        .filter((link) => link.href.startsWith("/") && !link.href.startsWith("/api/")),
    );
    expect(routes.map((r) => r.label)).toEqual(
      expect.arrayContaining(["Care Summary", "Medical Photos", "FAQ"]),
    );

    const page = await browser.signedInPage("phone");
    await page.goto("/medical-allergies");
    await page.getByRole("heading", { name: "Medical Allergies", level: 1 }).waitFor();
    const bar = page.getByRole("navigation", { name: "Main navigation" });
    for (const { label, href } of routes) {
      let taps = 0;
      const [path, hash = ""] = href.split("#");
      const inBar = bar.locator(`a[href="${href}"]`);
      if ((await inBar.count()) > 0) {
        expect(await tappableWithoutScrolling(page, inBar)).toBe(true);
        await inBar.click();
        taps += 1;
      } else {
        await bar.getByRole("button", { name: "More" }).click();
        taps += 1;
        const link = page
          .getByRole("dialog", { name: "More" })
          .getByRole("link", { name: label, exact: true });
        await link.waitFor();
        // Every screen is on the sheet once it has risen: no scrolling to find it.
        await expect.poll(() => tappableWithoutScrolling(page, link), { message: label }).toBe(true);
        await link.click();
        taps += 1;
      }
      await page.waitForURL((url) => url.pathname === path && url.hash === (hash ? `#${hash}` : ""));
      await page.getByRole("dialog").waitFor({ state: "detached" });
      expect(taps).toBeLessThanOrEqual(2);
    }
  });
});

describe("Log now", () => {
  const browser = useBrowser();

  it("logs a medication given from a desktop's dashboard", async () => {
    const page = await browser.newPage("desktop");
    const { child } = await family(page);
    await page.goto("/");
    await page.getByRole("heading", { name: "Log now" }).waitFor();
    await page.getByRole("button", { name: "Medication given" }).click();
    const dialog = page.getByRole("dialog", { name: "Medication Given" });
    await dialog.getByRole("button", { name: "Log Medication" }).click();
    await dialog.waitFor({ state: "detached" });
    const [dose] = await (await page.request.get("/api/medication-doses")).json();
    expect(dose).toMatchObject({ status: "given", amount: "60 mg", childId: child.id });
  });

  it("logs a medication given from any screen of a tablet, through the bottom bar", async () => {
    const page = await browser.newPage("phone");
    await page.setViewportSize({ width: 820, height: 1180 });
    await family(page);
    await page.goto("/lab-tests");
    await page.getByRole("heading", { name: "Lab Tests", level: 1 }).waitFor();
    await page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("button", { name: "Log now" })
      .click();
    await page
      .getByRole("dialog", { name: "Log now" })
      .getByRole("button", { name: "Medication given" })
      .click();
    const dialog = page.getByRole("dialog", { name: "Medication Given" });
    await dialog.getByRole("button", { name: "Log Medication" }).click();
    await dialog.waitFor({ state: "detached" });
    const [dose] = await (await page.request.get("/api/medication-doses")).json();
    expect(dose).toMatchObject({ status: "given", amount: "60 mg" });
    await page.setViewportSize(sizes.phone);
  });
});

describe("the heatmap on a phone", () => {
  const browser = useBrowser({
    prepareSharedAccount: async (page) => {
      for (let back = 29; back >= 0; back -= 3) {
        await post(page, "/api/symptoms", { date: localDay(-back), symptoms: "fever", painLevel: 3 });
      }
    },
  });

  it("opens at today, with a cue that older days are to the left", async () => {
    const page = await browser.signedInPage("phone");
    await page.goto("/symptom-heatmaps");
    const grid = page.getByRole("grid");
    await grid.waitFor();
    const scroller = await box(page.locator("[data-heatmap-scroll]"));
    const today = await box(grid.locator('[data-cell="0-29"]'));
    expect(today.x).toBeGreaterThanOrEqual(scroller.x);
    expect(today.x + today.width).toBeLessThanOrEqual(scroller.x + scroller.width);
    await page.getByText("Older days: scroll left").waitFor({ state: "visible" });
    // The oldest day is off to the left, behind the scroll.
    const oldest = await box(grid.locator('[data-cell="0-0"]'));
    expect(oldest.x).toBeLessThan(scroller.x);
  });
});

describe("toasts and dialogs", () => {
  const browser = useBrowser();

  // Screens where the form's dialog fills the height: a small phone, a laptop's short window.
  for (const [size, viewport] of [
    ["phone", { width: 375, height: 667 }],
    ["desktop", { width: 1280, height: 570 }],
  ] as const) {
    it(`keeps a toast off the dialog's title and close button (${size})`, async () => {
      const page = await browser.newPage(size);
      await page.setViewportSize(viewport);
      await signUpViaApi(page);
      await post(page, "/api/children", { name: "Sofia Lopez" });
      await page.route("**/api/tpn", (route) =>
        route.request().method() === "POST"
          ? route.fulfill({
              status: 500,
              contentType: "application/json",
              body: '{"message":"Server error"}',
            })
          : route.continue(),
      );
      await page.goto("/tpn-nutrition?add=1");
      const dialog = page.getByRole("dialog", { name: "Add TPN Entry" });
      await dialog.getByLabel("Calories (kcal)").fill("850");
      await dialog.getByRole("button", { name: "Add Entry" }).click();
      // The toast itself (Radix also copies its text into a hidden live region); the open dialog
      // hides the rest of the page from the accessibility tree, so it is found by its markup.
      const toast = page.locator("ol > li").filter({ hasText: "Failed to add TPN entry" });
      await toast.waitFor();
      const toastBox = await box(toast);
      expect(overlaps(toastBox, await box(dialog.getByRole("heading", { name: "Add TPN Entry" })))).toBe(
        false,
      );
      expect(overlaps(toastBox, await box(dialog.getByRole("button", { name: "Close", exact: true })))).toBe(
        false,
      );
      await page.setViewportSize(sizes[size]);
    });
  }

  it("opens Edit Supply with the cursor after the name, nothing selected", async () => {
    const page = await browser.newPage("desktop");
    await signUpViaApi(page);
    await post(page, "/api/tpn-supplies", {
      name: "Filters",
      category: "filters",
      currentStock: 10,
      minThreshold: 2,
      unit: "each",
    });
    await page.goto("/tpn-supplies");
    await page.getByRole("button", { name: "Edit Filters", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Supply" });
    const name = dialog.getByLabel("Name *");
    await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(
      await name.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd, el.value.length]),
    ).toEqual([7, 7, 7]);
    // A stray key adds to the name instead of replacing it.
    await page.keyboard.type("s");
    expect(await name.inputValue()).toBe("Filterss");
  });
});

describe("inline forms on a phone", () => {
  const browser = useBrowser({
    prepareSharedAccount: async (page) => {
      await post(page, "/api/children", { name: "Sofia Lopez" });
    },
  });

  for (const [screen, add, save] of [
    ["/notes", "Add Note", "Save Note"],
    ["/medications", "Add Medication", "Save Medication"],
    ["/physical-therapy", "Add Session", "Save Session"],
    ["/food-diary", "Add Entry", "Save Entry"],
  ] as const) {
    it(`keeps Save in view when the form opens (${screen})`, async () => {
      const page = await browser.signedInPage("phone");
      await page.goto(screen);
      await page.getByRole("button", { name: add }).first().click();
      const saveButton = page.getByRole("button", { name: save, exact: true });
      await saveButton.waitFor();
      expect(await tappableWithoutScrolling(page, saveButton)).toBe(true);
    });
  }
});
