import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type Size, signUpViaApi, useBrowser } from "./browser";

async function post(page: Page, path: string, data: unknown, method: "post" | "patch" = "post") {
  const response = await page.request[method](path, { data });
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** The browser's local day, `offset` days from today. */
function localDay(offset = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/**
 * A family of one child, Sam, 14 months old, with a PICC line in since two months, a
 * gastroenterologist and an infusion center with phones, all through the API.
 */
async function family(page: Page, { unit = "C" }: { unit?: "C" | "F" } = {}) {
  await signUpViaApi(page);
  if (unit === "F") await post(page, "/api/family", { temperatureUnit: "F" }, "patch");
  const child = await post(page, "/api/children", {
    name: "Sam",
    gender: "male",
    dateOfBirth: localDay(-430),
  });
  const line = await post(page, "/api/picc-lines", {
    childId: child.id,
    insertionDate: localDay(-60),
    insertionSite: "right-arm",
    lineType: "double-lumen",
  });
  await post(page, "/api/care-team", { name: "Dr. Patel", role: "Gastroenterologist", phone: "+1 555-0100" });
  await post(page, "/api/infusion-centers", {
    childId: child.id,
    name: "Home Infusion Co",
    phone: "(555) 019-9000",
    contactPerson: "Nurse Kim",
  });
  return { child, line };
}

/** Counts the taps a parent makes. */
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

/** Log now, then a kind's tile: the dialog, its value field focused. */
async function logNow(page: Page, tile: "Temperature" | "Weight", value: string, taps = tapCounter()) {
  await taps.tap(page.getByRole("button", { name: "Log now" }));
  await taps.tap(page.getByRole("button", { name: tile, exact: true }));
  const dialog = page.getByRole("dialog", { name: `Log ${tile}` });
  await dialog.waitFor();
  // The cursor waits in the number: typing is all it takes.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute("inputmode")))
    .toBe("decimal");
  await page.keyboard.type(value);
  await taps.tap(dialog.getByRole("button", { name: "Save", exact: true }));
  await dialog.waitFor({ state: "detached" });
  return taps;
}

const feverCard = (page: Page) =>
  page.getByRole("alertdialog", { name: "Fever with a central line: act now" });

const axe = (page: Page) => new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).setLegacyMode();

async function seriousViolations(page: Page, where: string) {
  const result = await axe(page).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${where}: ${v.id} ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
}

describe("vitals on a phone", () => {
  const browser = useBrowser();

  it("logs a fever from Log now in three taps: the fever card calls, and starts the infection record", async () => {
    const page = await browser.newPage("phone");
    const { child, line } = await family(page);
    await page.goto("/");
    const taps = await logNow(page, "Temperature", "38.3");
    expect(taps.count).toBeLessThanOrEqual(3);

    const card = feverCard(page);
    await card.waitFor();
    // It has the focus, before anything else.
    expect(await card.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await card.getByRole("link", { name: /Call Dr\. Patel/ }).waitFor();
    const calls = await card
      .locator('a[href^="tel:"]')
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(calls).toEqual(["tel:+15550100", "tel:5550199000"]);
    const text = await card.textContent();
    expect(text).toContain("38.3 °C");
    expect(text).toContain("fever threshold of 38.0 °C");
    expect(text).toContain("Please give the first antibiotic within the first hour.");
    // Every button and call is a finger's size.
    for (const target of await card.locator("a[href^='tel:'], button").all()) {
      expect((await target.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    }
    const [vital] = await (await page.request.get(`/api/vitals?childId=${child.id}`)).json();
    expect(vital).toMatchObject({ kind: "temperature", value: 38.3, feverWithLine: true });

    await card.getByRole("link", { name: "Start an infection record" }).click();
    const form = page.getByRole("dialog", { name: "Add Infection" });
    await form.waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/picc-lines");
    // The page shows Sam (behind the form, which says whose it is).
    expect(await form.getByText("For Sam.", { exact: false }).count()).toBe(1);
    expect(await form.getByRole("combobox", { name: "Line" }).textContent()).toContain(
      "Double lumen, right arm",
    );
    expect(await form.getByRole("combobox", { name: "Infection Type *" }).textContent()).toContain(
      "Bloodstream",
    );
    expect(await form.getByLabel("Infection Date *").inputValue()).toBe(vital.date);
    expect(await form.getByLabel("Symptoms").inputValue()).toBe(`Fever 38.3 °C at ${vital.time}`);
    await form.getByRole("button", { name: "Add Infection" }).click();
    await form.waitFor({ state: "detached" });
    const [infection] = await (await page.request.get(`/api/picc-infections?childId=${child.id}`)).json();
    expect(infection).toMatchObject({ childId: child.id, piccLineId: line.id, infectionType: "bloodstream" });
  });

  it("gives no card for 37.2 °C, and shows a weight on the growth chart with its percentile", async () => {
    const page = await browser.newPage("phone");
    const { child } = await family(page);
    await page.goto("/");
    await logNow(page, "Temperature", "37.2");
    await page.getByText("Temperature logged", { exact: true }).first().waitFor();
    await logNow(page, "Weight", "10.2");
    await page.getByText("Weight logged", { exact: true }).first().waitFor();
    expect(await feverCard(page).count()).toBe(0);
    const vitals = await (await page.request.get(`/api/vitals?childId=${child.id}`)).json();
    expect(
      vitals.map((v: { kind: string; value: number; feverWithLine: boolean }) => [
        v.kind,
        v.value,
        v.feverWithLine,
      ]),
    ).toEqual([
      ["weight", 10.2, false],
      ["temperature", 37.2, false],
    ]);

    const growth = await (await page.request.get(`/api/growth?childId=${child.id}`)).json();
    const weight = growth.points.find((p: { kind: string }) => p.kind === "weight");
    expect(weight).toMatchObject({ reference: "WHO", value: 10.2 });
    await page.goto("/vitals?tab=growth");
    const chart = page.locator(".recharts-wrapper");
    await chart.waitFor();
    // The five percentile curves and the child's measurement on them.
    await expect.poll(() => chart.locator(".recharts-line").count()).toBe(6);
    await expect.poll(() => chart.locator(".recharts-line-dot").count()).toBe(1);
    const row = page.getByRole("row").filter({ hasText: "10.2 kg" });
    const percentile = Math.round(weight.percentile);
    expect(await row.textContent()).toMatch(new RegExp(`${percentile}(st|nd|rd|th) \\(WHO\\)`));
    expect(await row.textContent()).toContain(Math.abs(weight.zScore).toFixed(2));
  });

  it("asks for a second look at a temperature below 35.0 °C, saves it when the family says so, and the FAQ says why", async () => {
    const page = await browser.newPage("phone");
    const { child } = await family(page);
    await page.goto("/");
    await page.getByRole("button", { name: "Log now" }).click();
    await page.getByRole("button", { name: "Temperature", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Log Temperature" });
    await dialog.getByLabel("Temperature (°C) *").fill("30.0");
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    const look = page.getByRole("alertdialog", { name: "Is 30.0 °C right?" });
    await look.waitFor();
    expect(await look.textContent()).toContain("A low temperature can also be a sign of infection");
    // Change it: back to the form, the number kept, nothing saved.
    await look.getByRole("button", { name: "Change it" }).click();
    await look.waitFor({ state: "detached" });
    expect(await dialog.getByLabel("Temperature (°C) *").inputValue()).toBe("30.0");
    expect(await (await page.request.get(`/api/vitals?childId=${child.id}`)).json()).toEqual([]);
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await look.getByRole("button", { name: "Save anyway" }).click();
    await dialog.waitFor({ state: "detached" });
    const [vital] = await (await page.request.get(`/api/vitals?childId=${child.id}`)).json();
    expect(vital).toMatchObject({ kind: "temperature", value: 30 });
    // 35.0 °C is saved without a question.
    await page.getByRole("button", { name: "Log now" }).click();
    await page.getByRole("button", { name: "Temperature", exact: true }).click();
    await dialog.getByLabel("Temperature (°C) *").fill("35.0");
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await (await page.request.get(`/api/vitals?childId=${child.id}`)).json()).toHaveLength(2);

    await page.goto("/faq");
    await page.getByRole("button", { name: "What do I do if my child has a fever?" }).click();
    await page.getByText("A low temperature can also be a sign of infection", { exact: false }).waitFor();
    await page.getByRole("link", { name: /NICE.*sepsis/i }).waitFor();
  });

  it("takes 100.9 from a family reading °F and keeps 38.28 °C", async () => {
    const page = await browser.newPage("phone");
    const { child } = await family(page, { unit: "F" });
    await page.goto("/vitals");
    await page.getByRole("button", { name: "Add Temperature" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add Temperature" });
    await dialog.getByLabel("Temperature (°F) *").fill("100.9");
    await dialog.getByText("Under the arm", { exact: true }).click();
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    const [vital] = await (await page.request.get(`/api/vitals?childId=${child.id}`)).json();
    expect(vital).toMatchObject({ value: 38.28, site: "axillary", feverWithLine: true });
    // The card reads °F, the threshold too.
    const card = feverCard(page);
    await card.waitFor();
    expect(await card.textContent()).toContain("100.9 °F");
    expect(await card.textContent()).toContain("fever threshold of 100.4 °F");
    await card.getByRole("button", { name: "Close" }).click();
    await card.waitFor({ state: "detached" });
    // Listed in °F, marked, and the card opens again from it.
    await page.getByRole("heading", { level: 2, name: "100.9 °F" }).waitFor();
    await page.getByText("Fever with a line", { exact: true }).waitFor();
    await page.getByRole("button", { name: "What to do now" }).click();
    await card.waitFor();
  });
});

describe("a fever threshold typed in °F", () => {
  const browser = useBrowser();

  it("opens the fever card at 100.5 °F for a threshold set to 100.5 °F, and not at 100.4 °F", async () => {
    const page = await browser.newPage("phone");
    const { child } = await family(page, { unit: "F" });
    await page.goto("/settings");
    const threshold = page.getByLabel("Fever threshold (°F)");
    await threshold.fill("100.5");
    await page.getByText("That is 38.06 °C.", { exact: false }).waitFor();
    await page.getByRole("button", { name: "Save temperature settings" }).click();
    await page.getByText("Temperatures in °F; fever from 100.5 °F.", { exact: true }).first().waitFor();
    expect(await threshold.inputValue()).toBe("100.5");

    await page.goto("/");
    await logNow(page, "Temperature", "100.4");
    await page.getByText("Temperature logged", { exact: true }).first().waitFor();
    expect(await feverCard(page).count()).toBe(0);
    await logNow(page, "Temperature", "100.5");
    const card = feverCard(page);
    await card.waitFor();
    expect(await card.textContent()).toContain("100.5 °F");
    expect(await card.textContent()).toContain("fever threshold of 100.5 °F");
    const vitals = await (await page.request.get(`/api/vitals?childId=${child.id}`)).json();
    expect(vitals.map((v: { value: number; feverWithLine: boolean }) => [v.value, v.feverWithLine])).toEqual([
      [38.06, true],
      [38, false],
    ]);
  });
});

/** Each size once and each theme once, as in accessibility.test.ts (and why). */
describe.each<[Size, "light" | "dark"]>([
  ["phone", "dark"],
  ["desktop", "light"],
])("the Vitals screen and the fever card for axe on a %s, %s theme", (size, colorScheme) => {
  const browser = useBrowser();

  it("have no serious WCAG 2 A/AA violations", async () => {
    const page = await browser.newPage(size);
    await page.emulateMedia({ colorScheme });
    const { child } = await family(page);
    await post(page, "/api/vitals", {
      childId: child.id,
      date: localDay(-1),
      time: "03:10",
      kind: "temperature",
      value: 38.6,
      site: "axillary",
    });
    await post(page, "/api/vitals", {
      childId: child.id,
      date: localDay(),
      time: "07:00",
      kind: "temperature",
      value: 37.4,
    });
    await post(page, "/api/vitals", { childId: child.id, date: localDay(-200), kind: "weight", value: 8.1 });
    await post(page, "/api/vitals", { childId: child.id, date: localDay(), kind: "weight", value: 10.2 });
    await page.goto("/vitals");
    await page.locator(".recharts-wrapper").waitFor();
    const problems = await seriousViolations(page, "temperatures");

    await page.getByRole("button", { name: "What to do now" }).click();
    const card = feverCard(page);
    await card.getByRole("link", { name: /Call Dr\. Patel/ }).waitFor();
    problems.push(...(await seriousViolations(page, "fever card")));
    await card.getByRole("button", { name: "Close" }).click();
    await card.waitFor({ state: "detached" });

    await page.getByRole("tab", { name: "Growth charts" }).click();
    await page.getByRole("row").filter({ hasText: "10.2 kg" }).waitFor();
    problems.push(...(await seriousViolations(page, "growth charts")));
    expect(problems).toEqual([]);
  });
});
