import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { joinFamilyAs, signUpViaApi, useBrowser } from "./browser";
import { expectSafeAnswerFirst, expectToast } from "./record-screen-helpers";

/**
 * The dashboard agrees with itself: a write made from one card (a dressing change) moves the
 * Tasks card at once, and a write on another caregiver's phone (a dose) reaches an open page within
 * seconds, without a reload.
 */

async function post(page: Page, path: string, data: unknown) {
  const response = await page.request.post(path, { data });
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** The family's date `days` before today, on the family's clock. */
async function familyDay(page: Page, days: number): Promise<string> {
  const { timeZone } = await (await page.request.get("/api/auth/user")).json();
  const today = new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}

/** A task's state on the dashboard's Tasks card, or "not shown" (the card lists what is due first). */
const stateOnCard = async (page: Page, taskId: string) => {
  const row = page.locator(`[data-tasks-card] [data-task-id="${taskId}"]`);
  return (await row.count()) ? await row.getAttribute("data-state") : "not shown";
};

describe("the dashboard agrees with itself", () => {
  const browser = useBrowser();

  it("moves the Tasks card when a dressing change is logged from the Line care card, without a reload", async () => {
    const page = await browser.newPage("phone");
    await signUpViaApi(page);
    const child = await post(page, "/api/children", { name: "Sofia" });
    const line = await post(page, "/api/picc-lines", {
      childId: child.id,
      insertionDate: await familyDay(page, 30),
      insertionSite: "right-arm",
      lineType: "double-lumen",
    });
    // A transparent dressing changed 8 days ago: a day late on its 7 days.
    await post(page, "/api/line-care", {
      childId: child.id,
      piccLineId: line.id,
      kind: "dressing",
      dressingType: "transparent",
      date: await familyDay(page, 8),
      time: "09:00",
    });
    const dressing = `line-care:${line.id}:dressing`;
    await page.goto("/");
    await expect.poll(() => stateOnCard(page, dressing), { timeout: 15_000 }).toBe("overdue");

    await page
      .locator("[data-line-care-card]")
      .getByRole("button", { name: /^Dressing changed/ })
      .click();
    const dialog = page.getByRole("dialog", { name: "Dressing changed" });
    await dialog.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Dressing change logged");
    // Within 2 seconds: before any check of other members' changes could have come into it.
    await expect.poll(() => stateOnCard(page, dressing), { timeout: 2_000 }).toBe("not shown");
  });

  it("shows another caregiver's dose on an open dashboard within seconds: its Tasks card and its doses card", async () => {
    const page = await browser.newPage("phone");
    await signUpViaApi(page, "Maria", "Lopez");
    const child = await post(page, "/api/children", { name: "Sofia" });
    const medication = await post(page, "/api/medications", {
      childId: child.id,
      name: "Ursodiol",
      dosage: "60 mg",
      frequency: "Every 6 hours",
      scheduleKind: "interval",
      intervalHours: 6,
    });
    // Given 7 hours ago: due an hour ago.
    await post(page, "/api/medication-doses", {
      medicationId: medication.id,
      givenAt: new Date(Date.now() - 7 * 3_600_000).toISOString(),
      amount: "60 mg",
    });
    const grandma = await joinFamilyAs(page, "caregiver", ["Rosa", "Diaz"]);
    try {
      const dose = `dose:${medication.id}`;
      await page.goto("/");
      await expect.poll(() => stateOnCard(page, dose), { timeout: 15_000 }).not.toBe("not shown");
      expect(await stateOnCard(page, dose)).not.toBe("ok");

      // Grandma gives it, on her phone: the parent's open dashboard follows within seconds.
      await post(grandma.page, "/api/medication-doses", { medicationId: medication.id, amount: "60 mg" });
      // Not due any more: listed as later today, or no longer listed.
      await expect.poll(() => stateOnCard(page, dose), { timeout: 10_000 }).toMatch(/^(ok|not shown)$/);
      await expect
        .poll(() => page.locator("[data-doses-card]").textContent(), { timeout: 5_000 })
        .toMatch(/Last dose: Given \d\d:\d\d today by Rosa Diaz/);

      // On Tasks, "Given" now asks first, and the safe answer is the primary, focused one.
      await page.goto("/tasks");
      await page.getByRole("button", { name: "Given: Ursodiol 60 mg" }).click();
      const question = page.getByRole("alertdialog", { name: "Give another dose?" });
      await question.getByText(/Rosa Diaz/).waitFor();
      await expectSafeAnswerFirst(question, "Don't give it", "Record a second dose");
      await page.keyboard.press("Enter");
      await question.waitFor({ state: "detached" });
      const doses = await (
        await page.request.get(`/api/medication-doses?medicationId=${medication.id}`)
      ).json();
      expect(doses).toHaveLength(2);
    } finally {
      await grandma.context.close();
    }
  });
});
