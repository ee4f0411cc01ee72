import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { joinFamilyAs, signUpViaApi, useBrowser } from "./browser";

/**
 * A caregiver's page left open on her phone while the owner, on a computer, changes her place in
 * the family: made a viewer, limited to one child, then removed. Within a few seconds (an open page
 * asks every 3 seconds) her page says what changed and shows only what she can still see; once
 * removed, it says she is no longer in the family instead of showing the children.
 */

/** Within a few seconds: the page asks every 3 seconds, and a change is read on the next ask. */
const FEW_SECONDS = { timeout: 8_000 };

async function call(page: Page, method: "post" | "patch" | "delete", path: string, data?: object) {
  const response = await page.request[method](path, data ? { data } : {});
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return response.status() === 204 ? null : response.json();
}

describe("a caregiver whose access changes while her page is open", () => {
  const browser = useBrowser();

  it("is told within seconds when she is made a viewer, limited to another child, or removed", async () => {
    const owner = await browser.newPage("desktop");
    await signUpViaApi(owner, "Maria", "Lopez");
    const sam = await call(owner, "post", "/api/children", { name: "Sam" });
    const ana = await call(owner, "post", "/api/children", { name: "Ana" });
    const { page: grace, context } = await joinFamilyAs(owner, "caregiver", ["Grace", "Okafor"]);
    try {
      const members = (await owner.request.get("/api/family/members").then((r) => r.json())) as {
        userId: string;
        name: string;
      }[];
      const graceId = members.find((m) => m.name === "Grace Okafor")!.userId;

      await grace.goto("/children");
      const main = grace.getByRole("main");
      await main.getByRole("heading", { name: "Sam" }).waitFor();
      await main.getByRole("heading", { name: "Ana" }).waitFor();
      await main.getByRole("button", { name: "Add Child" }).first().waitFor();

      // Made a viewer: her open page says so, and the buttons that write go.
      await call(owner, "patch", `/api/family/members/${graceId}`, { role: "viewer" });
      await grace
        .getByText("You can now read The Lopez family's records, but not add or change them.")
        .waitFor(FEW_SECONDS);
      await main.getByText("You can read this family's records").first().waitFor();
      expect(await main.getByRole("button", { name: "Add Child" }).count()).toBe(0);
      await grace.getByRole("button", { name: "OK" }).click();

      // A caregiver of Ana only: Sam disappears from her page.
      await call(owner, "patch", `/api/family/members/${graceId}`, { role: "caregiver", childIds: [ana.id] });
      await grace
        .getByText("You now see only Ana's records; the family's other children are no longer shown.")
        .waitFor(FEW_SECONDS);
      await main.getByRole("heading", { name: "Sam" }).waitFor({ state: "detached", ...FEW_SECONDS });
      await main.getByRole("heading", { name: "Ana" }).waitFor();
      expect(sam.id).not.toBe(ana.id);

      // Removed: her page says she is no longer in the family, and shows no child.
      await call(owner, "delete", `/api/family/members/${graceId}`);
      await grace
        .getByRole("heading", { level: 1, name: "You are no longer in The Lopez family" })
        .waitFor(FEW_SECONDS);
      expect(await grace.getByText("Ana", { exact: true }).count()).toBe(0);
      // Moving on opens the family she still has (one of her own, empty), and says nothing of Ana.
      await grace.getByRole("button", { name: "Continue" }).click();
      await grace.getByRole("heading", { level: 1, name: /Welcome|Dashboard/ }).waitFor();
      expect(await grace.getByText("Ana", { exact: true }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
