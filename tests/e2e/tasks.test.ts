import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { confirmEmailViaApi, signUpViaApi, useBrowser } from "./browser";

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

describe("care tasks on a phone", () => {
  const browser = useBrowser();

  it("shows a dressing that is due on Tasks, logs it with Done, and then says who did it", async () => {
    const page = await browser.newPage("phone");
    await signUpViaApi(page);
    const child = await post(page, "/api/children", { name: "Sofia" });
    const line = await post(page, "/api/picc-lines", {
      childId: child.id,
      insertionDate: await familyDay(page, 30),
      insertionSite: "right-arm",
      lineType: "double-lumen",
    });
    // A transparent dressing changed 8 days ago at midnight: a day late on its 7 days, whatever the
    // time of day the test runs.
    await post(page, "/api/line-care", {
      childId: child.id,
      piccLineId: line.id,
      kind: "dressing",
      dressingType: "transparent",
      date: await familyDay(page, 8),
      time: "00:00",
    });

    // Reached from the navigation: More, then Tasks.
    await page.goto("/");
    await page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("button", { name: "More" })
      .click();
    await page.getByRole("link", { name: "Tasks" }).click();
    await page.getByRole("heading", { name: "Tasks", level: 1 }).waitFor();

    const overdue = page.getByRole("region", { name: /^Overdue/ });
    const row = overdue.locator(`[data-task-id="line-care:${line.id}:dressing"]`);
    await row.waitFor();
    expect(await row.getAttribute("data-state")).toBe("overdue");
    expect(await row.textContent()).toMatch(/Dressing change.*Transparent, every 7 days.*Overdue by 1 day/);

    const axe = await new AxeBuilder({ page }).include("main").analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    await row.getByRole("button", { name: "Done: Dressing change" }).click();
    await page.getByText("Logged on the line's care.").first().waitFor();

    // Done: in Later now, due again in 7 days, with who did it and when.
    const later = page.getByRole("region", { name: /^Later/ });
    const done = later.locator(`[data-task-id="line-care:${line.id}:dressing"]`);
    await done.waitFor();
    expect(await done.getAttribute("data-state")).toBe("ok");
    expect(await done.textContent()).toContain("Done just now by you");
    expect(await overdue.count()).toBe(0);

    // The dressing itself is logged on the line's care, today, as last time's.
    const [saved] = await (
      await page.request.get(`/api/line-care?piccLineId=${line.id}&kind=dressing`)
    ).json();
    expect(saved).toMatchObject({ dressingType: "transparent", date: await familyDay(page) });

    // The screen fits the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it("says when each person will be told of a family task, and refuses a step between two reminders", async () => {
    const page = await browser.newPage("phone");
    await signUpViaApi(page, "Maria", "Lopez");
    // Grandma joins as a caregiver, from her own browser.
    const rosa = await browser.newPage("desktop");
    const { email } = await signUpViaApi(rosa, "Rosa", "Diaz");
    await confirmEmailViaApi(rosa, email);
    const invitation = await post(page, "/api/family/invitations", { email, role: "caregiver" });
    await post(rosa, "/api/invitations/accept", { token: new URL(invitation.url).searchParams.get("token") });

    await page.goto("/tasks");
    await page.getByRole("button", { name: "Add task" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Task").fill("Change the tubing");
    await dialog.getByLabel("Time", { exact: true }).fill("23:00");
    await dialog.getByLabel("Told first").selectOption({ label: "Maria Lopez" });
    const words = dialog.getByTestId("ladder-words");
    await expect
      .poll(() => words.textContent())
      .toBe(
        "Who is told when: At 23:00 Maria Lopez; 23:15 again; 23:30 Rosa Diaz too; 00:00 everyone; then every 15 min until it is done. Quiet hours hold them back.",
      );
    // "Next caregiver after 2 min" with a reminder every 5: told at the 5-minute reminder, and refused.
    await dialog.getByLabel("Repeat every (min)").fill("5");
    await dialog.getByLabel("Next caregiver after (min)").fill("2");
    await expect
      .poll(() => words.textContent())
      .toContain("At 23:00 Maria Lopez; 23:05 Rosa Diaz too; 00:00 everyone");
    await dialog.getByRole("button", { name: "Add task" }).click();
    await dialog
      .getByText("Reminders go out every 5 min: the next caregiver can be told after 0 or 5 min, not 2")
      .waitFor();
    const next = dialog.getByLabel("Next caregiver after (min)");
    expect(await next.getAttribute("aria-invalid")).toBe("true");
    await next.fill("5");
    await dialog.getByRole("button", { name: "Add task" }).click();
    await dialog.waitFor({ state: "detached" });
    const tasks = await (await page.request.get("/api/tasks")).json();
    expect(tasks.find((t: { title: string }) => t.title === "Change the tubing")?.escalation).toEqual({
      repeatMinutes: 5,
      nextAfterMinutes: 5,
      everyoneAfterMinutes: 60,
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
