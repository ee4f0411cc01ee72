import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpViaApi, useBrowser } from "./browser";

async function post(page: Page, path: string, data: unknown) {
  const response = await page.request.post(path, { data });
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

const TWELVE = /(?<!\d)(1[0-2]|[1-9]):[0-5]\d\s?[AP]M/g;
const TWENTY_FOUR = /(?<!\d)([01]\d|2[0-3]):[0-5]\d(?!\d|\s?[AP]M)/g;

/**
 * Every time of day the page shows, in its text and in its time fields. A native time field
 * (`type="time"`) is drawn in the browser's own format whatever the family chose, so a time field
 * must be one the page writes.
 */
async function timesOnPage(page: Page) {
  const text = (await page.locator("main").textContent()) ?? "";
  const dialog = page.getByRole("dialog");
  const fields = dialog.getByLabel("Time", { exact: true });
  const values: string[] = [];
  for (const field of await fields.all()) {
    expect(await field.getAttribute("type"), "a time field written by the page").not.toBe("time");
    values.push(await field.inputValue());
  }
  const shown = `${text} ${(await dialog.textContent()) ?? ""} ${values.join(" ")}`;
  return { twelve: shown.match(TWELVE) ?? [], twentyFour: shown.match(TWENTY_FOUR) ?? [], values };
}

describe("one way of writing times per family", () => {
  const browser = useBrowser();

  for (const timeFormat of ["12h", "24h"] as const) {
    it(`writes every time on a page the family's way (${timeFormat})`, async () => {
      const page = await browser.newPage("phone");
      await signUpViaApi(page);
      const family = await page.request.patch("/api/family", { data: { timeFormat } });
      expect(family.status()).toBe(200);
      expect((await (await page.request.get("/api/auth/user")).json()).timeFormat).toBe(timeFormat);
      const child = await post(page, "/api/children", { name: "Kai" });
      const { timeZone } = await (await page.request.get("/api/auth/user")).json();
      const today = new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());
      await post(page, "/api/symptoms", {
        childId: child.id,
        date: today,
        time: "00:49",
        symptoms: ["Fussy"],
      });

      await page.goto("/symptoms-pain");
      await page.getByText(timeFormat === "12h" ? "at 12:49 AM" : "at 00:49").waitFor();
      await page.getByRole("button", { name: "Add Symptom Entry" }).first().click();
      await page.getByRole("dialog").getByLabel("Time", { exact: true }).waitFor();
      const times = await timesOnPage(page);
      if (timeFormat === "12h") {
        expect(times.twentyFour).toEqual([]);
        expect(times.twelve.length).toBeGreaterThanOrEqual(2);
      } else {
        expect(times.twelve).toEqual([]);
        expect(times.twentyFour.length).toBeGreaterThanOrEqual(2);
      }

      // A time typed the family's way is saved as the time of day it names.
      const field = page.getByRole("dialog").getByLabel("Time", { exact: true });
      await field.fill(timeFormat === "12h" ? "1:05 PM" : "13:05");
      await page
        .getByRole("dialog")
        .getByLabel(/Symptoms/)
        .first()
        .fill("Cough");
      await page
        .getByRole("dialog")
        .getByRole("button", { name: /^(Save|Add)/ })
        .last()
        .click();
      await page.getByRole("dialog").waitFor({ state: "detached" });
      const list = await (await page.request.get(`/api/symptoms?childId=${child.id}`)).json();
      expect(list.map((entry: { time: string }) => entry.time)).toContain("13:05");
    });
  }
});
