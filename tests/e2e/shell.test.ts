import { describe, expect, it } from "vitest";
import { PASSWORD, type Size, uniqueEmail, useBrowser } from "./browser";

/** Every navigation item and the title of the screen it opens (spec section 2). */
const SCREENS: [label: string, path: string, title: string][] = [
  ["TPN Nutrition", "/tpn-nutrition", "TPN Nutrition"],
  ["Vitals", "/vitals", "Vitals"],
  ["TPN Supplies", "/tpn-supplies", "TPN Supplies"],
  ["Care Summary", "/care-summary", "Care Summary"],
  ["PICC Lines", "/picc-lines", "PICC Line Tracking"],
  ["Specialist Visits", "/specialist-visits", "Specialist Visits"],
  ["Lab Tests", "/lab-tests", "Lab Tests"],
  ["Symptoms & Pain", "/symptoms-pain", "Symptoms & Pain"],
  ["Medical Allergies", "/medical-allergies", "Medical Allergies"],
  ["Care Team", "/care-team", "Care Team"],
  ["Children", "/children", "Children Profiles"],
  ["Notes", "/notes", "Notes"],
  ["Symptom Heatmaps", "/symptom-heatmaps", "Symptom Heatmaps"],
  ["Physical Therapy", "/physical-therapy", "Physical Therapy"],
  ["Medications", "/medications", "Medications"],
  ["Food Diary", "/food-diary", "Food Diary"],
  ["Medical Photos", "/medical-photos", "Medical Photos"],
  ["FAQ", "/faq", "FAQ"],
  ["Family Support", "/family-support", "Family Support"],
  ["Settings", "/settings", "Account Settings"],
  ["Dashboard", "/", "TPN Tracker Dashboard"],
];

/** The screens of the phone's bottom bar, by their label there; every other one is under "More". */
const PHONE_BAR_LABELS: Record<string, string> = {
  Dashboard: "Dashboard",
  "TPN Nutrition": "TPN",
  "TPN Supplies": "Supplies",
};
const PHONE_BAR = Object.keys(PHONE_BAR_LABELS);

describe.each<Size>(["desktop", "phone"])("the app shell on a %s", (size) => {
  const browser = useBrowser();

  it("walks from the landing page through sign-up, every screen, a 404 and sign-out", async () => {
    const page = await browser.newPage(size);
    await page.goto("/");
    await page.getByRole("heading", { name: "Medical Care Tracker", level: 1 }).waitFor();
    for (const card of [
      "TPN Management",
      "Visit Tracking",
      "Medical Photos",
      "Care Team",
      "Symptom Monitoring",
      "Secure & Private",
    ]) {
      await page.getByRole("heading", { name: card }).waitFor();
    }
    await page.getByText("Healthcare Excellence").waitFor();

    // Sign In is a full navigation to /api/login, which in local mode opens the sign-in form.
    await page.getByRole("link", { name: "Sign In" }).first().click();
    await page.waitForURL(/\?signin=1/);
    await page
      .getByRole("button", { name: /create an account/i })
      .or(page.getByRole("link", { name: /create an account/i }))
      .first()
      .click();

    const email = uniqueEmail("shell");
    await page.getByLabel("First name").fill("Grace");
    await page.getByLabel("Last name").fill("Hopper");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("button", { name: /create account/i }).click();

    await page.getByRole("heading", { name: "TPN Tracker Dashboard", level: 1 }).waitFor();
    await expect(page.getByRole("img", { name: /Signed in as/ }).textContent()).resolves.toBe("GH");
    await page.getByText("Child Care Dashboard").waitFor();

    for (const [label, path, title] of SCREENS) {
      const bar = page.getByRole("navigation", { name: "Main navigation" });
      if (size === "phone" && !PHONE_BAR.includes(label)) {
        await bar.getByRole("button", { name: "More" }).click();
        await page.getByRole("dialog", { name: "More" }).waitFor();
        expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
        await page
          .getByRole("navigation", { name: "All screens" })
          .getByRole("link", { name: label, exact: true })
          .click();
      } else {
        const name = size === "phone" ? (PHONE_BAR_LABELS[label] ?? label) : label;
        await bar.getByRole("link", { name, exact: true }).click();
      }
      await page.waitForURL((url) => url.pathname === path);
      await page.getByRole("heading", { name: title, level: 1, exact: true }).waitFor();
      if (size === "phone") {
        await page.getByRole("dialog").waitFor({ state: "detached" });
      } else {
        await expect(
          bar.getByRole("link", { name: label, exact: true }).getAttribute("aria-current"),
        ).resolves.toBe("page");
      }
    }

    await page.goto("/no-such-page");
    await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
    await page.getByText("Did you forget to add the page to the router?").waitFor();
    await page.goto("/");
    await page.getByRole("heading", { name: "TPN Tracker Dashboard", level: 1 }).waitFor();

    if (size === "phone") await page.getByRole("button", { name: "More" }).click();
    await page.getByRole("link", { name: "Sign Out" }).click();
    await page.getByRole("heading", { name: "Medical Care Tracker", level: 1 }).waitFor();
    await page.goto("/settings");
    await page.getByRole("heading", { name: "Medical Care Tracker", level: 1 }).waitFor();
    expect(await page.getByText("Account Settings").count()).toBe(0);
  });

  if (size === "phone") {
    it("closes the More sheet on a tap outside it and on Escape", async () => {
      const page = await browser.newPage(size);
      await page.request.post("/api/auth/register", {
        data: { email: uniqueEmail("drawer"), password: PASSWORD },
      });
      await page.goto("/care-team");
      await page.getByRole("heading", { name: "Care Team", level: 1 }).waitFor();
      await page.getByRole("button", { name: "More" }).click();
      await page.getByRole("dialog").waitFor();
      // Above the sheet; a click waits until the page can take it.
      await page.mouse.click(200, 40);
      await page.getByRole("dialog").waitFor({ state: "detached" });
      expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe("hidden");
      await page.getByRole("button", { name: "More" }).click();
      await page.getByRole("dialog").waitFor();
      await page.keyboard.press("Escape");
      await page.getByRole("dialog").waitFor({ state: "detached" });
    });
  }
});
