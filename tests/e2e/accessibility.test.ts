import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openInApp, type Size, signUpViaApi, useBrowser } from "./browser";

/** Every screen with records, and its title. */
const SCREENS: [path: string, title: string][] = [
  ["/", "TPN Tracker Dashboard"],
  ["/children", "Children Profiles"],
  ["/tpn-nutrition", "TPN Nutrition"],
  ["/specialist-visits", "Specialist Visits"],
  ["/lab-tests", "Lab Tests"],
  ["/symptoms-pain", "Symptoms & Pain"],
  ["/medical-allergies", "Medical Allergies"],
  ["/care-team", "Care Team"],
  ["/notes", "Notes"],
  ["/physical-therapy", "Physical Therapy"],
  ["/medications", "Medications"],
  ["/food-diary", "Food Diary"],
  ["/faq", "FAQ"],
  ["/family-support", "Family Support"],
  ["/settings", "Account Settings"],
  ["/tpn-supplies", "TPN Supplies"],
  ["/symptom-heatmaps", "Symptom Heatmaps"],
  ["/care-summary", "Care Summary"],
  ["/notifications", "Notifications"],
];

/**
 * Opens a screen the way the app's own links do (no page load), then waits until its data is in:
 * no spinner, placeholder or list still loading.
 */
async function openScreen(page: Page, path: string, title: string) {
  await openInApp(page, path);
  await page.getByRole("heading", { level: 1, name: title, exact: true }).waitFor();
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"], .animate-pulse') &&
      ![...document.querySelectorAll('[role="status"]')].some((status) =>
        /^Loading/.test(status.getAttribute("aria-label") ?? status.textContent ?? ""),
      ),
  );
}

/** Adds one record of each kind so the screens show cards, not only empty states. */
async function addRecords(page: Page) {
  const post = async (path: string, data: object) => {
    const response = await page.request.post(path, { data });
    if (!response.ok()) throw new Error(`${path}: ${response.status()}`);
    return response.json();
  };
  const child = await post("/api/children", { name: "Sofia", gender: "female", dateOfBirth: "2019-04-02" });
  await post("/api/children", { name: "Leo", age: 3 });
  await post("/api/tpn", {
    childId: child.id,
    date: "2026-11-20",
    calories: "850",
    volume: "1200",
    duration: 12,
  });
  await post("/api/care-team", { name: "Dr. Patel", role: "Gastroenterologist", phone: "555-0100" });
  await post("/api/specialist-visits", {
    childId: child.id,
    doctorName: "Dr. O",
    specialty: "GI",
    date: "2030-01-10",
  });
  await post("/api/lab-tests", {
    testName: "CBC",
    date: "2026-11-19",
    status: "completed",
    results: "Normal",
  });
  await post("/api/symptoms", {
    date: "2026-11-20",
    symptoms: "fever, chills",
    painLevel: 6,
    severity: "severe",
  });
  await post("/api/allergies", { allergen: "Latex", reaction: "Hives", severity: "life-threatening" });
  // A notification in the inbox (a test from Settings), so the inbox shows one.
  await post("/api/notification-settings/test", { channel: "inbox" });
  await post("/api/notes", { title: "Pump", content: "Ramp 1 hour", tags: "pump", priority: "high" });
  await post("/api/physical-therapy", {
    date: "2026-11-18",
    therapist: "Jo",
    exercises: "bridges",
    duration: 45,
  });
  await post("/api/medications", { name: "Ursodiol", dosage: "60 mg", frequency: "Twice daily" });
  await post("/api/food-diary", { date: "2026-11-20", mealType: "lunch", foods: "rice, broth" });
}

/**
 * The WCAG 2 A/AA rules. The app has no frames, so axe runs in the page itself (legacy mode)
 * instead of finishing every run in a new blank page.
 */
const axe = (page: Page) => new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).setLegacyMode();

/**
 * Each size once and each theme once: the rules that a size changes (the phone's drawer and bottom
 * bar, the desktop's sidebar) and those a theme changes (colour contrast) are each checked, at half
 * the time of every pairing (axe took a sixth of the browser tests' time with four).
 */
describe.each<[Size, "light" | "dark"]>([
  ["desktop", "light"],
  ["phone", "dark"],
])("accessibility on a %s, %s theme", (size, colorScheme) => {
  const browser = useBrowser();

  // Nineteen screens, each loaded and checked: a minute and more on a busy machine.
  it("has no axe (WCAG 2 A/AA) violations on the landing page and every record screen", async () => {
    const page = await browser.newPage(size);
    // The system's setting, which the theme follows.
    await page.emulateMedia({ colorScheme });
    await page.goto("/");
    await page.getByRole("heading", { name: "Medical Care Tracker", level: 1 }).waitFor();
    const landing = await axe(page).analyze();
    expect(landing.violations.map((v) => `${v.id} (${v.impact})`)).toEqual([]);

    await signUpViaApi(page);
    await addRecords(page);
    await page.goto("/");
    const problems: string[] = [];
    for (const [path, title] of SCREENS) {
      await openScreen(page, path, title);
      const result = await axe(page).analyze();
      for (const v of result.violations) {
        if (v.impact === "serious" || v.impact === "critical") {
          problems.push(
            `${path}: ${v.id} (${v.impact}) ${v.nodes
              .map((n) => n.target.join(" "))
              .slice(0, 3)
              .join(", ")}`,
          );
        }
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
