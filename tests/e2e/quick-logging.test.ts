import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PASSWORD, signUpViaApi, sizes, useBrowser } from "./browser";

/** Counts the taps a parent makes, to hold the promise of 'three taps plus typing'. */
function tapCounter() {
  let taps = 0;
  return {
    tap: async (target: Locator) => {
      taps += 1;
      await target.click();
    },
    get count() {
      return taps;
    },
  };
}

async function post(page: Page, path: string, data: unknown) {
  const response = await page.request.post(path, { data });
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** A family with one child, one supply and one current medication. */
async function family(page: Page) {
  await signUpViaApi(page);
  const child = await post(page, "/api/children", { name: "Sofia Lopez", dateOfBirth: "2019-03-02" });
  const supply = await post(page, "/api/tpn-supplies", {
    name: "Filters",
    category: "filters",
    currentStock: 10,
    minThreshold: 2,
    unit: "each",
  });
  await post(page, "/api/medications", {
    childId: child.id,
    name: "Ursodiol",
    dosage: "60 mg",
    frequency: "twice daily",
    isActive: "true",
  });
  return { child, supply };
}

/** Whether the element is entirely on screen (not below the fold). */
async function inViewport(page: Page, target: Locator) {
  const box = await target.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  return (
    box.y >= 0 && box.y + box.height <= viewport.height && box.x >= 0 && box.x + box.width <= viewport.width
  );
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe("logging from the dashboard on a phone", () => {
  const browser = useBrowser();

  it("logs a symptom, a TPN entry and a supply usage in at most three taps each, plus typing", async () => {
    const page = await browser.newPage("phone");
    const { child, supply } = await family(page);
    await page.goto("/");

    // A symptom: 'Symptom', type it, save. Today, now and the only child are filled in.
    const symptom = tapCounter();
    await symptom.tap(page.getByRole("link", { name: "Symptom", exact: true }));
    const symptomDialog = page.getByRole("dialog", { name: "Add Symptom Entry" });
    await symptomDialog.getByLabel("Symptoms", { exact: true }).fill("nausea");
    const time = await symptomDialog.getByLabel("Time", { exact: true }).inputValue();
    expect(time).toMatch(/^\d\d:\d\d$/);
    const save = symptomDialog.getByRole("button", { name: "Add Entry" });
    expect(await inViewport(page, save)).toBe(true);
    await symptom.tap(save);
    await symptomDialog.waitFor({ state: "detached" });
    expect(symptom.count).toBeLessThanOrEqual(3);
    const [entry] = await (await page.request.get("/api/symptoms")).json();
    expect(entry).toMatchObject({ symptoms: ["nausea"], childId: child.id, time });

    // Today's TPN: 'TPN today', type the calories, save.
    await page.goto("/");
    const tpn = tapCounter();
    await tpn.tap(page.getByRole("link", { name: "TPN today" }));
    const tpnDialog = page.getByRole("dialog", { name: "Add TPN Entry" });
    await tpnDialog.getByLabel("Calories (kcal)").fill("850");
    await tpn.tap(tpnDialog.getByRole("button", { name: "Add Entry" }));
    await tpnDialog.waitFor({ state: "detached" });
    expect(tpn.count).toBeLessThanOrEqual(3);
    const [tpnEntry] = await (await page.request.get(`/api/tpn?childId=${child.id}`)).json();
    expect(tpnEntry).toMatchObject({ calories: "850.00", childId: child.id });

    // A supply used: 'Supply used', the only supply is chosen, quantity 1, save. Stock drops.
    await page.goto("/");
    const usage = tapCounter();
    await usage.tap(page.getByRole("button", { name: "Supply used" }));
    const usageDialog = page.getByRole("dialog", { name: "Supply Used" });
    expect(await usageDialog.getByRole("radio", { name: /Filters/ }).isChecked()).toBe(true);
    await usage.tap(usageDialog.getByRole("button", { name: "Record Usage" }));
    await usageDialog.waitFor({ state: "detached" });
    expect(usage.count).toBeLessThanOrEqual(3);
    const supplies = await (await page.request.get("/api/tpn-supplies")).json();
    expect(supplies.find((s: { id: string }) => s.id === supply.id).currentStock).toBe(9);

    // A medication given: the only current medication is chosen, its dosage the amount; saved as a dose.
    const medication = tapCounter();
    await medication.tap(page.getByRole("button", { name: "Medication given" }));
    const medicationDialog = page.getByRole("dialog", { name: "Medication Given" });
    await medication.tap(medicationDialog.getByRole("button", { name: "Log Medication" }));
    await medicationDialog.waitFor({ state: "detached" });
    expect(medication.count).toBeLessThanOrEqual(3);
    const [dose] = await (await page.request.get("/api/medication-doses")).json();
    expect(dose).toMatchObject({ status: "given", amount: "60 mg", childId: child.id });
  });

  it("asks before Esc, Back or a tap outside throws typing away, and keeps a draft through a reload", async () => {
    const page = await browser.newPage("phone");
    await family(page);
    await page.goto("/");
    await page.getByRole("link", { name: "Symptom", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Add Symptom Entry" });
    const symptoms = dialog.getByLabel("Symptoms", { exact: true });
    await symptoms.fill("itchy exit site");
    const question = page.getByRole("alertdialog", { name: "Discard unsaved changes?" });
    const keepEditing = async () => {
      await question.getByRole("button", { name: "Keep editing" }).click();
      await question.waitFor({ state: "detached" });
      expect(await symptoms.inputValue()).toBe("itchy exit site");
    };

    await page.keyboard.press("Escape");
    await keepEditing();
    await page.mouse.click(5, 5); // the dimmed page around the dialog
    await keepEditing();
    await page.goBack();
    await keepEditing();
    expect(new URL(page.url()).pathname).toBe("/symptoms-pain");

    // A reload keeps what was typed and opens the form again.
    await page.reload();
    await dialog.waitFor();
    expect(await symptoms.inputValue()).toBe("itchy exit site");
    await dialog.getByText("Restored what you typed earlier").waitFor();

    // Back with the form open and changed, then Discard: the form closes, the screen stays.
    await page.goBack();
    await question.getByRole("button", { name: "Discard" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(new URL(page.url()).pathname).toBe("/symptoms-pain");
    await page.reload();
    await page.getByRole("heading", { name: "Symptoms & Pain" }).waitFor();
    expect(await dialog.count()).toBe(0);

    // Nothing typed: Back just closes the dialog, and the next Back leaves the screen.
    await page.getByRole("button", { name: "Add Symptom Entry" }).first().click();
    await dialog.waitFor();
    await page.goBack();
    await dialog.waitFor({ state: "detached" });
    expect(await question.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe("/symptoms-pain");
  });

  it("keeps Save on screen in every add dialog", async () => {
    const page = await browser.newPage("phone");
    await family(page);
    const screens: [string, string, string][] = [
      ["/care-team", "Add Care Team Member", "Add Member"],
      ["/specialist-visits", "Add Specialist Visit", "Add Visit"],
      ["/lab-tests", "Add Lab Test", "Add Test"],
      ["/symptoms-pain", "Add Symptom Entry", "Add Entry"],
      ["/medical-allergies", "Add Allergy", "Add Allergy"],
      ["/tpn-nutrition", "Add TPN Entry", "Add Entry"],
      ["/tpn-supplies", "Add Supply", "Add Supply"],
      ["/children", "Add Child", "Add Child"],
    ];
    for (const [path, open, submit] of screens) {
      await page.goto(`${path}?add=1`);
      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      // Measured once the dialog has finished growing in: mid-animation it is drawn smaller.
      await dialog.evaluate((element) =>
        Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
      );
      const button = dialog.getByRole("button", { name: submit, exact: true });
      expect({ path, open, visible: await inViewport(page, button) }).toEqual({ path, open, visible: true });
      const footer = await button.boundingBox();
      expect(footer && footer.height >= 44).toBe(true);
    }
  });
});

describe("toasts", () => {
  const browser = useBrowser();

  for (const [size, width] of [
    ["phone", sizes.phone.width],
    ["desktop", 1366],
  ] as const) {
    it(`never cover the page's add button (${width} px)`, async () => {
      const page = await browser.newPage(size);
      await page.setViewportSize({ width, height: sizes[size].height });
      await signUpViaApi(page);
      await page.goto("/care-team");
      const add = page.getByRole("button", { name: "Add Care Team Member" }).first();
      await add.click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("Name *").fill("Dr. Emily Chen");
      await dialog.getByLabel("Role *").fill("Gastroenterologist");
      await dialog.getByRole("button", { name: "Add Member" }).click();
      const toast = page.getByRole("status").filter({ hasText: "Care team member added successfully" });
      await toast.waitFor();
      const toastBox = await toast.boundingBox();
      const addBox = await add.boundingBox();
      expect(toastBox && addBox).toBeTruthy();
      expect(overlaps(toastBox!, addBox!)).toBe(false);
    });
  }
});

describe("the dashboard for a family of two", () => {
  const browser = useBrowser();

  it("says 'Welcome' on the first visit, and names each item's child with 'All children'", async () => {
    const page = await browser.newPage("desktop");
    const { email } = await signUpViaApi(page);
    const sofia = await post(page, "/api/children", { name: "Sofia" });
    await post(page, "/api/children", { name: "Leo" });
    await post(page, "/api/lab-tests", {
      childId: sofia.id,
      testName: "CBC",
      date: "2026-11-01",
      status: "completed",
    });
    await page.goto("/");
    await page.getByText("Welcome, Maria. Here is your children's care at a glance.").waitFor();
    const lab = page.getByRole("listitem").filter({ hasText: "CBC" });
    await lab.getByText("Sofia", { exact: true }).waitFor();

    // With Sofia chosen in the header, her name is not repeated on her items.
    await page.getByRole("combobox", { name: "Show records for" }).click();
    await page.getByRole("option", { name: "Sofia" }).click();
    await expect.poll(() => lab.getByText("Sofia", { exact: true }).count()).toBe(0);

    // Signed in again: welcome back.
    await page.goto("/api/logout");
    const login = await page.request.post("/api/auth/login", { data: { email, password: PASSWORD } });
    expect(login.status()).toBe(200);
    await page.goto("/");
    await page.getByText("Welcome back, Maria.", { exact: false }).waitFor();
  });
});

describe("a long history", () => {
  const browser = useBrowser();

  it("shows the newest 100 entries first and loads older ones while scrolling", async () => {
    const page = await browser.newPage("phone");
    await signUpViaApi(page);
    for (let i = 1; i <= 105; i++) {
      await post(page, "/api/notes", {
        title: `Night ${String(i).padStart(3, "0")}`,
        content: "Pump ran fine",
      });
    }
    await page.goto("/notes");
    const cards = page
      .getByRole("main")
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { level: 2 }) });
    await page.getByRole("heading", { name: "Night 105", exact: true }).waitFor();
    await expect.poll(() => cards.count()).toBe(100);
    await page.getByRole("button", { name: "Show older entries" }).scrollIntoViewIfNeeded();
    await page.getByRole("heading", { name: "Night 001", exact: true }).waitFor();
    await expect.poll(() => cards.count()).toBe(105);
    expect(await page.getByRole("button", { name: "Show older entries" }).count()).toBe(0);
  });
});
