import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type Size, signUpViaApi, sizes, untilLayersClosed, useBrowser } from "./browser";
import { expectToast } from "./record-screen-helpers";

/** Waits until the element's text (spaces folded) holds `text`, or matches it. */
async function expectText(locator: Locator, text: string | RegExp) {
  await locator.first().waitFor();
  await expect
    .poll(async () => (await locator.first().textContent())?.replace(/\s+/g, " ").trim())
    .toMatch(text);
}

async function post(page: Page, path: string, data: unknown) {
  const response = await page.request.post(path, { data });
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** The WCAG 2 A/AA rules, run in the page itself (see accessibility.test.ts). */
const axe = (page: Page) => new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).setLegacyMode();

async function violations(page: Page): Promise<string[]> {
  const result = await axe(page).analyze();
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target).join(", ")}`);
}

/** At least 44 by 44 CSS pixels: a finger's reach on a phone. */
async function touchSize(target: Locator) {
  const box = await target.boundingBox();
  return box && box.width >= 44 && box.height >= 44 ? true : box;
}

/** Nothing wider than the screen: no sideways scrolling. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** The system's theme, which the page follows while open (no new load). */
async function showTheme(page: Page, colorScheme: "light" | "dark") {
  await page.emulateMedia({ colorScheme });
  await page.waitForFunction((theme) => document.documentElement.dataset.theme === theme, colorScheme);
}

/** The shared page at each size and theme: readable by axe, within the screen's width. */
async function checkEverySize(page: Page) {
  const problems: string[] = [];
  for (const size of ["desktop", "phone"] satisfies Size[]) {
    await page.setViewportSize(sizes[size]);
    for (const colorScheme of ["light", "dark"] as const) {
      // No new load: each load counts as an opening.
      await showTheme(page, colorScheme);
      for (const v of await violations(page)) problems.push(`${size}, ${colorScheme}: ${v}`);
      if (!(await fitsWidth(page))) problems.push(`${size}, ${colorScheme}: wider than the screen`);
    }
  }
  await showTheme(page, "light");
  await page.setViewportSize(sizes.desktop);
  return problems;
}

describe("a link for the clinic", () => {
  const browser = useBrowser();

  it("shows a child's care summary to a doctor signed out, counts the opening, and stops once withdrawn", async () => {
    // The parent, on a phone in the waiting room.
    const parent = await browser.newPage("phone");
    await signUpViaApi(parent);
    const child = await post(parent, "/api/children", { name: "Sam Rivera", dateOfBirth: "2019-04-02" });
    await post(parent, "/api/allergies", {
      childId: child.id,
      allergen: "Latex",
      reaction: "Anaphylaxis",
      severity: "life-threatening",
    });
    // A line in place with a dressing change, and a weight: the page shows the fever plan too.
    const line = await post(parent, "/api/picc-lines", {
      childId: child.id,
      insertionDate: "2026-07-05",
      insertionSite: "left-arm",
      lineType: "double-lumen",
    });
    await post(parent, "/api/line-care", {
      childId: child.id,
      piccLineId: line.id,
      kind: "dressing",
      date: "2026-11-20",
      dressingType: "transparent",
    });
    await post(parent, "/api/vitals", { childId: child.id, date: "2026-11-20", kind: "weight", value: 21.4 });
    // A fever two nights ago: the last temperature, and a fever of the last 7 days.
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    await post(parent, "/api/vitals", {
      childId: child.id,
      date: twoDaysAgo,
      time: "21:40",
      kind: "temperature",
      value: 38.3,
    });
    // A medication given at set times, a dose of it, and the PN prescription in force.
    const medication = await post(parent, "/api/medications", {
      childId: child.id,
      name: "Ursodiol",
      dosage: "60 mg",
      frequency: "Twice daily",
      route: "By mouth",
      scheduleKind: "times",
      scheduleTimes: "08:00, 20:00",
    });
    await post(parent, "/api/medication-doses", {
      medicationId: medication.id,
      givenAt: "2026-11-20T08:05:00.000Z",
    });
    await post(parent, "/api/pn-prescriptions", {
      childId: child.id,
      startDate: "2026-11-15",
      prescriber: "Dr. Patel",
      bagVolumeMl: 1000,
      infusionHours: 12,
      taperUpMinutes: 60,
      taperDownMinutes: 60,
      dextrosePercent: 15,
      aminoAcidsG: 25,
      lipidG: 20,
      lipidProduct: "SMOFlipid 20%",
      additives: "Multivitamin 5 mL, trace elements 1 mL, selenium 40 mcg",
    });
    // Today: a tube feed and a diaper weighed; two days ago: a bilirubin above the lab's range.
    const today = new Date().toISOString().slice(0, 10);
    await post(parent, "/api/fluid-intake", {
      childId: child.id,
      date: today,
      source: "enteral",
      route: "g-tube",
      mode: "bolus",
      volumeMl: 120,
      kcalPerMl: 1,
    });
    await post(parent, "/api/fluid-output", {
      childId: child.id,
      date: today,
      kind: "urine",
      measure: "weight",
      amount: 62,
      dryWeightGrams: 20,
    });
    await post(parent, "/api/lab-results", {
      childId: child.id,
      date: twoDaysAgo,
      drawSite: "central-line",
      analytes: [{ analyte: "conjugated-bilirubin", value: 12, unit: "µmol/L", referenceHigh: 5 }],
    });
    await parent.goto("/care-summary");
    await parent.getByRole("heading", { name: "Links for the clinic" }).waitFor();
    await parent.getByText("No links yet").waitFor();
    // The number the family gives the clinic: the owner's to choose.
    const contact = parent.getByRole("form", { name: "Number for the clinic" });
    await contact.getByLabel("Who answers").fill("Maria Lopez (mother)");
    await contact.getByLabel("Phone number").fill("555-0142");
    await contact.getByRole("button", { name: "Save number" }).click();
    await expectToast(parent, "Family contact saved");

    await parent.getByRole("button", { name: "Share with the clinic" }).click();
    const dialog = parent.getByRole("dialog");
    await dialog.getByRole("heading", { name: "Share with the clinic" }).waitFor();
    // The family's only child, for 3 days, unless the parent chooses otherwise.
    await dialog.getByLabel("Whose care summary").getByText("Sam Rivera").waitFor();
    expect(await dialog.getByRole("radio", { name: "3 days" }).isChecked()).toBe(true);
    expect(await touchSize(dialog.locator("label", { hasText: "24 hours" }))).toBe(true);
    await dialog.getByText("7 days").click();
    expect(await touchSize(dialog.getByRole("button", { name: "Create link" }))).toBe(true);
    expect(await violations(parent)).toEqual([]);
    await dialog.getByRole("button", { name: "Create link" }).click();

    await dialog.getByRole("heading", { name: "Link for Sam Rivera's care summary" }).waitFor();
    const url = await dialog.getByLabel("Link", { exact: true }).inputValue();
    expect(url).toMatch(/\/shared\/[A-Za-z0-9_-]{20,}$/);
    await dialog.getByRole("img", { name: /QR code of the link/ }).waitFor();
    await dialog.getByText(/^Works until \w{3} \d{1,2}, \d{4} \d{2}:\d{2}$/).waitFor();
    await dialog.getByText(/Anyone with this link can read Sam Rivera's care summary until then/).waitFor();
    expect(await touchSize(dialog.getByRole("button", { name: "Copy" }))).toBe(true);
    await showTheme(parent, "dark");
    expect(await violations(parent)).toEqual([]);
    await showTheme(parent, "light");
    await dialog.getByRole("button", { name: "Done" }).click();
    await dialog.waitFor({ state: "detached" });
    // The new link is listed, not yet opened; its address is not shown again.
    await parent.getByText("Not opened yet").waitFor();
    expect(await parent.getByText(url).count()).toBe(0);

    // The doctor, signed out, on the clinic's computer.
    const doctor = await browser.newPage("desktop");
    await doctor.goto(new URL(url).pathname);
    await doctor.getByRole("heading", { level: 1, name: "Care summary for Sam Rivera" }).waitFor();
    await doctor.getByText("Latex").waitFor();
    await doctor.getByText(/Anaphylaxis/).waitFor();
    await doctor.getByRole("heading", { level: 2, name: "Fever with a central line: act now" }).waitFor();
    await doctor.getByText("Fever: 38.0 °C (100.4 °F) or higher.").waitFor();
    await doctor.getByText(/^Weight 21\.4 kg \(/).waitFor();
    await expectText(
      doctor.locator("p", { hasText: "Last temperature" }),
      /^Last temperature 38\.3 °C \(.+ 21:40\) · fever$/,
    );
    await expectText(
      doctor.locator("p", { hasText: "Fevers in the last 7 days" }),
      /^Fevers in the last 7 days \(38\.0 °C or higher\) 38\.3 °C .+ 21:40$/,
    );
    await expectText(
      doctor.locator("p", { hasText: "Family contact" }),
      "Family contact Maria Lopez (mother) · 555-0142",
    );
    expect(await doctor.getByRole("link", { name: "555-0142" }).getAttribute("href")).toBe("tel:5550142");
    await doctor.getByText(/^Last dressing change: .*, transparent$/).waitFor();
    await doctor.getByText(/^Schedule: 08:00, 20:00 · Last dose: Given Nov 20, 2026 /).waitFor();
    await doctor.getByRole("heading", { level: 2, name: "PN prescription" }).waitFor();
    await doctor.getByText("Dextrose 15 %, amino acids 25 g, lipid 20 g (SMOFlipid 20%)").waitFor();
    // GIR at full rate: 150 g dextrose at 90.9 mL/h of 15 % for 21.4 kg = 10.6 mg/kg/min; over 24 h:
    // 150,000 mg / (21.4 kg × 1,440 min) = 4.9. Energy (ASPEN PN Core Curriculum, 3rd ed.): 150 g × 3.4 + 25 g × 4
    // + 20 g × 10 (20 % emulsion, 2 kcal/mL) = 810 kcal / 21.4 kg = 37.9 kcal/kg/day.
    await doctor
      .getByText("GIR at full rate 10.6 mg/kg/min (24-hour average 4.9), 37.9 kcal/kg/day", { exact: true })
      .waitFor();
    await doctor
      .getByText(
        "Energy counted at dextrose 3.4 kcal/g, amino acids 4 kcal/g, lipid 10 kcal/g (20 % emulsion, 2 kcal/mL).",
        { exact: true },
      )
      .waitFor();
    // After the emergency part: today's balance and the latest abnormal results.
    await doctor.getByRole("heading", { name: "Fluid balance today" }).waitFor();
    await doctor.getByText(/In and out: in 120 mL \(5\.6 mL\/kg\), out 42 mL/).waitFor();
    await doctor.getByRole("heading", { name: "Latest abnormal lab results" }).waitFor();
    await doctor.getByText(/Conjugated \(direct\) bilirubin 12 µmol\/L \(ref ≤ 5 µmol\/L\), High/).waitFor();
    await doctor.getByText(/^Shared by the family · valid until/).waitFor();
    await doctor.getByRole("button", { name: "Print" }).waitFor();
    // Nothing of the app around it: no navigation, no account, no other screen.
    expect(await doctor.getByRole("navigation").count()).toBe(0);
    expect(await doctor.getByText("Sign Out").count()).toBe(0);
    expect(await doctor.getByText("Dashboard").count()).toBe(0);
    expect(await checkEverySize(doctor)).toEqual([]);

    // The parent sees the opening: when, and from which address.
    await parent.reload();
    await parent.getByText("Opened once").waitFor();
    expect(await violations(parent)).toEqual([]);
    await parent
      .getByRole("list", { name: "Latest openings of the link for Sam Rivera" })
      .getByText(/\d{2}:\d{2} · \d+\.\d+\.\d+\.\d+$/)
      .waitFor();

    // Withdrawn after a confirmation, the link opens nothing.
    const withdraw = parent.getByRole("button", { name: /^Withdraw the link for Sam Rivera/ });
    expect(await touchSize(withdraw)).toBe(true);
    await withdraw.click();
    const confirm = parent.getByRole("alertdialog");
    await confirm.getByText(/will stop working at once/).waitFor();
    await confirm.getByRole("button", { name: "Withdraw link" }).click();
    await parent.getByText("Link withdrawn", { exact: true }).first().waitFor();
    await parent.getByText("Withdrawn", { exact: true }).waitFor();
    expect(await parent.getByRole("button", { name: /^Withdraw the link/ }).count()).toBe(0);

    await doctor.reload();
    await doctor.getByRole("heading", { level: 1, name: "This link does not work" }).waitFor();
    await doctor.getByText("It may have expired or been withdrawn. Ask the family for a new one.").waitFor();
    expect(await doctor.getByText("Latex").count()).toBe(0);
    expect(await doctor.getByRole("button", { name: "Print" }).count()).toBe(0);
    expect(await checkEverySize(doctor)).toEqual([]);
  }, 120_000); // Two browsers, a PDF and a revocation: about 30 s alone, twice that beside the image build.

  it("asks for a child first when the family has none, and a made-up link does not work", async () => {
    const page = await browser.newPage("desktop");
    await signUpViaApi(page);
    await page.goto("/care-summary");
    await page.getByRole("button", { name: "Share with the clinic" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText(/Please add a child profile first/).waitFor();
    expect(await dialog.getByRole("button", { name: "Create link" }).isDisabled()).toBe(true);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    // A page load begun before the closed dialog gives its history entry back is cancelled by it.
    await dialog.waitFor({ state: "detached" });
    await untilLayersClosed(page);

    await page.goto("/shared/not-a-real-link");
    await page.getByRole("heading", { level: 1, name: "This link does not work" }).waitFor();
  });
});
