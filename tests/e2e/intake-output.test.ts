import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpViaApi, useBrowser } from "./browser";
import { expectToast, fillSteps } from "./record-screen-helpers";

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

/** The value a row of the day's balance shows, by its label. */
async function figure(page: Page, label: string) {
  const row = page.locator("dl > div").filter({ has: page.getByText(label, { exact: true }) });
  return (await row.locator("dd").textContent())?.trim();
}

describe("intake and output on a phone", () => {
  const browser = useBrowser();

  it("logs a tube feed and a weighed diaper, adds them to the day with the PN bag per kilogram, repeats the feed in two taps, and says a day past the team's limit", async () => {
    const page = await browser.newPage("phone");
    await signUpViaApi(page);
    const child = await post(page, "/api/children", { name: "Sam", dateOfBirth: localDay(-430) });
    await post(page, "/api/vitals", { childId: child.id, date: localDay(-2), kind: "weight", value: 10 });
    await post(page, "/api/tpn", { childId: child.id, date: localDay(), volume: 800, calories: 640 });
    await page.goto("/intake-output");
    await page.getByRole("heading", { name: "Intake & Output", level: 1 }).waitFor();
    await expect.poll(() => figure(page, "PN bag")).toBe("800 mL");

    // A G-tube feed on the pump: 30 mL/h for 10 hours of a listed formula, its kcal/mL filled in.
    await page.getByRole("button", { name: "Add Intake" }).click();
    const feed = page.getByRole("dialog", { name: "New Intake" });
    await fillSteps(page, feed, [
      { label: "Tube *", pick: "G-tube" },
      { label: "Feed or fluid", fill: "PediaSure Peptide 1.0" },
      { label: "How *", pick: "Continuous (rate × hours)" },
      { label: "Rate (mL/h) *", fill: "30" },
      { label: "Hours *", fill: "10" },
    ]);
    await feed.getByRole("button", { name: "Save", exact: true }).click();
    await feed.waitFor({ state: "detached" });
    await expectToast(page, "Intake saved");

    // A diaper weighed at 262 g, 22 g dry: 240 mL of urine.
    await page.getByRole("button", { name: "Add Output" }).click();
    const diaper = page.getByRole("dialog", { name: "New Output" });
    await fillSteps(page, diaper, [
      { label: "Measured *", pick: "Weighed (g)" },
      { label: "Amount (mL, or g weighed) *", fill: "262" },
      { label: "Dry diaper or pad (g)", fill: "22" },
    ]);
    await diaper.getByRole("button", { name: "Save", exact: true }).click();
    await diaper.waitFor({ state: "detached" });

    await expect.poll(() => figure(page, "Total in")).toBe("1,100 mL");
    expect(await figure(page, "Tube feeds")).toBe("300 mL");
    expect(await figure(page, "Urine")).toBe("240 mL");
    expect(await figure(page, "In per kg")).toBe("110 mL/kg");
    expect(await figure(page, "Energy")).toBe("940 kcal (94 kcal/kg)");
    expect(await figure(page, "From feeds")).toBe("32 %");
    await page.getByText("Per kilogram of the weight of", { exact: false }).waitFor();
    await page.getByRole("tab", { name: "Out" }).click();
    await page.getByRole("heading", { name: "Urine 240 mL", level: 2 }).waitFor();

    // The same feed again: Repeat, then Save.
    await page.getByRole("button", { name: "Repeat last feed" }).click();
    const repeat = page.getByRole("dialog", { name: "Repeat last feed" });
    await repeat.getByRole("button", { name: "Save", exact: true }).click();
    await repeat.waitFor({ state: "detached" });
    await expect.poll(() => figure(page, "Tube feeds")).toBe("600 mL");
    const feeds = await (await page.request.get(`/api/fluid-intake?childId=${child.id}`)).json();
    expect(feeds).toHaveLength(2);
    expect(feeds[0]).toMatchObject({ route: "g-tube", mode: "continuous", totalMl: 300, kcalPerMl: 1 });

    // The team's limit on ostomy output, set here: a day past it says so (and is a task the next morning).
    await post(page, "/api/fluid-output", {
      childId: child.id,
      date: localDay(),
      kind: "ostomy",
      measure: "volume",
      amount: 200,
    });
    await page.getByRole("button", { name: "Set the team's limits" }).click();
    const limits = page.getByRole("dialog", { name: "The team's limits" });
    await fillSteps(page, limits, [
      { label: "Ostomy output above (mL/kg/day)", fill: "15" },
      { label: "Set by", fill: "GI clinic" },
    ]);
    await limits.getByRole("button", { name: "Save", exact: true }).click();
    await limits.waitFor({ state: "detached" });
    await page.getByText("Limits: ostomy above 15 mL/kg/day (GI clinic).", { exact: true }).waitFor();
    await page
      .getByText("Ostomy output 20 mL/kg, above the limit of 15 mL/kg/day", { exact: true })
      .waitFor();

    // The day before has none of it.
    await page.getByRole("button", { name: "The day before" }).click();
    await expect.poll(() => figure(page, "Total in")).toBe("0 mL");
  });
});

describe("intake and output from the dashboard on a phone", () => {
  const browser = useBrowser();

  it("logs an ostomy emptied as last time in two taps from Log now, and reads the day's balance on the dashboard", async () => {
    const page = await browser.newPage("phone");
    await signUpViaApi(page);
    const child = await post(page, "/api/children", { name: "Ada", dateOfBirth: localDay(-900) });
    await post(page, "/api/vitals", { childId: child.id, date: localDay(-1), kind: "weight", value: 12.5 });
    await post(page, "/api/tpn", { childId: child.id, date: localDay(), volume: 900, calories: 700 });
    await post(page, "/api/fluid-output", {
      childId: child.id,
      date: localDay(-1),
      time: "22:00",
      kind: "ostomy",
      measure: "volume",
      amount: 85,
    });
    const balanceRead = page.waitForResponse((r) => r.url().includes("/api/intake-output/balance"));
    await page.goto("/");
    await page.getByRole("heading", { name: "TPN Tracker Dashboard", level: 1 }).waitFor();
    // Nothing in or out logged today (yesterday's ostomy is not today's): no card of zeros.
    await balanceRead;
    await page.getByRole("heading", { name: "Quick Actions" }).waitFor();
    expect(await page.getByRole("heading", { name: "Today In & Out" }).count()).toBe(0);

    await page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("button", { name: "Log now" })
      .click();
    let taps = 0;
    taps += 1;
    await page
      .getByRole("dialog", { name: "Log now" })
      .getByRole("button", { name: "Output", exact: true })
      .click();
    const dialog = page.getByRole("dialog", { name: "Output" });
    await dialog.getByText("As last time (Ostomy output, 85 mL", { exact: false }).waitFor();
    taps += 1;
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    expect(taps).toBe(2);
    await expectToast(page, "Output logged");

    const outputs = await (await page.request.get(`/api/fluid-output?childId=${child.id}`)).json();
    expect(outputs).toHaveLength(2);
    expect(outputs[0]).toMatchObject({ kind: "ostomy", measure: "volume", amount: 85, date: localDay() });

    // The dashboard's card adds it to today: 900 mL in (72 mL/kg), 85 mL out (6.8 mL/kg), net +815 mL.
    const card = page.getByRole("heading", { name: "Today In & Out" }).locator("xpath=../..");
    await card.getByText("900 mL (72 mL/kg), PN bag 900 mL", { exact: true }).waitFor();
    await card.getByText("85 mL (6.8 mL/kg)", { exact: true }).waitFor();
    await card.getByText("+815 mL", { exact: true }).waitFor();
    await card.getByRole("link", { name: "Intake & Output" }).click();
    await page.getByRole("heading", { name: "Intake & Output", level: 1 }).waitFor();
  });
});
