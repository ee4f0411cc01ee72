import { describe, expect, it } from "vitest";
import { sizes, useBrowser } from "./browser";

/** The phone's bottom bar covers the last 64 px of the screen. */
const BOTTOM_BAR = 64;

describe("a new family's dashboard", () => {
  const browser = useBrowser();

  for (const size of ["phone", "desktop"] as const) {
    it(`offers to add the child first, in the first screenful (${size})`, async () => {
      const page = await browser.newPage(size);
      const signUp = await page.request.post("/api/auth/register", {
        data: { email: `first-${Date.now()}-${size}@example.org`, password: "correct horse battery staple" },
      });
      expect(signUp.status()).toBe(201);
      await page.goto("/");
      await page.getByRole("heading", { name: "TPN Tracker Dashboard", level: 1 }).waitFor();
      const main = page.locator("main");
      const addChild = main.getByRole("link", { name: /add (your|a) child/i }).first();
      await addChild.waitFor();
      const box = await addChild.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.y + box!.height).toBeLessThanOrEqual(sizes[size].height - BOTTOM_BAR);
      // Nothing to log comes before it: a family without a child logs nothing yet.
      const firstControl = main.locator("a[href], button").first();
      expect(await firstControl.textContent()).toMatch(/add (your|a) child/i);

      await addChild.click();
      await page.getByRole("dialog").getByRole("heading", { name: /child/i }).first().waitFor();
      expect(new URL(page.url()).pathname).toBe("/children");
    });
  }
});
