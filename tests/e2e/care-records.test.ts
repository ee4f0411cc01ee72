import type { Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openInApp, signUpViaApi, useBrowser } from "./browser";
import { card, expectCardTexts, expectToast, fillSteps, type Step } from "./record-screen-helpers";

/** A form input: typed into a text/date/time field, or picked from a select. */

interface CareRecordScreen {
  path: string;
  title: string;
  apiPath: string;
  addButton: string;
  empty: string;
  /** 'specialist visit': the failure toasts say 'Failed to add specialist visit'. */
  noun: string;
  add: Step[];
  submitAdd: string;
  /** The card's heading after adding (and after editing). */
  cardTitle: string;
  /** Texts the card shows after adding, the date as 'MMM dd, yyyy'. */
  added: string[];
  edit: Step[];
  submitEdit: string;
  edited: string[];
  /** Texts the card no longer shows after editing. */
  gone: string[];
  /** A minimal API body for the child filter test, and the heading its card shows. */
  record(label: string, day: string): { body: Record<string, unknown>; heading: string };
}

const SCREENS: CareRecordScreen[] = [
  {
    path: "/specialist-visits",
    title: "Specialist Visits",
    apiPath: "/api/specialist-visits",
    addButton: "Add Specialist Visit",
    empty: "No specialist visits yet",
    noun: "specialist visit",
    add: [
      { label: "Doctor Name *", fill: "Dr. Emily Chen" },
      { label: "Specialty *", fill: "Gastroenterology" },
      { label: "Date *", fill: "2025-03-05" },
      { label: "Time", fill: "14:30" },
      { label: "Location", fill: "Clinic B" },
      { label: "Purpose", fill: "Check TPN tolerance" },
      { label: "Follow-up needed", fill: "Repeat blood work in 2 weeks" },
    ],
    submitAdd: "Add Visit",
    cardTitle: "Dr. Emily Chen",
    added: ["Gastroenterology", "Mar 05, 2025 at 14:30", "Clinic B", "Repeat blood work in 2 weeks"],
    edit: [
      { label: "Specialty *", fill: "Hepatology" },
      { label: "Date *", fill: "2025-04-10" },
    ],
    submitEdit: "Update Visit",
    edited: ["Hepatology", "Apr 10, 2025 at 14:30"],
    gone: ["Gastroenterology", "Mar 05, 2025"],
    record: (label, day) => ({
      body: { doctorName: `Dr. ${label}`, specialty: "Cardiology", date: day },
      heading: `Dr. ${label}`,
    }),
  },
  {
    path: "/lab-tests",
    title: "Lab Tests",
    apiPath: "/api/lab-tests",
    addButton: "Add Lab Test",
    empty: "No lab tests yet",
    noun: "lab test",
    add: [
      { label: "Test Name *", fill: "Complete blood count" },
      { label: "Date *", fill: "2025-03-05" },
      { label: "Ordered By", fill: "Dr. Emily Chen" },
      { label: "Normal Range", fill: "4.5-11.0" },
      { label: "Results", fill: "WBC 7.2" },
    ],
    submitAdd: "Add Test",
    cardTitle: "Complete blood count",
    added: ["Mar 05, 2025", "Pending", "Dr. Emily Chen", "4.5-11.0", "WBC 7.2"],
    edit: [
      { label: "Status *", pick: "Reviewed" },
      { label: "Results", fill: "WBC 8.0" },
    ],
    submitEdit: "Update Test",
    edited: ["Reviewed", "WBC 8.0"],
    gone: ["Pending", "WBC 7.2"],
    record: (label, day) => ({
      body: { testName: `${label} panel`, date: day, status: "pending" },
      heading: `${label} panel`,
    }),
  },
  {
    path: "/symptoms-pain",
    title: "Symptoms & Pain",
    apiPath: "/api/symptoms",
    addButton: "Add Symptom Entry",
    empty: "No symptom entries yet",
    noun: "symptom entry",
    add: [
      { label: "Date *", fill: "2025-03-05" },
      { label: "Symptoms", fill: " nausea,  fatigue , ,abdominal pain" },
      { label: "Pain Level", pick: "7 - Severe" },
      { label: "Severity", pick: "Moderate" },
      { label: "Triggers", fill: "Feed rate change" },
    ],
    submitAdd: "Add Entry",
    cardTitle: "Mar 05, 2025",
    added: ["7/10", "Severe", "Moderate", "Feed rate change"],
    edit: [
      { label: "Symptoms", fill: "headache" },
      { label: "Pain Level", pick: "10 - Worst Pain" },
    ],
    submitEdit: "Update Entry",
    edited: ["10/10", "Worst Pain", "headache"],
    gone: ["nausea", "7/10"],
    record: (label, day) => ({
      body: { date: day, symptoms: [`${label} cough`] },
      heading: `Jan ${day.slice(-2)}, 2025`,
    }),
  },
  {
    path: "/medical-allergies",
    title: "Medical Allergies",
    apiPath: "/api/allergies",
    addButton: "Add Medical Allergy",
    empty: "No medical allergies recorded",
    noun: "medical allergy",
    add: [
      { label: "Allergen *", fill: "Penicillin" },
      { label: "Severity *", pick: "Life-threatening" },
      { label: "Reaction *", fill: "Swelling of the throat" },
      { label: "Date Discovered", fill: "2023-06-14" },
    ],
    submitAdd: "Add Allergy",
    cardTitle: "Penicillin",
    added: ["Life-threatening", "Swelling of the throat", "Jun 14, 2023"],
    edit: [
      { label: "Severity *", pick: "Moderate" },
      { label: "Treatment", fill: "Antihistamine" },
    ],
    submitEdit: "Update Allergy",
    edited: ["Moderate", "Antihistamine"],
    gone: ["Life-threatening"],
    record: (label, day) => ({
      body: { allergen: `${label} dust`, reaction: "Sneezing", severity: "mild", dateDiscovered: day },
      heading: `${label} dust`,
    }),
  },
];

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

describe("the care record screens", () => {
  // The screens' tests share an account (each works on its own screen); the child filter's test has its own.
  const browser = useBrowser();

  it.each(SCREENS)("$title: empty state, a failed save, add, edit and delete", async (screen) => {
    const page = await browser.signedInPage("desktop");
    await page.goto(screen.path);
    await page.getByRole("heading", { name: screen.title, level: 1, exact: true }).waitFor();
    await page.getByText(screen.empty, { exact: true }).waitFor();

    // The add button in the empty state opens the dialog with required fields marked *.
    await page.getByRole("button", { name: screen.addButton }).last().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: screen.addButton }).waitFor();
    await dialog.getByText("Required fields are marked *.").waitFor();
    await fillSteps(page, dialog, screen.add);

    // A server failure: the button reads 'Adding...' while the request runs, the failure toast
    // shows, the dialog stays. The request is held until the pending label has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const failing = async (route: Route) => {
      if (route.request().method() !== "POST") return route.continue();
      await held;
      return route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ message: "Internal Server Error" }),
      });
    };
    await page.route(`**${screen.apiPath}`, failing);
    await dialog.getByRole("button", { name: screen.submitAdd, exact: true }).click();
    await dialog.getByRole("button", { name: "Adding...", exact: true }).waitFor();
    release();
    await expectToast(page, `Failed to add ${screen.noun}`);
    await dialog.getByRole("heading", { name: screen.addButton }).waitFor();
    await page.unroute(`**${screen.apiPath}`, failing);

    // The same values saved for real.
    await dialog.getByRole("button", { name: screen.submitAdd, exact: true }).click();
    await expectToast(page, `${capitalised(screen.noun)} added successfully`);
    await page.getByText("Success", { exact: true }).first().waitFor();
    await dialog.waitFor({ state: "detached" });
    await expectCardTexts(page, screen.cardTitle, screen.added);
    expect(await page.getByText(screen.empty, { exact: true }).count()).toBe(0);

    if (screen.path === "/symptoms-pain") {
      // Typed as a comma list, shown as one chip per trimmed, non-empty symptom.
      const chips = card(page, screen.cardTitle)
        .getByRole("list", { name: "Symptoms" })
        .getByRole("listitem");
      await expect.poll(() => chips.allInnerTexts()).toEqual(["nausea", "fatigue", "abdominal pain"]);
    }

    await page.getByRole("button", { name: `Edit ${screen.cardTitle}`, exact: true }).click();
    await fillSteps(page, dialog, screen.edit);
    await dialog.getByRole("button", { name: screen.submitEdit, exact: true }).click();
    await expectToast(page, `${capitalised(screen.noun)} updated successfully`);
    await dialog.waitFor({ state: "detached" });
    await expectCardTexts(page, screen.cardTitle, screen.edited, screen.gone);

    await page.getByRole("button", { name: `Delete ${screen.cardTitle}`, exact: true }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
    await expectToast(page, `${capitalised(screen.noun)} deleted successfully`);
    await page.getByText(screen.empty, { exact: true }).waitFor();
  });

  it("Care Team: closing a dialog gives the focus back to the button that opened it, or to the page", async () => {
    const page = await browser.signedInPage("desktop");
    for (const name of ["Dr. Patel", "Nurse Kim"]) {
      const res = await page.request.post("/api/care-team", { data: { name, role: "Gastroenterologist" } });
      expect(res.status()).toBe(201);
    }
    await page.goto("/care-team");
    const focused = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        return active?.getAttribute("aria-label") ?? active?.tagName;
      });

    // Opened with the keyboard, closed with Escape: back on the card's Edit button.
    const edit = page.getByRole("button", { name: "Edit Dr. Patel", exact: true });
    await edit.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Edit Care Team Member" });
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(focused).toBe("Edit Dr. Patel");

    // Saved: the same.
    await page.keyboard.press("Enter");
    await dialog.getByLabel("Specialty", { exact: true }).fill("Hepatology");
    await dialog.getByRole("button", { name: "Update Member", exact: true }).click();
    await expectToast(page, "Care team member updated successfully");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(focused).toBe("Edit Dr. Patel");

    // The delete confirmation: Cancel goes back to the Delete button; deleting leaves no button to go
    // back to, so the focus goes to the page's main content rather than to nowhere (<body>).
    await page.getByRole("button", { name: "Delete Dr. Patel", exact: true }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByRole("button", { name: "Cancel", exact: true }).click();
    await confirm.waitFor({ state: "detached" });
    await expect.poll(focused).toBe("Delete Dr. Patel");
    await page.keyboard.press("Enter");
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await expectToast(page, "Care team member deleted successfully");
    await card(page, "Dr. Patel").waitFor({ state: "detached" });
    await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest("main")))).toBe(true);
    expect(await focused()).not.toBe("BODY");
  });

  it("shows one child's records (and unlinked ones) when the header filter picks that child, on a phone", async () => {
    const page = await browser.newPage("phone");
    await signUpViaApi(page);
    const makeChild = async (name: string) => {
      const res = await page.request.post("/api/children", { data: { name } });
      expect(res.status()).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    await makeChild("Ava");
    const benId = await makeChild("Ben");
    const headings = new Map<string, { linked: string; unlinked: string }>();
    for (const screen of SCREENS) {
      const linked = screen.record("Linked", "2025-01-02");
      const unlinked = screen.record("Unlinked", "2025-01-03");
      for (const [body, childId] of [
        [linked.body, benId],
        [unlinked.body, null],
      ] as const) {
        const res = await page.request.post(screen.apiPath, { data: { ...body, childId } });
        expect(res.status()).toBe(201);
      }
      headings.set(screen.path, { linked: linked.heading, unlinked: unlinked.heading });
    }

    // All children: both records, the linked one with its child's name.
    await page.goto("/");
    for (const screen of SCREENS) {
      const { linked, unlinked } = headings.get(screen.path) ?? { linked: "", unlinked: "" };
      await openInApp(page, screen.path);
      await card(page, unlinked).waitFor();
      await expectCardTexts(page, linked, ["Ben"]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }

    await page.getByRole("combobox", { name: "Show records for" }).click();
    await page.getByRole("option", { name: "Ava", exact: true }).click();
    for (const screen of SCREENS) {
      const { linked, unlinked } = headings.get(screen.path) ?? { linked: "", unlinked: "" };
      await openInApp(page, screen.path);
      await card(page, unlinked).waitFor();
      expect(await card(page, linked).count()).toBe(0);

      // While looking at Ava, a new record is linked to Ava unless the parent changes it.
      await page.getByRole("button", { name: screen.addButton }).first().click();
      const child = page.getByRole("dialog").getByRole("combobox", { name: "Child", exact: true });
      await expect.poll(() => child.textContent()).toBe("Ava");
      await page.keyboard.press("Escape");
      await page.getByRole("dialog").waitFor({ state: "detached" });
    }
  });
});
