import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

/** One form interaction: type into a labelled field, or pick an option of a labelled select. */
export type Step = { label: string; fill: string } | { label: string; pick: string };

/**
 * Opens the form's 'More details' when the control is one of the fields it hides, as a person
 * would before typing there.
 */
async function reveal(form: Locator, control: Locator) {
  if (await control.isVisible()) return;
  const more = form.getByRole("button", { name: "More details", exact: true });
  if (await more.isVisible()) await more.click();
}

export async function fillSteps(page: Page, form: Locator, steps: Step[]) {
  for (const step of steps) {
    if ("fill" in step) {
      const field = form.getByLabel(step.label, { exact: true });
      await reveal(form, field);
      await field.fill(step.fill);
    } else {
      const select = form.getByRole("combobox", { name: step.label, exact: true });
      await reveal(form, select);
      await select.click();
      await page.getByRole("option", { name: step.pick, exact: true }).click();
    }
  }
}

/** Waits for a toast's text (Radix also copies it into a live region, hence `first`). */
export async function expectToast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor();
}

/** The record card (a list item) whose title is `heading`. */
export function card(page: Page, heading: string): Locator {
  return page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 2, name: heading, exact: true }) });
}

export async function expectCardTexts(page: Page, heading: string, present: string[], absent: string[] = []) {
  const item = card(page, heading);
  await item.waitFor();
  for (const text of present) await expect.poll(() => item.textContent()).toContain(text);
  for (const text of absent) await expect.poll(() => item.textContent()).not.toContain(text);
}

/**
 * A risky question's safe answer is the one Enter or a hurried tap takes: it has the focus, it is
 * the filled (primary) button while the risky answer is plain (the dialog's own background), and
 * on a phone it is the top button.
 */
export async function expectSafeAnswerFirst(dialog: Locator, safe: string, risky: string) {
  const safeButton = dialog.getByRole("button", { name: safe, exact: true });
  const riskyButton = dialog.getByRole("button", { name: risky, exact: true });
  await expect.poll(() => safeButton.evaluate((b) => b === document.activeElement)).toBe(true);
  const look = await dialog.evaluate(
    (box, names) => {
      const buttons = [...box.querySelectorAll("button")];
      const find = (name: string) => buttons.find((b) => b.textContent?.trim() === name);
      const background = (element: Element | undefined) =>
        element ? getComputedStyle(element).backgroundColor : null;
      return {
        safe: background(find(names.safe)),
        risky: background(find(names.risky)),
        dialog: background(box),
      };
    },
    { safe, risky },
  );
  expect(look.risky).toBe(look.dialog);
  expect(look.safe).not.toBe(look.dialog);
  const [top, other] = [await safeButton.boundingBox(), await riskyButton.boundingBox()];
  if (!top || !other) throw new Error("answers not shown");
  // Stacked on a phone (the safe one on top), side by side on a wide screen (the safe one last).
  expect(top.y < other.y || top.x > other.x).toBe(true);
}
