import { readFileSync } from "node:fs";
import { format } from "date-fns";
import { describe, expect, it } from "vitest";
import { signUpViaApi, useBrowser } from "./browser";

describe("the JSON export", () => {
  const browser = useBrowser();

  it("downloads every record from Account Settings as tpn-tracker-export-{date}.json", async () => {
    const page = await browser.newPage("desktop");
    const { email } = await signUpViaApi(page);
    await page.request.post("/api/care-team", { data: { name: "Dr. Patel", role: "Gastroenterologist" } });
    await page.goto("/settings");
    await page.getByRole("heading", { name: "Account Settings", level: 1 }).waitFor();

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: /Export JSON/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`tpn-tracker-export-${format(new Date(), "yyyy-MM-dd")}.json`);
    const content = JSON.parse(readFileSync(await file.path(), "utf8"));
    expect(content.account.email).toBe(email);
    expect(content.careTeamMembers).toEqual([
      expect.objectContaining({ name: "Dr. Patel", role: "Gastroenterologist" }),
    ]);
    await page.getByText("Data Exported", { exact: true }).first().waitFor();
  });
});
