import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { joinFamilyAs, signUpViaApi, useBrowser } from "./browser";
import { expectSafeAnswerFirst, expectToast } from "./record-screen-helpers";

/**
 * Handing the family over is asked first, as every risky question: keeping it as it is, the
 * primary and focused answer, is what Enter does; the other says exactly what it does.
 */

const roleOf = async (page: Page, name: string) => {
  const members = (await (await page.request.get("/api/family/members")).json()) as {
    name: string;
    role: string;
  }[];
  return members.find((m) => m.name === name)?.role;
};

describe("the owner's risky question", () => {
  const browser = useBrowser();

  it("keeps the family as it is on Enter, and hands it over only on the button that says so", async () => {
    const page = await browser.newPage("desktop");
    await signUpViaApi(page, "Maria", "Lopez");
    const rosa = await joinFamilyAs(page, "caregiver", ["Rosa", "Diaz"]);
    try {
      await page.goto("/family");
      const pick = async () => {
        await page.getByRole("combobox", { name: "Role of Rosa Diaz" }).click();
        await page.getByRole("option", { name: /^Owner/ }).click();
      };
      await pick();
      const ask = page.getByRole("alertdialog", { name: "Make Rosa Diaz the owner?" });
      await expectSafeAnswerFirst(ask, "Cancel", "Make Rosa Diaz the owner");
      await page.keyboard.press("Enter");
      await ask.waitFor({ state: "detached" });
      expect(await roleOf(page, "Rosa Diaz")).toBe("caregiver");

      await pick();
      await ask.getByRole("button", { name: "Make Rosa Diaz the owner" }).click();
      await expectToast(page, "Rosa Diaz is now the owner");
      expect(await roleOf(rosa.page, "Rosa Diaz")).toBe("owner");
    } finally {
      await rosa.context.close();
    }
  });
});
