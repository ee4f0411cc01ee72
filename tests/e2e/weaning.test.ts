import AxeBuilder from "@axe-core/playwright";
import { format } from "date-fns";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addDays } from "../../src/domain/dates";
import { weekStart } from "../../src/domain/weaning";
import { signUpViaApi, useBrowser } from "./browser";

async function post(page: Page, path: string, data: unknown) {
  const response = await page.request.post(path, { data });
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** The browser's local day (the family's zone is the browser's at sign-up). */
function localDay(offset = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

const short = (date: string) => format(new Date(`${date}T12:00:00`), "MMM d");

describe("the road off PN", () => {
  const browser = useBrowser();

  it("the weaning chart on desktop", async () => {
    const page = await browser.newPage("desktop");
    await signUpViaApi(page);
    const child = await post(page, "/api/children", { name: "Sam", dateOfBirth: localDay(-900) });
    const childId = child.id;
    await post(page, "/api/vitals", { childId, date: localDay(-60), kind: "weight", value: 10 });
    // Four whole weeks, each Monday's PN bag (400 kcal) and tube feed (1.0 kcal/mL) logged: the
    // feeds give 100, 200, 300 and 400 kcal of 500, 600, 700 and 800, so 20, 33.3, 42.9 and 50 %.
    const monday = weekStart(localDay(-28));
    const weeks = [0, 1, 2, 3].map((n) => addDays(monday, n * 7));
    const bag = { childId, infusionHours: 12, dextrosePercent: 10, aminoAcidsG: 15, lipidPercent: 20 };
    await post(page, "/api/pn-prescriptions", {
      ...bag,
      startDate: localDay(-300),
      bagVolumeMl: 500,
      lipidG: 17,
    });
    // The team cut the bag to 400 mL on 5 nights a week on the third Monday: 40 g × 3.4 + 15 g × 4
    // + 10 g × 10 = 296 kcal.
    await post(page, "/api/pn-prescriptions", {
      ...bag,
      startDate: weeks[2],
      bagVolumeMl: 400,
      lipidG: 10,
      nightsPerWeek: 5,
    });
    for (const [n, date] of weeks.entries()) {
      await post(page, "/api/tpn", { childId, date, volume: n < 2 ? 500 : 400, calories: 400 });
      await post(page, "/api/fluid-intake", {
        childId,
        date,
        source: "enteral",
        route: "g-tube",
        mode: "bolus",
        volumeMl: 100 * (n + 1),
        kcalPerMl: 1,
      });
    }

    // From the TPN screen, where the prescription is, to the road on Intake & Output.
    await page.goto(`/tpn-nutrition?child=${childId}`);
    // Per kilogram, the bag in force is a PN day's: 296 kcal / 10 kg = 29.6 kcal/kg, 15 g of amino
    // acids 1.5 g/kg, 10 g of lipid 1 g/kg; on 5 nights in 7 the week averages 21.1, 1.07 and 0.71.
    await page
      .getByText(
        "These are a PN day's figures. Averaged over the week (5 nights a week): 21.1 kcal/kg/day, protein 1.07 g/kg/day, lipid 0.71 g/kg/day.",
      )
      .waitFor();
    await page
      .getByRole("link", { name: "Road off PN: the energy from PN and from feeds, week by week" })
      .click();
    await page.getByRole("heading", { name: "Intake & Output", level: 1 }).waitFor();
    await page.getByRole("tab", { name: "Road off PN", selected: true }).waitFor();
    const road = page.getByRole("region", { name: "Road off PN", exact: true });
    // What a clinic reads first: the latest week's share, against the first.
    await road
      .getByText(
        `Feeds gave 50 % of the energy in the week of ${short(weeks[3]!)} (tube 50 %, mouth 0 %), up from 20 % in the week of ${short(weeks[0]!)}.`,
      )
      .waitFor();
    await road
      .getByText(`PN on 1 of 5 prescribed nights, 400 mL in the week of ${short(weeks[3]!)}.`)
      .waitFor();
    // The week the bag was cut, in the table: its share from feeds and its PN.
    const third = road
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: short(weeks[2]!), exact: false }) });
    expect(await third.getByRole("cell").allTextContents()).toEqual([
      "42.9 %",
      "700",
      "70.0",
      "1 of 5",
      "400 mL",
    ]);
    // The chart: a bar a week from the first logged, and the prescription's change marked with its new bag.
    const chart = road.locator(".recharts-responsive-container");
    await chart.locator(".recharts-bar-rectangle").first().waitFor();
    await chart
      .locator("text.weaning-marker-label", { hasText: `${short(weeks[2]!)}: 400 mL, 5 nights` })
      .waitFor();
    await road.getByText(`From ${format(new Date(`${weeks[2]}T12:00:00`), "MMM d, yyyy")}:`).waitFor();
    await road
      .getByText("400 mL over 12 h, 5 nights a week, 296 kcal a bag (current)", { exact: false })
      .waitFor();

    const { violations } = await new AxeBuilder({ page })
      .include('[aria-labelledby="road-off-pn"]')
      .withTags(["wcag2a", "wcag2aa"])
      .setLegacyMode()
      .analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);

    // Day by day, from the keyboard: the third Monday alone, 300 of 700 kcal from feeds.
    await road.getByRole("button", { name: "By day" }).focus();
    await page.keyboard.press("Enter");
    await road.getByRole("button", { name: "4 weeks", pressed: true }).waitFor();
    const day = road.getByRole("row").filter({
      has: page.getByRole("rowheader", { name: format(new Date(`${weeks[2]}T12:00:00`), "EEE MMM d") }),
    });
    await expect
      .poll(() => day.getByRole("cell").allTextContents())
      .toEqual(["42.9 %", "700", "70.0", "Yes", "400 mL"]);
  });
});
