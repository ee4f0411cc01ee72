import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type Size, signUpViaApi, useBrowser } from "./browser";

async function post(page: Page, path: string, data: unknown) {
  const response = await page.request.post(path, { data });
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** Every kind of a line's care, by the button Log now's "Line care" logs it with. */
const KINDS: [kind: string, button: string | null][] = [
  ["dressing", "Dressing changed"],
  ["connector", "Cap changed"],
  ["tubing", "Tubing changed"],
  ["lock", "Lock given"],
  ["flush", "Line flushed"],
  ["site-check", "Site checked: normal"],
  ["occlusion", "Occlusion"],
  ["breakage", "Breakage"],
  ["dislodgement", "Dislodgement"],
  // Typed, then saved: typing is not a tap.
  ["external-length", null],
];

describe("every kind of line care from Log now in three taps at most", () => {
  const browser = useBrowser();

  for (const size of ["phone", "desktop"] as const satisfies Size[]) {
    it(`logs each kind, counting the taps from the dashboard to saved (${size})`, async () => {
      const page = await browser.newPage(size);
      await signUpViaApi(page);
      const child = await post(page, "/api/children", { name: "Kai" });
      const { timeZone } = await (await page.request.get("/api/auth/user")).json();
      const today = new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());
      const line = await post(page, "/api/picc-lines", {
        childId: child.id,
        insertionDate: today,
        insertionSite: "right-arm",
        lineType: "single-lumen",
        externalLengthCm: 12,
      });
      await page.goto("/");
      await page.getByRole("heading", { name: "TPN Tracker Dashboard", level: 1 }).waitFor();

      for (const [kind, button] of KINDS) {
        let taps = 0;
        const tap = async (target: Locator) => {
          taps += 1;
          await target.click();
        };
        if (size === "phone") {
          await tap(
            page
              .getByRole("navigation", { name: "Main navigation" })
              .getByRole("button", { name: "Log now" }),
          );
          await tap(page.getByRole("dialog", { name: "Log now" }).getByRole("button", { name: "Line care" }));
        } else {
          await tap(
            page
              .getByRole("region", { name: "Log now" })
              .getByRole("button", { name: "Line care", exact: true }),
          );
        }
        const dialog = page.getByRole("dialog", { name: "Line care" });
        if (button) {
          await tap(dialog.getByRole("button", { name: new RegExp(`^${button}`) }));
        } else {
          await dialog.getByLabel("External length (cm)").fill("12.5");
          await tap(dialog.getByRole("button", { name: "Save length" }));
        }
        await dialog.waitFor({ state: "detached" });
        expect(taps, `${kind} on a ${size}`).toBeLessThanOrEqual(3);
        const saved = await (
          await page.request.get(`/api/line-care?piccLineId=${line.id}&kind=${kind}`)
        ).json();
        expect(saved, kind).toHaveLength(1);
        expect(saved[0]).toMatchObject({ kind, date: today });
      }
    });
  }
});
