import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type Size, signUpViaApi, untilLayersClosed, useBrowser } from "./browser";

async function post(page: Page, path: string, data: unknown) {
  const response = await page.request.post(path, { data });
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** The family's date `days` before today, on the family's clock (the account's time zone). */
async function familyDay(page: Page, days = 0): Promise<string> {
  const { timeZone } = await (await page.request.get("/api/auth/user")).json();
  const today = new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}

/**
 * A child with a double-lumen line put in 30 days ago (12 cm outside), its transparent dressing
 * changed 8 days ago: a day late on a 7-day interval.
 */
async function childWithLine(page: Page) {
  const child = await post(page, "/api/children", { name: "Sofia" });
  const line = await post(page, "/api/picc-lines", {
    childId: child.id,
    insertionDate: await familyDay(page, 30),
    insertionSite: "right-arm",
    lineType: "double-lumen",
    externalLengthCm: 12,
  });
  await post(page, "/api/line-care", {
    childId: child.id,
    piccLineId: line.id,
    kind: "dressing",
    dressingType: "transparent",
    date: await familyDay(page, 8),
    time: "09:00",
  });
  return { child, line };
}

/** A line out before the one in place went in (60 to 40 days back): its care is listed after. */
async function earlierLine(page: Page, childId: string) {
  await post(page, "/api/picc-lines", {
    childId,
    insertionDate: await familyDay(page, 60),
    removalDate: await familyDay(page, 40),
    insertionSite: "left-arm",
    lineType: "single-lumen",
  });
}

/** One of the pills of a care-status list, by its label ("Dressing"). */
const pill = (list: Locator, label: string) => list.getByRole("listitem").filter({ hasText: `${label}:` });

const MOVED = "Moved 2 cm since insertion: call the care team before using the line";

describe("line care on a phone", () => {
  const browser = useBrowser();

  it("shows a late dressing in red, logs its change in two taps, then a site check and a moved line, with the rates", async () => {
    const page = await browser.newPage("phone");
    await signUpViaApi(page);
    const { child, line } = await childWithLine(page);
    const today = await familyDay(page);
    await earlierLine(page, child.id);

    await page.goto("/");
    const pills = page.getByRole("list", { name: "Line care of Sofia's line" });
    const dressing = pill(pills, "Dressing");
    await dressing.waitFor();
    expect(await dressing.getAttribute("data-tone")).toBe("overdue");
    expect(await dressing.textContent()).toMatch(/^Dressing: overdue by \d+ (hours|day)$/);
    expect(await pill(pills, "Connector").textContent()).toBe("Connector: not logged yet");

    // Two taps: "Dressing changed", then Save; last time's dressing and now are chosen.
    let taps = 0;
    const tap = async (target: Locator) => {
      taps += 1;
      await target.click();
    };
    await tap(page.getByRole("button", { name: "Dressing changed, Sofia's line" }));
    const dialog = page.getByRole("dialog", { name: "Dressing changed" });
    expect(await dialog.getByRole("radio", { name: /^Transparent/ }).isChecked()).toBe(true);
    expect(await dialog.getByRole("radio", { name: /^Now/ }).isChecked()).toBe(true);
    await tap(dialog.getByRole("button", { name: "Save" }));
    await dialog.waitFor({ state: "detached" });
    expect(taps).toBe(2);
    await expect.poll(() => dressing.getAttribute("data-tone")).toBe("ok");
    expect(await dressing.textContent()).toMatch(/^Dressing: just now, due /);
    const [saved] = await (
      await page.request.get(`/api/line-care?piccLineId=${line.id}&kind=dressing`)
    ).json();
    expect(saved).toMatchObject({ kind: "dressing", dressingType: "transparent", date: today });

    // From Log now, the dressing chosen is last time's: gauze, logged meanwhile on another phone.
    await post(page, "/api/line-care", {
      childId: line.childId,
      piccLineId: line.id,
      kind: "dressing",
      dressingType: "gauze",
      date: today,
      time: saved.time,
    });
    await page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("button", { name: "Log now" })
      .click();
    await page
      .getByRole("dialog", { name: "Log now" })
      .getByRole("button", { name: "Dressing changed" })
      .click();
    await expect.poll(() => dialog.getByRole("radio", { name: /^Gauze/ }).isChecked()).toBe(true);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });

    // PICC Lines: a site check with redness.
    await page.goto("/picc-lines");
    const history = page.getByRole("list", { name: /^Care history of Double lumen/ });
    await history.waitFor();
    await page.getByRole("button", { name: /^Log care for Double lumen/ }).click();
    const log = page.getByRole("dialog", { name: "Log Line Care" });
    await log.getByText("Site check", { exact: true }).click();
    await log.getByRole("button", { name: "Save" }).click();
    await log.getByText("Choose what the site looked like").waitFor();
    await log.getByRole("checkbox", { name: "Redness" }).check();
    await log.getByRole("button", { name: "Save" }).click();
    await log.waitFor({ state: "detached" });
    await history.getByText("Site check: Redness", { exact: true }).waitFor();
    await history.getByText("Added by you, just now").first().waitFor();

    // An external length 2 cm off the 12 cm at insertion: flagged as typed, and in the history.
    await page.getByRole("button", { name: /^Log care for Double lumen/ }).click();
    await log.getByText("External length", { exact: true }).click();
    await log.getByLabel("External length (cm) *").fill("14");
    await log.getByText(MOVED).waitFor();
    await log.getByRole("button", { name: "Save" }).click();
    await log.waitFor({ state: "detached" });
    await history
      .getByRole("listitem")
      .filter({ hasText: "External length measured: 14 cm" })
      .getByText(MOVED)
      .waitFor();

    await page.getByRole("button", { name: /^Single lumen, left arm, in .*, out / }).click();
    await page.getByText("No care logged for this line yet.").waitFor();
    // Nothing on the screen is wider than the phone.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBe(0);

    // The rates: all lines, the line in place (day 30 back to today) and the earlier one (60 to
    // 40 days back), beside ASPEN's figure for children.
    await expect
      .poll(() =>
        page
          .getByRole("row", { name: /^Catheter-days/ })
          .getByRole("cell")
          .allTextContents(),
      )
      .toEqual(["52", "31", "21"]);
    expect(
      await page
        .getByRole("row", { name: /^Bloodstream infections/ })
        .getByRole("cell")
        .allTextContents(),
    ).toEqual(["0 (0)", "0 (0)", "0 (0)"]);
    await page.getByText("ASPEN Sustain, children: 1.17 bloodstream infections per 1,000 PN-days").waitFor();
  });
});

/** The WCAG 2 A/AA rules, as tests/e2e/accessibility.test.ts runs them. */
const axe = (page: Page) => new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).setLegacyMode();

const violations = (result: Awaited<ReturnType<ReturnType<typeof axe>["analyze"]>>) =>
  result.violations.map((v) => `${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);

/** Each size once and each theme once, as in accessibility.test.ts (and why). */
describe.each<[Size, "light" | "dark"]>([
  ["phone", "dark"],
  ["desktop", "light"],
])("line care's accessibility on a %s, %s theme", (size, colorScheme) => {
  const browser = useBrowser({
    prepareSharedAccount: async (page) => {
      const { child } = await childWithLine(page);
      await earlierLine(page, child.id);
    },
  });

  it("has no axe (WCAG 2 A/AA) violations on the dashboard's card, PICC Lines and their forms", async () => {
    const page = await browser.signedInPage(size);
    await page.emulateMedia({ colorScheme });
    await page.goto("/");
    const card = page.locator("[data-line-care-card]");
    await card.getByText("Dressing:").waitFor();
    expect(violations(await axe(page).include("[data-line-care-card]").analyze())).toEqual([]);
    await card.getByRole("button", { name: /^Dressing changed/ }).click();
    const dressing = page.getByRole("dialog", { name: "Dressing changed" });
    await dressing.getByRole("button", { name: "Save" }).waitFor();
    expect(violations(await axe(page).include('[role="dialog"]').analyze())).toEqual([]);
    await dressing.getByRole("button", { name: "Cancel" }).click();
    await dressing.waitFor({ state: "detached" });
    await untilLayersClosed(page);

    await page.goto("/picc-lines");
    await page.getByRole("row", { name: /^Catheter-days/ }).waitFor();
    await page.getByRole("list", { name: /^Care status of/ }).waitFor();
    await page.getByRole("button", { name: /^Single lumen, left arm/ }).click();
    await page.getByText("No care logged for this line yet.").waitFor();
    expect(violations(await axe(page).include("main").analyze())).toEqual([]);
    await page.getByRole("button", { name: /^Log care for Double lumen/ }).click();
    const log = page.getByRole("dialog", { name: "Log Line Care" });
    await log.getByText("Site check", { exact: true }).click();
    await log.getByRole("checkbox", { name: "Normal" }).waitFor();
    expect(violations(await axe(page).include('[role="dialog"]').analyze())).toEqual([]);
  });
});
