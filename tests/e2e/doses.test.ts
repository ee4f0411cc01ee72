import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseUrl, clientAddressHeader, confirmEmailViaApi, signUpViaApi, sizes, useBrowser } from "./browser";
import { card, expectToast, fillSteps } from "./record-screen-helpers";

/**
 * Doses on a phone, as two caregivers of one child give them: Given then Save records a dose from
 * the medication's card; the other caregiver, about to give it again within the interval, is asked
 * first and sees who gave it; the history lists both and a mistaken one is deleted; Log now and the
 * dashboard's doses card record doses too; a viewer reads the doses and is offered none of this.
 */

async function post(page: Page, path: string, data: unknown) {
  const response = await page.request.post(path, { data });
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

interface DoseRow {
  status: string;
  amount: string | null;
  reason: string | null;
  createdByName: string | null;
  givenAt: string;
}

const dosesOf = async (page: Page, medicationId: string): Promise<DoseRow[]> =>
  (await page.request.get(`/api/medication-doses?medicationId=${medicationId}`)).json();

/** A child and a medication twice a day, at 08:00 and 20:00 (a second dose within 9 hours is asked about). */
async function family(page: Page, firstName = "Maria", lastName = "Lopez") {
  await signUpViaApi(page, firstName, lastName);
  const child = await post(page, "/api/children", { name: "Sofia", dateOfBirth: "2019-03-02" });
  const medication = await post(page, "/api/medications", {
    childId: child.id,
    name: "Ursodiol",
    dosage: "60 mg",
    frequency: "Twice daily",
    route: "By mouth",
    scheduleKind: "times",
    scheduleTimes: "08:00, 20:00",
  });
  return { child, medication };
}

/** Another person of the family, in a browser context of their own (their own cookies), on a phone. */
async function joinAs(
  owner: Page,
  role: "caregiver" | "viewer",
  name: [string, string],
): Promise<{ page: Page; context: BrowserContext }> {
  const browser = owner.context().browser();
  if (!browser) throw new Error("no browser");
  const context = await browser.newContext({
    viewport: sizes.phone,
    baseURL: baseUrl(),
    reducedMotion: "reduce",
    extraHTTPHeaders: clientAddressHeader(),
  });
  const page = await context.newPage();
  const { email } = await signUpViaApi(page, ...name);
  await confirmEmailViaApi(page, email);
  const invitation = await post(owner, "/api/family/invitations", { email, role });
  await post(page, "/api/invitations/accept", { token: new URL(invitation.url).searchParams.get("token") });
  return { page, context };
}

/** Counts a person's taps. */
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

const LAST_BY = (name: string) => new RegExp(`Last dose: Given \\d\\d:\\d\\d today by ${name} · 60 mg`);

describe("doses on a phone", () => {
  const browser = useBrowser();

  it("records a dose in two taps from the card; a second caregiver is asked first, sees who gave it, and gives anyway", async () => {
    const page = await browser.newPage("phone");
    const { medication } = await family(page);
    await page.goto("/medications");
    const ursodiol = card(page, "Ursodiol");
    await ursodiol.getByText("Schedule: 08:00, 20:00", { exact: true }).waitFor();
    await ursodiol.getByText("Route: By mouth", { exact: true }).waitFor();
    await ursodiol.getByText("Last dose: none recorded yet").waitFor();

    // Two taps: Given, then Save; now and the dosage are filled in, and Save has the focus.
    const dose = tapCounter();
    await dose.tap(ursodiol.getByRole("button", { name: "Given, Ursodiol" }));
    const dialog = page.getByRole("dialog", { name: "Ursodiol given" });
    expect(await dialog.getByLabel("Amount").inputValue()).toBe("60 mg");
    expect(await dialog.getByLabel("Time given *").inputValue()).toMatch(/^\d\d:\d\d$/);
    await expect
      .poll(() => dialog.getByRole("button", { name: "Save" }).evaluate((b) => b === document.activeElement))
      .toBe(true);
    await dose.tap(dialog.getByRole("button", { name: "Save" }));
    await dialog.waitFor({ state: "detached" });
    expect(dose.count).toBe(2);
    await expectToast(page, "Dose recorded");
    await expect.poll(() => ursodiol.textContent()).toMatch(LAST_BY("Maria Lopez"));
    expect(await dosesOf(page, medication.id)).toMatchObject([
      { status: "given", amount: "60 mg", createdByName: "Maria Lopez" },
    ]);

    // Grace, on her own phone, is about to give it again: asked first, with Maria's name.
    const grace = await joinAs(page, "caregiver", ["Grace", "Okafor"]);
    try {
      const other = grace.page;
      await other.goto("/medications");
      const hers = card(other, "Ursodiol");
      await expect.poll(() => hers.textContent()).toMatch(LAST_BY("Maria Lopez"));
      await hers.getByRole("button", { name: "Given, Ursodiol" }).click();
      const giving = other.getByRole("dialog", { name: "Ursodiol given" });
      await giving.getByRole("button", { name: "Save" }).click();
      const question = other.getByRole("alertdialog", { name: "Already given" });
      await question
        .getByText(/^Ursodiol was given at \d\d:\d\d today by Maria Lopez\. Give another dose\?$/)
        .waitFor();
      // Cancel: nothing is given, the dialog closes.
      await question.getByRole("button", { name: "Cancel" }).click();
      await giving.waitFor({ state: "detached" });
      expect(await dosesOf(other, medication.id)).toHaveLength(1);

      // Asked again, "Give anyway" records it, and her card shows her dose.
      await hers.getByRole("button", { name: "Given, Ursodiol" }).click();
      await giving.getByRole("button", { name: "Save" }).click();
      await question.getByRole("button", { name: "Give anyway" }).click();
      await giving.waitFor({ state: "detached" });
      await expectToast(other, "Dose recorded");
      await expect.poll(() => hers.textContent()).toMatch(LAST_BY("Grace Okafor"));
      expect(await dosesOf(other, medication.id)).toMatchObject([
        { status: "given", createdByName: "Grace Okafor" },
        { status: "given", createdByName: "Maria Lopez" },
      ]);
      expect(await other.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
        true,
      );
    } finally {
      await grace.context.close();
    }

    // Maria's history lists both, newest first; she deletes the second as a mistake, and skips one.
    await page.reload();
    await ursodiol.getByRole("button", { name: "Dose history" }).click();
    const history = ursodiol.getByRole("list", { name: "Doses of Ursodiol" });
    await expect
      .poll(() => history.getByRole("listitem").allTextContents())
      .toEqual([
        expect.stringMatching(/^Given .* · by Grace Okafor60 mg$/),
        expect.stringMatching(/^Given .* · by Maria Lopez60 mg$/),
      ]);
    await history
      .getByRole("listitem")
      .first()
      .getByRole("button", { name: /^Delete dose: Given / })
      .click();
    const confirm = page.getByRole("alertdialog", { name: "Delete dose" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Dose deleted.");
    await expect.poll(() => history.getByRole("listitem").count()).toBe(1);
    await expect.poll(() => ursodiol.textContent()).toMatch(LAST_BY("Maria Lopez"));

    await ursodiol.getByRole("button", { name: "Skip, Ursodiol" }).click();
    const skip = page.getByRole("dialog", { name: "Skip Ursodiol" });
    await skip.getByLabel("Reason").fill("Asleep");
    await skip.getByRole("button", { name: "Save" }).click();
    await skip.waitFor({ state: "detached" });
    await expect
      .poll(() => ursodiol.textContent())
      .toMatch(/Last dose: Skipped \d\d:\d\d today by Maria Lopez/);
    await history.getByText("Reason: Asleep").waitFor();
  });

  it("adds a medication's route and schedule from its form, each schedule with its own fields", async () => {
    const page = await browser.newPage("phone");
    await signUpViaApi(page);
    await page.goto("/medications");
    await page.getByRole("button", { name: "Add Medication" }).first().click();
    const form = page.getByRole("form", { name: "New Medication" });
    await fillSteps(page, form, [
      { label: "Medication Name *", fill: "Ursodiol" },
      { label: "Dosage *", fill: "60 mg" },
      { label: "Frequency *", fill: "Twice daily" },
      { label: "Route", fill: "G-tube" },
    ]);
    // The usual routes are offered as the route is typed.
    expect(
      await form.locator("datalist option").evaluateAll((o) => o.map((e) => e.getAttribute("value"))),
    ).toContain("By mouth");
    expect(await form.getByLabel("Times of day *").count()).toBe(0);
    await fillSteps(page, form, [{ label: "Schedule", pick: "Every few hours" }]);
    await form.getByLabel("Hours apart *").waitFor();
    await fillSteps(page, form, [
      { label: "Schedule", pick: "At set times" },
      { label: "Times of day *", fill: "8am" },
    ]);
    expect(await form.getByLabel("Hours apart *").count()).toBe(0);
    await form.getByRole("button", { name: "Save Medication" }).click();
    await form.getByText("Times must be times of day (HH:mm), separated by commas").waitFor();
    await form.getByLabel("Times of day *").fill("20:00, 08:00");
    await form.getByRole("button", { name: "Save Medication" }).click();
    await expectToast(page, "Medication added successfully");
    const ursodiol = card(page, "Ursodiol");
    await ursodiol.getByText("Schedule: 08:00, 20:00", { exact: true }).waitFor();
    await ursodiol.getByText("Route: G-tube", { exact: true }).waitFor();
    await ursodiol.getByText(/^Next due \d\d:\d\d (today|tomorrow)$/).waitFor();
  });

  it("records a dose from Log now and from the dashboard's doses card, asking before a second one", async () => {
    const page = await browser.newPage("phone");
    const { medication } = await family(page);
    // Another medication, discontinued: not offered.
    await post(page, "/api/medications", {
      name: "Zinc",
      dosage: "5 mg",
      frequency: "Daily",
      isActive: "false",
    });
    await page.goto("/");
    const doses = page.locator("[data-doses-card]");
    await doses.getByText("Last dose: none recorded yet").waitFor();

    // Log now: the only current medication is chosen; two taps.
    const log = tapCounter();
    await log.tap(page.getByRole("button", { name: "Medication given" }));
    const dialog = page.getByRole("dialog", { name: "Medication Given" });
    expect(await dialog.getByRole("radio", { name: /^Ursodiol/ }).isChecked()).toBe(true);
    expect(await dialog.getByRole("radio", { name: /^Zinc/ }).count()).toBe(0);
    expect(await dialog.getByLabel("Amount").inputValue()).toBe("60 mg");
    await log.tap(dialog.getByRole("button", { name: "Log Medication" }));
    await dialog.waitFor({ state: "detached" });
    expect(log.count).toBe(2);
    expect(await dosesOf(page, medication.id)).toMatchObject([{ status: "given", amount: "60 mg" }]);
    // A dose, not a note.
    expect(await (await page.request.get("/api/notes")).json()).toEqual([]);
    await expect.poll(() => doses.textContent()).toMatch(LAST_BY("Maria Lopez"));

    // The doses card's Given, right after: asked first; Cancel gives nothing.
    await doses.getByRole("button", { name: "Given, Ursodiol" }).click();
    const giving = page.getByRole("dialog", { name: "Ursodiol given" });
    await giving.getByRole("button", { name: "Save" }).click();
    const question = page.getByRole("alertdialog", { name: "Already given" });
    await question.getByText(/by Maria Lopez\. Give another dose\?$/).waitFor();
    await question.getByRole("button", { name: "Cancel" }).click();
    await giving.waitFor({ state: "detached" });
    expect(await dosesOf(page, medication.id)).toHaveLength(1);
  });

  it("shows a viewer the last dose and the history, and no Given, Skip or Delete", async () => {
    const owner = await browser.newPage("phone");
    const { medication } = await family(owner);
    await post(owner, "/api/medication-doses", { medicationId: medication.id, amount: "60 mg" });
    const viewer = await joinAs(owner, "viewer", ["Rosa", "Diaz"]);
    try {
      const page = viewer.page;
      await page.goto("/medications");
      const ursodiol = card(page, "Ursodiol");
      await expect.poll(() => ursodiol.textContent()).toMatch(LAST_BY("Maria Lopez"));
      await ursodiol.getByRole("button", { name: "Dose history" }).click();
      await ursodiol.getByRole("list", { name: "Doses of Ursodiol" }).getByText("by Maria Lopez").waitFor();
      expect(await page.getByRole("button", { name: /^(Given|Skip|Delete)/ }).count()).toBe(0);
      await page.goto("/");
      await page.locator("[data-doses-card]").getByText("Ursodiol", { exact: true }).waitFor();
      expect(await page.getByRole("button", { name: /^(Given|Skip|Delete)/ }).count()).toBe(0);
    } finally {
      await viewer.context.close();
    }
  });
});

const axe = (page: Page) => new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).setLegacyMode();

const violations = (result: Awaited<ReturnType<ReturnType<typeof axe>["analyze"]>>) =>
  result.violations.map((v) => `${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);

describe.each(["light", "dark"] as const)("doses' accessibility on a phone, %s theme", (colorScheme) => {
  const browser = useBrowser();

  it("has no axe (WCAG 2 A/AA) violations on the doses card, the medication card and the dose dialogs", async () => {
    const page = await browser.newPage("phone");
    await page.emulateMedia({ colorScheme });
    const { medication } = await family(page);
    await post(page, "/api/medication-doses", { medicationId: medication.id, amount: "60 mg" });
    await page.goto("/");
    const doses = page.locator("[data-doses-card]");
    await doses.getByText(/^Last dose:/).waitFor();
    expect(violations(await axe(page).include("[data-doses-card]").analyze())).toEqual([]);

    await page.goto("/medications");
    const ursodiol = card(page, "Ursodiol");
    await ursodiol.getByRole("button", { name: "Dose history" }).click();
    await ursodiol.getByRole("list", { name: "Doses of Ursodiol" }).waitFor();
    expect(violations(await axe(page).include("main").analyze())).toEqual([]);
    await ursodiol.getByRole("button", { name: "Given, Ursodiol" }).click();
    const giving = page.getByRole("dialog", { name: "Ursodiol given" });
    await giving.getByRole("button", { name: "Save" }).click();
    await page.getByRole("alertdialog", { name: "Already given" }).waitFor();
    expect(violations(await axe(page).include('[role="alertdialog"]').analyze())).toEqual([]);
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
    await giving.waitFor({ state: "detached" });
    await ursodiol.getByRole("button", { name: "Skip, Ursodiol" }).click();
    await page.getByRole("dialog", { name: "Skip Ursodiol" }).getByLabel("Reason").waitFor();
    expect(violations(await axe(page).include('[role="dialog"]').analyze())).toEqual([]);
  });
});
