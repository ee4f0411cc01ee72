import type { Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openInApp, signUpViaApi, useBrowser } from "./browser";
import { card, expectCardTexts, expectToast, fillSteps, type Step } from "./record-screen-helpers";

/** A form input: typed into a text/date/time/number field, or picked from a select. */

interface JournalScreen {
  path: string;
  title: string;
  apiPath: string;
  addButton: string;
  firstButton: string;
  empty: string;
  formTitle: string;
  editFormTitle: string;
  submit: string;
  /** 'Creating...' or 'Adding...' (medications). */
  pending: string;
  toasts: { created: string; createFailed: string; updated: string; deleted: string };
  /** Every field of the form; the Child field is added by the test. */
  add: Step[];
  cardTitle: string;
  /** How the card's Edit and Delete buttons name the record. */
  recordName: string;
  /** Texts the card shows after adding: every entered field, dates as 'MMM d, yyyy'. */
  added: string[];
  /** Comma-separated input shown as one chip per trimmed item. */
  chips: Record<string, string[]>;
  /** The edit form shows a list as comma-separated text. */
  prefilled: { label: string; value: string };
  edit: Step[];
  edited: string[];
  gone: string[];
  /** A minimal API body, and the heading its card shows. */
  record(label: string): { body: Record<string, unknown>; heading: string };
}

const SCREENS: JournalScreen[] = [
  {
    path: "/notes",
    title: "Notes",
    apiPath: "/api/notes",
    addButton: "Add Note",
    firstButton: "Add First Note",
    empty: "No notes yet",
    formTitle: "New Note",
    editFormTitle: "Edit Note",
    submit: "Save Note",
    pending: "Creating...",
    toasts: {
      created: "Note created successfully",
      createFailed: "Failed to create note",
      updated: "Note updated successfully",
      deleted: "Note deleted successfully",
    },
    add: [
      { label: "Title *", fill: "Ask about lipid dose" },
      { label: "Category", pick: "Medical" },
      { label: "Priority", pick: "High" },
      { label: "Content *", fill: "Triglycerides were high last week." },
      { label: "Tags", fill: " labs,lipids , ,questions " },
    ],
    cardTitle: "Ask about lipid dose",
    recordName: "Ask about lipid dose",
    added: ["High priority", "Medical", "Triglycerides were high last week.", "Added by you, just now"],
    chips: { Tags: ["labs", "lipids", "questions"] },
    prefilled: { label: "Tags", value: "labs, lipids, questions" },
    edit: [
      { label: "Content *", fill: "Ask Dr. Chen about reducing lipids." },
      { label: "Priority", pick: "Low" },
    ],
    edited: ["Ask Dr. Chen about reducing lipids.", "Low priority"],
    gone: ["Triglycerides were high", "High priority"],
    record: (label) => ({ body: { title: `${label} note`, content: "Text" }, heading: `${label} note` }),
  },
  {
    path: "/physical-therapy",
    title: "Physical Therapy",
    apiPath: "/api/physical-therapy",
    addButton: "Add Session",
    firstButton: "Add First Session",
    empty: "No therapy sessions yet",
    formTitle: "New Therapy Session",
    editFormTitle: "Edit Therapy Session",
    submit: "Save Session",
    pending: "Creating...",
    toasts: {
      created: "Physical therapy session created successfully",
      createFailed: "Failed to create session",
      updated: "Physical therapy session updated successfully",
      deleted: "Session deleted successfully",
    },
    add: [
      { label: "Date *", fill: "2025-03-04" },
      { label: "Time", fill: "14:30" },
      { label: "Therapist *", fill: "Jamie Park" },
      { label: "Location", fill: "Rehab gym" },
      { label: "Duration (minutes)", fill: "45" },
      { label: "Next Session", fill: "2025-03-11" },
      { label: "Exercises", fill: "Tummy time, bridges,, balance board" },
      { label: "Progress", fill: "Sat unsupported for 30 seconds" },
      { label: "Notes", fill: "Practice bridges daily" },
    ],
    cardTitle: "Jamie Park",
    recordName: "session with Jamie Park on Mar 4, 2025",
    added: [
      "Mar 4, 2025 at 14:30",
      "45 min",
      "Rehab gym",
      "Sat unsupported for 30 seconds",
      "Practice bridges daily",
      "Next session: Mar 11, 2025",
      "Added by you, just now",
    ],
    chips: { Exercises: ["Tummy time", "bridges", "balance board"] },
    prefilled: { label: "Exercises", value: "Tummy time, bridges, balance board" },
    edit: [
      { label: "Duration (minutes)", fill: "60" },
      { label: "Progress", fill: "Crawled two metres" },
    ],
    edited: ["60 min", "Crawled two metres"],
    gone: ["45 min", "Sat unsupported"],
    record: (label) => ({ body: { date: "2025-01-02", therapist: `${label} PT` }, heading: `${label} PT` }),
  },
  {
    path: "/medications",
    title: "Medications",
    apiPath: "/api/medications",
    addButton: "Add Medication",
    firstButton: "Add First Medication",
    empty: "No medications yet",
    formTitle: "New Medication",
    editFormTitle: "Edit Medication",
    submit: "Save Medication",
    pending: "Adding...",
    toasts: {
      created: "Medication added successfully",
      createFailed: "Failed to add medication",
      updated: "Medication updated successfully",
      deleted: "Medication deleted successfully",
    },
    add: [
      { label: "Medication Name *", fill: "Omeprazole" },
      { label: "Dosage *", fill: "5 mg" },
      { label: "Frequency *", fill: "Twice daily" },
      { label: "Prescribed By", fill: "Dr. Emily Chen" },
      { label: "Start Date", fill: "2025-01-05" },
      // Still being taken (an end date in the past would show it as Discontinued).
      { label: "End Date", fill: "2099-06-30" },
      { label: "Purpose", fill: "Reflux" },
      { label: "Side Effects", fill: "Drowsiness , upset stomach" },
      { label: "Instructions", fill: "Give before feeds" },
      { label: "Notes", fill: "Refill at the pharmacy" },
    ],
    cardTitle: "Omeprazole",
    recordName: "Omeprazole",
    added: [
      "Active",
      "5 mg",
      "Twice daily",
      "Dr. Emily Chen",
      "Jan 5, 2025 – Jun 30, 2099",
      "Reflux",
      "Give before feeds",
      "Refill at the pharmacy",
      "Added by you, just now",
    ],
    chips: { "Side effects": ["Drowsiness", "upset stomach"] },
    prefilled: { label: "Side Effects", value: "Drowsiness, upset stomach" },
    edit: [{ label: "Status", pick: "Discontinued" }],
    edited: ["Discontinued"],
    gone: ["Active"],
    record: (label) => ({
      body: { name: `${label} drops`, dosage: "1 mL", frequency: "Daily" },
      heading: `${label} drops`,
    }),
  },
  {
    path: "/food-diary",
    title: "Food Diary",
    apiPath: "/api/food-diary",
    addButton: "Add Entry",
    firstButton: "Add First Entry",
    empty: "No food entries yet",
    formTitle: "New Food Diary Entry",
    editFormTitle: "Edit Food Diary Entry",
    submit: "Save Entry",
    pending: "Creating...",
    toasts: {
      created: "Food diary entry created successfully",
      createFailed: "Failed to create entry",
      updated: "Food diary entry updated successfully",
      deleted: "Entry deleted successfully",
    },
    add: [
      { label: "Date *", fill: "2025-03-04" },
      { label: "Meal Type *", pick: "Lunch" },
      { label: "Time", fill: "12:15" },
      { label: "Portion", fill: "Half a cup" },
      { label: "Foods", fill: "Pear puree,rice cereal" },
      { label: "Symptoms", fill: "rash, fussiness" },
      { label: "Reaction", fill: "Mild rash on cheeks" },
      { label: "Notes", fill: "Ate slowly" },
    ],
    cardTitle: "Mar 4, 2025",
    recordName: "lunch entry of Mar 4, 2025 at 12:15",
    added: ["Lunch", "12:15", "Half a cup", "Mild rash on cheeks", "Ate slowly", "Added by you, just now"],
    chips: { Foods: ["Pear puree", "rice cereal"], Symptoms: ["rash", "fussiness"] },
    prefilled: { label: "Symptoms", value: "rash, fussiness" },
    edit: [{ label: "Portion", fill: "A full cup" }],
    edited: ["A full cup"],
    gone: ["Half a cup"],
    record: (label) => ({
      body: { date: "2025-01-02", mealType: "snack", notes: `${label} snack` },
      heading: "Jan 2, 2025",
    }),
  },
];

async function makeChild(page: Page, name: string): Promise<string> {
  const res = await page.request.post("/api/children", { data: { name } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/**
 * Holds the screen's POST until `release()`, then answers 500, so the pending label can be seen
 * while the request runs.
 */
function failingCreate() {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const handler = async (route: Route) => {
    if (route.request().method() !== "POST") return route.continue();
    await held;
    return route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ message: "Internal Server Error" }),
    });
  };
  return { handler, release };
}

describe("the journal screens (notes, therapy, medications, food diary)", () => {
  // The screens' tests share an account with one child (each works on its own screen); the tests
  // of the child filter and of one note have their own.
  const browser = useBrowser({
    prepareSharedAccount: (page) => makeChild(page, "Sofia").then(() => undefined),
  });

  it.each(SCREENS)("$title: empty state, inline add, edit and delete", async (screen) => {
    const page = await browser.signedInPage("desktop");
    await page.goto(screen.path);
    await page.getByRole("heading", { name: screen.title, level: 1, exact: true }).waitFor();
    await page.getByText(screen.empty, { exact: true }).waitFor();

    // The create form is hidden until the add button opens it; the button toggles it, Cancel hides it.
    const form = page.getByRole("form", { name: screen.formTitle });
    expect(await form.count()).toBe(0);
    const addButton = page.getByRole("button", { name: screen.addButton, exact: true });
    await addButton.click();
    await form.waitFor();
    await expect.poll(() => addButton.getAttribute("aria-expanded")).toBe("true");
    await addButton.click();
    await form.waitFor({ state: "detached" });
    await page.getByRole("button", { name: screen.firstButton, exact: true }).click();
    await form.waitFor();
    await form.getByRole("button", { name: "Cancel", exact: true }).click();
    await form.waitFor({ state: "detached" });
    await page.getByText(screen.empty, { exact: true }).waitFor();

    await page.getByRole("button", { name: screen.firstButton, exact: true }).click();
    const childField = form.getByRole("combobox", { name: "Child", exact: true });
    // The family's only child is chosen already.
    await expect.poll(() => childField.textContent()).toBe("Sofia");
    await fillSteps(page, form, screen.add);
    await form.getByRole("button", { name: screen.submit, exact: true }).click();
    await expectToast(page, screen.toasts.created);
    await page.getByText("Success", { exact: true }).first().waitFor();
    await form.waitFor({ state: "detached" });
    await expectCardTexts(page, screen.cardTitle, [...screen.added, "Sofia"]);
    for (const [label, items] of Object.entries(screen.chips)) {
      const chips = card(page, screen.cardTitle).getByRole("list", { name: label }).getByRole("listitem");
      await expect.poll(() => chips.allInnerTexts()).toEqual(items);
    }
    expect(await page.getByText(screen.empty, { exact: true }).count()).toBe(0);

    // Edit in place: the form replaces the card, prefilled, lists as comma-separated text.
    await page.getByRole("button", { name: `Edit ${screen.recordName}`, exact: true }).click();
    const editForm = page.getByRole("form", { name: screen.editFormTitle });
    await editForm.waitFor();
    await expect
      .poll(() => editForm.getByLabel(screen.prefilled.label, { exact: true }).inputValue())
      .toBe(screen.prefilled.value);
    await expect.poll(() => editForm.getByRole("combobox", { name: "Child" }).textContent()).toBe("Sofia");
    await fillSteps(page, editForm, screen.edit);
    await editForm.getByRole("button", { name: "Save Changes", exact: true }).click();
    await expectToast(page, screen.toasts.updated);
    await editForm.waitFor({ state: "detached" });
    await expectCardTexts(page, screen.cardTitle, screen.edited, screen.gone);
    // Closing the form gives the focus back to the card's Edit button.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe(`Edit ${screen.recordName}`);

    // Delete asks first; Cancel keeps the record.
    const deleteButton = page.getByRole("button", { name: `Delete ${screen.recordName}`, exact: true });
    await deleteButton.click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByRole("button", { name: "Cancel", exact: true }).click();
    await confirm.waitFor({ state: "detached" });
    await card(page, screen.cardTitle).waitFor();
    await deleteButton.click();
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await expectToast(page, screen.toasts.deleted);
    await page.getByText(screen.empty, { exact: true }).waitFor();
  });

  it.each(SCREENS)("$title: a failed create keeps the form and its values, on a phone", async (screen) => {
    const page = await browser.signedInPage("phone");
    await page.goto(screen.path);
    await page.getByRole("button", { name: screen.addButton, exact: true }).click();
    const form = page.getByRole("form", { name: screen.formTitle });
    await fillSteps(page, form, screen.add);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const failing = failingCreate();
    await page.route(`**${screen.apiPath}`, failing.handler);
    await form.getByRole("button", { name: screen.submit, exact: true }).click();
    await form.getByRole("button", { name: screen.pending, exact: true }).waitFor();
    failing.release();
    await expectToast(page, screen.toasts.createFailed);
    await form.getByRole("button", { name: screen.submit, exact: true }).waitFor();
    for (const step of screen.add) {
      if ("fill" in step) {
        const input = form.getByLabel(step.label, { exact: true });
        expect(await input.inputValue()).toBe(step.fill);
      } else {
        const select = form.getByRole("combobox", { name: step.label, exact: true });
        expect(await select.textContent()).toBe(step.pick);
      }
    }
    expect(await page.getByText(screen.empty, { exact: true }).count()).toBe(0);
    await page.unroute(`**${screen.apiPath}`, failing.handler);
  });

  it("lists one child's records (and unlinked ones) and links new ones to the header's child", async () => {
    const page = await browser.newPage("phone");
    await signUpViaApi(page);
    await makeChild(page, "Ava");
    const benId = await makeChild(page, "Ben");
    for (const screen of SCREENS) {
      for (const [label, childId] of [
        ["Bens", benId],
        ["Shared", null],
      ] as const) {
        const { body } = screen.record(label);
        const res = await page.request.post(screen.apiPath, { data: { ...body, childId } });
        expect(res.status()).toBe(201);
      }
    }

    await page.goto("/notes");
    // The notes shown until Ava's have loaded are everyone's (dimmed, busy).
    const avasNotes = page.waitForResponse(
      (r) => new URL(r.url()).pathname === "/api/notes" && new URL(r.url()).searchParams.has("childId"),
    );
    await page.getByRole("combobox", { name: "Show records for" }).click();
    await page.getByRole("option", { name: "Ava", exact: true }).click();
    await avasNotes;
    await expect.poll(() => page.locator("ul[aria-busy]").count()).toBe(0);
    for (const screen of SCREENS) {
      await openInApp(page, screen.path);
      const shared = screen.record("Shared");
      const bens = screen.record("Bens");
      if (shared.heading === bens.heading) {
        // Food diary cards are headed by the date: count them instead.
        await card(page, shared.heading).first().waitFor();
        await expect.poll(() => card(page, shared.heading).count()).toBe(1);
      } else {
        await card(page, shared.heading).waitFor();
        expect(await card(page, bens.heading).count()).toBe(0);
      }
      await page.getByRole("button", { name: screen.addButton, exact: true }).click();
      const child = page
        .getByRole("form", { name: screen.formTitle })
        .getByRole("combobox", { name: "Child", exact: true });
      await expect.poll(() => child.textContent()).toBe("Ava");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
  });
  it("Notes: asks before another form replaces one with unsaved changes", async () => {
    const page = await browser.newPage("desktop");
    await signUpViaApi(page);
    const res = await page.request.post("/api/notes", {
      data: { title: "Dressing change", content: "Monday" },
    });
    expect(res.status()).toBe(201);
    const question = page.getByRole("alertdialog", { name: "Discard unsaved changes?" });

    await page.goto("/notes");
    await card(page, "Dressing change").waitFor();
    const addForm = page.getByRole("form", { name: "New Note" });
    const editForm = page.getByRole("form", { name: "Edit Note" });
    const edit = page.getByRole("button", { name: "Edit Dressing change", exact: true });

    // Nothing typed yet: no question.
    await page.getByRole("button", { name: "Add Note", exact: true }).click();
    await edit.click();
    await editForm.waitFor();
    expect(await question.count()).toBe(0);
    await editForm.getByRole("button", { name: "Cancel", exact: true }).click();
    await editForm.waitFor({ state: "detached" });

    // Typed into Add, then Edit elsewhere: "Keep editing" keeps the typing, "Discard" opens the edit form.
    await page.getByRole("button", { name: "Add Note", exact: true }).click();
    await addForm.getByLabel("Title *", { exact: true }).fill("Ask about lipid dose");
    await edit.click();
    await question.getByRole("button", { name: "Keep editing" }).click();
    await question.waitFor({ state: "detached" });
    expect(await addForm.getByLabel("Title *", { exact: true }).inputValue()).toBe("Ask about lipid dose");
    expect(await editForm.count()).toBe(0);

    await edit.click();
    await question.getByRole("button", { name: "Discard" }).click();
    await editForm.waitFor();
    await addForm.waitFor({ state: "detached" });
    expect(await editForm.getByLabel("Title *", { exact: true }).inputValue()).toBe("Dressing change");
  });

  it("Notes: an open edit form and its typing survive a change of the header's child", async () => {
    const page = await browser.newPage("desktop");
    await signUpViaApi(page);
    await makeChild(page, "Ava");
    await makeChild(page, "Ben");
    const res = await page.request.post("/api/notes", {
      data: { title: "Shared note", content: "For both" },
    });
    expect(res.status()).toBe(201);

    await page.goto("/notes");
    await page.getByRole("button", { name: "Edit Shared note", exact: true }).click();
    const editForm = page.getByRole("form", { name: "Edit Note" });
    const content = editForm.getByLabel("Content *", { exact: true });
    await content.fill("Typed but not saved yet");

    // Ava's list answers slowly; the cards (and the form among them) stay while it loads.
    const avasNotes = (url: URL) => url.pathname === "/api/notes" && url.searchParams.has("childId");
    await page.route(avasNotes, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    const avasList = page.waitForResponse((r) => avasNotes(new URL(r.url())));
    await page.getByRole("combobox", { name: "Show records for" }).click();
    await page.getByRole("option", { name: "Ava", exact: true }).click();
    expect(await editForm.count()).toBe(1);
    await avasList;
    await expect.poll(() => page.locator("ul[aria-busy]").count()).toBe(0);
    await editForm.waitFor();
    expect(await content.inputValue()).toBe("Typed but not saved yet");
  });
});
