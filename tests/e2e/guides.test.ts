import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";

describe("FAQ and Family Support", () => {
  // Static screens: one account for both.
  const browser = useBrowser();

  it("shows ten questions that toggle independently, the TPN one open first", async () => {
    const page = await browser.signedInPage("desktop");
    await page.goto("/faq");
    const questions = page.getByRole("main").getByRole("button", { expanded: undefined });
    await page.getByRole("heading", { name: "FAQ", level: 1 }).waitFor();
    expect(await questions.count()).toBe(10);

    const tpn = page.getByRole("button", { name: /record my child's TPN nutrition/ });
    const labs = page.getByRole("button", { name: /record lab results/ });
    const csv = page.getByRole("button", { name: /export a section to CSV/ });
    expect(await tpn.getAttribute("aria-expanded")).toBe("true");
    expect(await labs.getAttribute("aria-expanded")).toBe("false");
    await page.getByText("Select Add TPN Entry.").waitFor();

    await labs.click();
    await page.getByText(/set the status to completed/).waitFor();
    expect(await tpn.getAttribute("aria-expanded")).toBe("true");
    await csv.click();
    await page.getByText(/then Export CSV: it downloads a zip/).waitFor();
    expect(await labs.getAttribute("aria-expanded")).toBe("true");

    await tpn.click();
    expect(await tpn.getAttribute("aria-expanded")).toBe("false");
    await page.getByText("Select Add TPN Entry.").waitFor({ state: "hidden" });
    expect(await labs.getAttribute("aria-expanded")).toBe("true");

    await page.getByRole("button", { name: /pain scale \(1-10\)/ }).click();
    await page
      .getByText(/1 is No Pain, 2-3 Mild, 4-6 Moderate, 7-8 Severe, 9 Very Severe and 10 Worst Pain/)
      .waitFor();
    // The fever plan, with its sources as links; the line care intervals, changeable per line.
    await page.getByRole("button", { name: "What do I do if my child has a fever?" }).click();
    await page.getByText(/a fever is a temperature of 38\.0 °C \(100\.4 °F\) or higher/).waitFor();
    await page.getByText("Please give the first antibiotic within the first hour.").waitFor();
    expect(
      await page
        .getByRole("link", { name: "NASPGHAN position paper on intestinal failure" })
        .getAttribute("href"),
    ).toBe("https://www.guidelinecentral.com/guideline/325173/");
    await page.getByRole("button", { name: /How often should the dressing, tubing and connector/ }).click();
    await page.getByText(/Dressing: a transparent one every 7 days, a gauze one every 2 days/).waitFor();
    await page.getByText(/Each interval can be changed for each line/).waitFor();
    await page.getByRole("link", { name: /CDC Guidelines for the Prevention of Intravascular/ }).waitFor();
    await page.getByRole("heading", { name: "Need More Help?" }).waitFor();
  });

  it("lists the US emergency numbers, the note for caregivers and the six resource categories", async () => {
    const page = await browser.signedInPage("phone");
    await page.goto("/family-support");
    await page.getByRole("heading", { name: "Family Support", level: 1 }).waitFor();
    await page.getByText(/numbers and organisations are for the United States/).waitFor();
    expect(await page.getByRole("link", { name: "988", exact: true }).first().getAttribute("href")).toBe(
      "tel:988",
    );
    expect(await page.getByRole("link", { name: "1-800-222-1222" }).getAttribute("href")).toBe(
      "tel:18002221222",
    );
    await page.getByRole("heading", { name: /Children's hospital nurse line/ }).waitFor();
    await page.getByRole("heading", { name: /A note for caregivers/ }).waitFor();
    for (const category of [
      "Medical Support",
      "Emotional & Mental Health",
      "Financial Assistance",
      "Educational Resources",
      "Community & Social",
      "Emergency Preparedness",
    ]) {
      await page.getByRole("heading", { name: category, exact: true }).waitFor();
    }
    await page.getByRole("heading", { name: "Additional Resources" }).waitFor();
    const oley = page.getByRole("link", { name: /The Oley Foundation/ });
    expect(await oley.getAttribute("href")).toBe("https://oley.org");
    expect(await oley.getAttribute("rel")).toContain("noopener");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
