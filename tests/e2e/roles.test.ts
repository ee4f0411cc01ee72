import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  baseUrl,
  clientAddressHeader,
  confirmEmailViaApi,
  type Size,
  sharedBrowser,
  signUpViaApi,
  sizes,
} from "./browser";
import { card, expectToast } from "./record-screen-helpers";

/**
 * A family shared by several people: the owner (Maria Lopez), a viewer (Grace Viewer, who only
 * reads) and a caregiver (Maximiliano Nurse, a long first name for the cards). Each has a browser context of their own, so their own
 * session and family cookies.
 */

async function post(page: Page, path: string, data: unknown) {
  const response = await page.request.post(path, { data });
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** Invites a person with `role` as the owner, and accepts as that person in their own context. */
async function joinAs(owner: Page, member: Page, role: "viewer" | "caregiver", name: [string, string]) {
  const { email } = await signUpViaApi(member, ...name);
  await confirmEmailViaApi(member, email);
  const invitation = await post(owner, "/api/family/invitations", { email, role });
  const token = new URL(invitation.url).searchParams.get("token");
  const accepted = await post(member, "/api/invitations/accept", { token });
  expect(accepted.role).toBe(role);
  // The answer leaves the family in use on this device in a cookie.
  expect((await member.context().cookies()).some((c) => c.name === "family")).toBe(true);
}

let browser: Browser;
const contexts: BrowserContext[] = [];

async function personPage(size: Size): Promise<Page> {
  const context = await browser.newContext({
    viewport: sizes[size],
    baseURL: baseUrl(),
    reducedMotion: "reduce",
    extraHTTPHeaders: clientAddressHeader(),
  });
  contexts.push(context);
  return context.newPage();
}

/** Opens `path` and waits for the screen's heading (the list may still load behind it). */
async function open(page: Page, path: string, heading: string) {
  await page.goto(path);
  await page.getByRole("heading", { level: 1, name: heading, exact: true }).waitFor();
}

/** Buttons that would change a record: none for a viewer. */
const WRITING_BUTTONS =
  /^(Add|Upload|Edit|Delete|Record Usage|Receive delivery|Count stock|Log now|Actions for|Given|Skip)\b/;

async function expectNoWritingButtons(page: Page, allowed: readonly string[] = []) {
  const names = await page
    .getByRole("button")
    .evaluateAll((buttons) =>
      buttons.map((b) => b.getAttribute("aria-label") ?? b.textContent?.trim() ?? ""),
    );
  expect(names.filter((name) => WRITING_BUTTONS.test(name) && !allowed.includes(name))).toEqual([]);
}

beforeAll(async () => {
  // The worker's browser; the file closes its own contexts.
  browser = await sharedBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
});

describe.each<Size>(["desktop", "phone"])("a family with a viewer and a caregiver, on a %s", (size) => {
  let owner: Page;
  let viewer: Page;
  let caregiver: Page;

  beforeAll(async () => {
    owner = await personPage(size);
    viewer = await personPage(size);
    caregiver = await personPage(size);
    await signUpViaApi(owner, "Maria", "Lopez");
    const child = await post(owner, "/api/children", { name: "Sofia", dateOfBirth: "2019-03-02" });
    await post(owner, "/api/notes", { title: "Pump alarm", content: "Check the line for kinks." });
    await post(owner, "/api/tpn", { childId: child.id, date: "2026-01-05", calories: "850" });
    await post(owner, "/api/tpn-supplies", {
      name: "Filters",
      category: "filters",
      currentStock: 10,
      minThreshold: 2,
      unit: "each",
    });
    await joinAs(owner, viewer, "viewer", ["Grace", "Viewer"]);
    await joinAs(owner, caregiver, "caregiver", ["Maximiliano", "Nurse"]);
  });

  it("offers a viewer nothing that writes, and says what they can do", async () => {
    await open(viewer, "/notes", "Notes");
    const note = card(viewer, "Pump alarm");
    await note.getByText("Added by Maria, just now", { exact: true }).waitFor();
    await viewer.getByText("You can read this family's records").waitFor();
    await expectNoWritingButtons(viewer);

    await open(viewer, "/tpn-nutrition", "TPN Nutrition");
    await card(viewer, "Jan 05, 2026").waitFor();
    await expectNoWritingButtons(viewer);

    await open(viewer, "/tpn-supplies", "TPN Supplies");
    const supply = card(viewer, "Filters");
    await supply.getByText("Added by Maria, just now", { exact: true }).waitFor();
    await viewer.getByRole("button", { name: "Export CSV" }).waitFor();
    await expectNoWritingButtons(viewer);

    await open(viewer, "/children", "Children Profiles");
    await viewer.getByText("Added by Maria, just now", { exact: true }).waitFor();
    await expectNoWritingButtons(viewer);

    await open(viewer, "/", "TPN Tracker Dashboard");
    await viewer.getByRole("heading", { name: "Recent Activity" }).waitFor();
    await viewer.getByRole("link", { name: "Care Summary for the ER" }).waitFor();
    expect(await viewer.getByText("Log now").count()).toBe(0);
    expect(await viewer.getByRole("link", { name: "Add TPN Entry" }).count()).toBe(0);
    // The emergency numbers' Edit stays: they are kept on this device only, never sent.
    await viewer.getByText("Saved on this device only, never sent to the server.").waitFor();
    await expectNoWritingButtons(viewer, ["Edit"]);

    // The same screens offer the owner what the viewer is not offered.
    await open(owner, "/", "TPN Tracker Dashboard");
    await owner.getByRole("heading", { name: "Log now" }).waitFor();
    await owner.getByRole("link", { name: "Add TPN Entry" }).waitFor();
    await open(owner, "/notes", "Notes");
    await owner.getByRole("button", { name: "Add Note" }).waitFor();
    await owner.getByRole("button", { name: "Edit Pump alarm" }).waitFor();
    expect(await owner.getByText("You can read this family's records").count()).toBe(0);
  });

  it("keeps the owner's restore, child-profile deletion and backups from a viewer, not their own account's", async () => {
    await open(viewer, "/settings", "Account Settings");
    await viewer.getByRole("button", { name: "Delete Account" }).waitFor();
    expect(await viewer.getByRole("button", { name: "Delete Child Profile" }).count()).toBe(0);
    await viewer.getByRole("heading", { name: "Data Management" }).waitFor();
    expect(await viewer.getByRole("heading", { name: "Restore from a backup" }).count()).toBe(0);
    await viewer.getByText("Set by the family's owner.").waitFor();

    expect(await viewer.getByRole("heading", { name: "Backups", exact: true }).count()).toBe(0);

    await open(owner, "/settings", "Account Settings");
    await owner.getByRole("button", { name: "Delete Child Profile" }).waitFor();
    await owner.getByRole("heading", { name: "Restore from a backup" }).waitFor();
    // How the server's nightly backups go: the owner's to know.
    await owner.getByRole("heading", { name: "Backups", exact: true }).waitFor();
    await owner.getByText("No backup has been made yet.").waitFor();
  });

  it("shows everyone who added a caregiver's note, and the owner's change after it", async () => {
    const title = `Dressing change ${size}`;
    await open(caregiver, "/notes", "Notes");
    await caregiver.getByRole("button", { name: "Add Note" }).click();
    const form = caregiver.getByRole("form", { name: "New Note" });
    await form.getByLabel("Title *", { exact: true }).fill(title);
    await form.getByLabel("Content *", { exact: true }).fill("Done at 9, site looks clean.");
    await form.getByRole("button", { name: "Save Note" }).click();
    await expectToast(caregiver, "Note created successfully");
    await card(caregiver, title).getByText("Added by you, just now", { exact: true }).waitFor();

    await open(owner, "/notes", "Notes");
    await card(owner, title).getByText("Added by Maximiliano, just now", { exact: true }).waitFor();
    // The owner may change it: the card keeps who added it and names the change's author.
    await card(owner, title)
      .getByRole("button", { name: `Edit ${title}` })
      .click();
    const edit = owner.getByRole("form", { name: "Edit Note" });
    await edit.getByText("Added by Maximiliano, just now", { exact: true }).waitFor();
    await edit.getByLabel("Content *", { exact: true }).fill("Done at 9. Site looks clean, no redness.");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(owner, "Note updated successfully");
    await card(owner, title)
      .getByText(/^Added by Maximiliano · changed by you, (just now|1 minute ago)$/)
      .waitFor();
    // One line inside the card: the addition is cut short before the change is.
    const line = card(owner, title).locator("[data-record-authors]");
    const fits = await line.evaluate((el) => {
      const cardBox = el.closest("li")?.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      const added = el.firstElementChild?.getBoundingClientRect();
      const change = el.lastElementChild?.getBoundingClientRect();
      const lineHeight = Number.parseFloat(getComputedStyle(el).lineHeight);
      return {
        insideCard: !!cardBox && box.right <= cardBox.right + 0.5,
        oneLine:
          !!added && !!change && added.height < lineHeight * 1.5 && Math.abs(added.top - change.top) < 1,
        changeShown: !!change && change.right <= box.right + 0.5,
      };
    });
    expect(fits).toEqual({ insideCard: true, oneLine: true, changeShown: true });
    expect(await owner.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await open(owner, "/", "TPN Tracker Dashboard");
    const activity = owner.getByRole("list").filter({ hasText: "Maximiliano added note" });
    await activity.getByText(`Maximiliano added note ${title}`, { exact: true }).waitFor();
    await activity.getByText(`You changed note ${title}`, { exact: true }).waitFor();

    await open(caregiver, "/notes", "Notes");
    await card(caregiver, title)
      .getByText(/^Added by you · changed by Maria, (just now|1 minute ago)$/)
      .waitFor();
  });
});
