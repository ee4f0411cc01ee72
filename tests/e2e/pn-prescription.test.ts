import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseUrl, clientAddressHeader, confirmEmailViaApi, signUpViaApi, sizes, useBrowser } from "./browser";
import { card, fillSteps } from "./record-screen-helpers";

async function post(page: Page, path: string, data: unknown) {
  const response = await page.request.post(path, { data });
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

async function get(page: Page, path: string) {
  const response = await page.request.get(path);
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** The family's date `days` before today, on the family's clock (the account's time zone). */
async function familyDay(page: Page, days = 0): Promise<string> {
  const { timeZone } = await get(page, "/api/auth/user");
  const today = new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}

/** "Nov 27, 2026", as the cards write a date. */
const cardDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });

/** "Nov 05, 2026", as an entry card's title writes it. */
const listDate = (day: string) => cardDate(day).replace(/ (\d),/, " 0$1,");

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

const prescriptionCard = (page: Page) => page.getByRole("region", { name: "PN prescription" });

/** Nothing on the screen is wider than the phone. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe("the PN prescription on a phone", () => {
  const browser = useBrowser();

  it("adds a prescription with its computed rate, logs tonight's bag in two taps, and shows GIR and kcal per kilogram of a new weight", async () => {
    const page = await browser.newPage("phone");
    await signUpViaApi(page);
    const child = await post(page, "/api/children", { name: "Sofia", dateOfBirth: "2024-03-02" });
    const today = await familyDay(page);

    await page.goto("/tpn-nutrition");
    const section = prescriptionCard(page);
    await section.getByText("No PN prescription yet").waitFor();
    await section.getByRole("button", { name: "Add PN prescription" }).click();
    const form = page.getByRole("dialog", { name: "Add PN prescription" });
    expect(await form.getByLabel("Start date *").inputValue()).toBe(today);
    await fillSteps(page, form, [
      { label: "Prescriber", fill: "Dr. Patel" },
      { label: "Bag volume (mL) *", fill: "1000" },
      { label: "Infusion hours *", fill: "12" },
      { label: "Taper up (minutes)", fill: "60" },
      { label: "Taper down (minutes)", fill: "60" },
      { label: "Dextrose (%)", fill: "15" },
      { label: "Amino acids (g)", fill: "30" },
      { label: "Lipid (g)", fill: "20" },
    ]);
    await form.getByRole("button", { name: "Save" }).click();
    await form.waitFor({ state: "detached" });
    // 1,000 mL over 12 h with the taper's two hours at half rate: 1000 / 11 = 90.9 mL/h.
    await section
      .getByText(
        "1,000 mL over 12 h at 90.9 mL/h (computed), taper up 60 min at 50 %, taper down 60 min at 50 %",
        {
          exact: true,
        },
      )
      .waitFor();
    await section.getByText("Dextrose 15 %, amino acids 30 g, lipid 20 g", { exact: true }).waitFor();
    await section.getByText(`Since ${cardDate(today)} · prescribed by Dr. Patel`).waitFor();
    await section.getByText(/^No weight yet: add Sofia's weight in Vitals/).waitFor();
    const [prescription] = await get(page, `/api/pn-prescriptions?childId=${child.id}`);

    // Two taps: "Tonight's bag", then Save.
    const taps = tapCounter();
    await taps.tap(section.getByRole("button", { name: "Tonight's bag" }));
    const bag = page.getByRole("dialog", { name: "Tonight's bag" });
    expect(await bag.getByLabel("Volume (mL)").inputValue()).toBe("1000");
    await taps.tap(bag.getByRole("button", { name: "Save", exact: true }));
    await bag.waitFor({ state: "detached" });
    expect(taps.count).toBe(2);
    const entries = await get(page, `/api/tpn?childId=${child.id}`);
    expect(entries).toHaveLength(1);
    // 150 g of dextrose × 3.4 + 30 g of amino acids × 4 + 20 g of lipid × 10 = 830 kcal.
    expect(entries[0]).toMatchObject({
      date: today,
      volume: "1000.00",
      duration: 12,
      calories: "830.00",
      protein: "30.00",
      carbohydrates: "150.00",
      fat: "20.00",
      pnPrescriptionId: prescription.id,
    });
    const entry = card(page, listDate(today));
    await entry.getByText(`Followed the prescription of ${cardDate(today)}`).waitFor();

    // A weight from Log now: the figures follow it at once.
    await page.getByRole("button", { name: "Log now" }).click();
    await page.getByRole("button", { name: "Weight", exact: true }).click();
    const weight = page.getByRole("dialog", { name: "Log Weight" });
    await weight.waitFor();
    await page.keyboard.type("12");
    await weight.getByRole("button", { name: "Save", exact: true }).click();
    await weight.waitFor({ state: "detached" });
    const perKg = section.getByRole("region", { name: "Per kilogram" });
    await perKg.getByText(`Weight 12 kg on ${today} (today).`, { exact: true }).waitFor();
    // GIR 15 × 90.9 × 1000 / (12 × 6,000) = 18.9; 830 / 12 = 69.2 kcal; 30 / 12 = 2.5 g; 20 / 12 = 1.67 g.
    // Over 24 h: 150 g × 1000 / (12 × 1,440) = 8.7 mg/kg/min, beside the full rate's.
    expect(await perKg.locator("dl > div").allInnerTexts()).toEqual([
      "GIR at full rate\n18.9 mg/kg/min",
      "GIR, 24-hour average\n8.7 mg/kg/min",
      "Energy\n69.2 kcal/kg/day",
      "Protein\n2.5 g/kg/day",
      "Lipid\n1.67 g/kg/day",
    ]);
    await perKg
      .getByText(/^A GIR at full rate of 18\.9 mg\/kg\/min is outside the usual 4 to 15 mg\/kg\/min\./)
      .waitFor();
    expect(await perKg.getByText(/older than 30 days/).count()).toBe(0);
    expect(await overflow(page)).toBe(0);
  });

  it("takes tonight's bag from the dashboard, says the weight is old, and starts a new version from the one in force", async () => {
    const page = await browser.newPage("phone");
    await signUpViaApi(page);
    const child = await post(page, "/api/children", { name: "Sofia", dateOfBirth: "2024-03-02" });
    const today = await familyDay(page);
    await post(page, "/api/vitals", {
      childId: child.id,
      kind: "weight",
      value: 10,
      date: await familyDay(page, 40),
    });
    await post(page, "/api/pn-prescriptions", {
      childId: child.id,
      startDate: await familyDay(page, 30),
      bagVolumeMl: 1000,
      infusionHours: 12,
      dextrosePercent: 12.5,
      aminoAcidsG: 25,
    });

    // The dashboard: tonight's prescription with its figures, the old weight, and Tonight's bag.
    await page.goto("/");
    const summary = page.locator("[data-pn-card]");
    await summary.getByText("1,000 mL over 12 h at 83.3 mL/h (computed)", { exact: true }).waitFor();
    // 12.5 × 83.3 × 1000 / (10 × 6,000) = 17.4 mg/kg/min; (125 g × 3.4 + 25 g × 4) / 10 = 52.5 kcal/kg/day.
    await summary
      .getByText(/^GIR at full rate 17\.4 mg\/kg\/min \(24-hour average 8\.7\), 52\.5 kcal\/kg\/day/)
      .waitFor();
    await summary.getByText("The last weight is 40 days old: weigh again for current figures.").waitFor();
    const taps = tapCounter();
    await taps.tap(summary.getByRole("link", { name: "Tonight's bag" }));
    const bag = page.getByRole("dialog", { name: "Tonight's bag" });
    await taps.tap(bag.getByRole("button", { name: "Save", exact: true }));
    await bag.waitFor({ state: "detached" });
    expect(taps.count).toBe(2);
    expect(new URL(page.url()).search).toBe("");
    const [entry] = await get(page, `/api/tpn?childId=${child.id}`);
    expect(entry).toMatchObject({
      date: today,
      volume: "1000.00",
      carbohydrates: "125.00",
      protein: "25.00",
    });

    // TPN Nutrition: the old weight is said, with the way to weigh.
    const section = prescriptionCard(page);
    const perKg = section.getByRole("region", { name: "Per kilogram" });
    await perKg.getByText(/\(40 days ago: older than 30 days, weigh again for current figures\)/).waitFor();
    expect(await perKg.getByRole("link", { name: "Weigh in Vitals" }).getAttribute("href")).toBe(
      `/vitals?tab=weight&child=${child.id}`,
    );

    // A new version starts from the one in force, today; the one before ends yesterday.
    await section.getByRole("button", { name: "New version" }).click();
    const form = page.getByRole("dialog", { name: "New version of the PN prescription" });
    expect(await form.getByLabel("Bag volume (mL) *").inputValue()).toBe("1000");
    expect(await form.getByLabel("Dextrose (%)").inputValue()).toBe("12.5");
    expect(await form.getByLabel("Start date *").inputValue()).toBe(today);
    await form.getByLabel("Bag volume (mL) *").fill("1100");
    await form.getByRole("button", { name: "Save" }).click();
    await form.waitFor({ state: "detached" });
    await section.getByText("1,100 mL over 12 h at 91.7 mL/h (computed)", { exact: true }).waitFor();
    await section.getByRole("button", { name: "Earlier versions (1)" }).click();
    const history = section.getByRole("list", { name: "Prescription versions" });
    await history
      .getByText(`${cardDate(await familyDay(page, 30))} to ${cardDate(await familyDay(page, 1))}`)
      .waitFor();
    await history.getByText("1,000 mL over 12 h at 83.3 mL/h (computed)", { exact: true }).waitFor();
    expect(await overflow(page)).toBe(0);
  });

  it("shows a viewer the prescription and its figures, and no button that writes", async () => {
    const page = await browser.newPage("phone");
    await signUpViaApi(page);
    const child = await post(page, "/api/children", { name: "Sofia", dateOfBirth: "2024-03-02" });
    await post(page, "/api/vitals", {
      childId: child.id,
      kind: "weight",
      value: 10,
      date: await familyDay(page),
    });
    for (const [days, bagVolumeMl] of [
      [30, 1000],
      [0, 1100],
    ] as const) {
      await post(page, "/api/pn-prescriptions", {
        childId: child.id,
        startDate: await familyDay(page, days),
        bagVolumeMl,
        infusionHours: 12,
        dextrosePercent: 12.5,
      });
    }
    const viewerContext = await page.context().browser()!.newContext({
      viewport: sizes.phone,
      baseURL: baseUrl(),
      reducedMotion: "reduce",
      extraHTTPHeaders: clientAddressHeader(),
    });
    try {
      const viewer = await viewerContext.newPage();
      const { email } = await signUpViaApi(viewer, "Grace", "Viewer");
      await confirmEmailViaApi(viewer, email);
      const invitation = await post(page, "/api/family/invitations", { email, role: "viewer" });
      await post(viewer, "/api/invitations/accept", {
        token: new URL(invitation.url).searchParams.get("token"),
      });
      await viewer.goto("/tpn-nutrition");
      const seen = prescriptionCard(viewer);
      await seen.getByText("1,100 mL over 12 h at 91.7 mL/h (computed)", { exact: true }).waitFor();
      // 12.5 × 91.7 × 1000 / (10 × 6,000) = 19.1 mg/kg/min.
      const gir = seen.getByRole("region", { name: "Per kilogram" }).locator("dd").first();
      await gir.waitFor();
      expect(await gir.textContent()).toBe("19.1 mg/kg/min");
      await seen.getByRole("button", { name: "Earlier versions (1)" }).click();
      await seen.getByText("1,000 mL over 12 h at 83.3 mL/h (computed)", { exact: true }).waitFor();
      const buttons = await seen
        .getByRole("button")
        .evaluateAll((all) => all.map((b) => b.getAttribute("aria-label") ?? b.textContent?.trim() ?? ""));
      expect(buttons).toEqual(["Earlier versions (1)"]);
      await viewer.goto("/");
      await viewer
        .locator("[data-pn-card]")
        .getByText(/^GIR at full rate 19\.1 mg\/kg\/min/)
        .waitFor();
      expect(await viewer.getByRole("link", { name: "Tonight's bag" }).count()).toBe(0);
    } finally {
      await viewerContext.close();
    }
  });
});
