import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { confirmEmailViaApi, PASSWORD, signUpViaApi, uniqueEmail, useBrowser } from "./browser";
import { expectToast } from "./record-screen-helpers";

/**
 * One child, several caregivers, and the clinic: the whole story of a shared family, each person
 * in a browser of their own. The owner invites a caregiver from Family & Sharing; the caregiver
 * joins from the link, sees the child's records and adds a TPN entry on a phone; the owner sees it
 * with the caregiver's name on the entry and in Recent Activity; a viewer is offered no Add; the
 * clinic's link opens the summary signed out and stops once withdrawn.
 */

async function post<T = { id: string }>(page: Page, path: string, data: object): Promise<T> {
  const response = await page.request.post(path, { data });
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

describe("a family looking after one child together", () => {
  const browser = useBrowser();

  it("invites, joins, logs, names who did it, keeps a viewer to reading, and shares with the clinic", async () => {
    // The owner, on a computer: a child with a night's TPN already logged.
    const owner = await browser.newPage("desktop");
    await signUpViaApi(owner, "Maria", "Lopez");
    const sam = await post(owner, "/api/children", { name: "Sam" });
    await post(owner, "/api/tpn", { childId: sam.id, date: "2026-11-20", volume: "1100", duration: 12 });

    await owner.goto("/family");
    const form = owner.getByRole("form", { name: "Invite someone" });
    const graceEmail = uniqueEmail("grace");
    await form.getByLabel("Their email").fill(graceEmail);
    await form.getByRole("button", { name: "Create invitation" }).click();
    const link = new URL(await owner.getByLabel("Invitation link").inputValue());

    // The caregiver, on a phone, opens the link signed out and makes an account there.
    const grace = await browser.newPage("phone");
    await grace.goto(`${link.pathname}${link.search}`);
    await grace.getByText("Maria invited you to join their family as a caregiver.").waitFor();
    await grace.getByRole("button", { name: "Create an account" }).click();
    const signUp = grace.getByRole("form", { name: "Create account" });
    await signUp.getByLabel("Email").fill(graceEmail);
    await signUp.getByLabel("First name").fill("Grace");
    await signUp.getByLabel("Last name").fill("Okafor");
    await signUp.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await signUp.getByLabel("Confirm password").fill(PASSWORD);
    await signUp.getByRole("button", { name: "Create account and join" }).click();
    // Only the invited address joins, once confirmed: she opens the link mailed to her, then accepts.
    await grace.getByText("Confirm your email address first", { exact: false }).waitFor();
    await confirmEmailViaApi(grace, graceEmail);
    await grace.getByRole("button", { name: "Accept and join" }).click();
    await expectToast(grace, "You joined The Lopez family");

    // She sees Sam's entries, and adds tonight's.
    await grace.goto("/tpn-nutrition");
    await grace.getByRole("heading", { level: 1, name: "TPN Nutrition" }).waitFor();
    await grace.getByRole("listitem").filter({ hasText: "Nov 20, 2026" }).waitFor();
    await grace.getByRole("button", { name: "Add TPN Entry" }).first().click();
    const dialog = grace.getByRole("dialog", { name: "Add TPN Entry" });
    await dialog.getByLabel("Date *").fill("2026-11-21");
    await dialog.getByLabel("Volume (mL)").fill("1250");
    await dialog.getByLabel("Duration (hours)").fill("12");
    await dialog.getByRole("button", { name: "Add Entry" }).click();
    await expectToast(grace, "TPN entry added successfully");
    const hers = grace.getByRole("listitem").filter({ hasText: "Nov 21, 2026" });
    await hers.getByText("Added by you", { exact: false }).waitFor();

    // The owner sees who added it, on the entry and in Recent Activity.
    await owner.goto("/tpn-nutrition");
    const entry = owner.getByRole("listitem").filter({ hasText: "Nov 21, 2026" });
    await entry.getByText("Added by Grace", { exact: false }).waitFor();
    await owner.goto("/");
    await owner
      .getByText(/Grace added TPN entry/)
      .first()
      .waitFor();

    // A grandparent who only reads: no Add anywhere on the screen. (Each size is one tab, reset
    // for the next person: the caregiver is done, and her phone becomes the grandparent's.)
    const rosa = await browser.newPage("phone");
    const { email: rosaEmail } = await signUpViaApi(rosa, "Rosa", "Diaz");
    await confirmEmailViaApi(rosa, rosaEmail);
    const invitation = await post<{ url: string }>(owner, "/api/family/invitations", {
      email: rosaEmail,
      role: "viewer",
    });
    await post(rosa, "/api/invitations/accept", { token: new URL(invitation.url).searchParams.get("token") });
    await rosa.goto("/tpn-nutrition");
    await rosa.getByRole("listitem").filter({ hasText: "Nov 21, 2026" }).waitFor();
    await rosa.getByText("You can read this family's records").first().waitFor();
    expect(await rosa.getByRole("button", { name: /^Add/ }).count()).toBe(0);
    expect(await rosa.getByRole("button", { name: /^(Edit|Delete)/ }).count()).toBe(0);

    // The clinic: a link to Sam's summary opens signed out, and stops once withdrawn.
    await owner.goto("/care-summary");
    await owner.getByRole("button", { name: "Share with the clinic" }).click();
    const share = owner.getByRole("dialog");
    await share.getByRole("button", { name: "Create link" }).click();
    const url = await share.getByLabel("Link", { exact: true }).inputValue();
    await share.getByRole("button", { name: "Done" }).click();
    // The doctor, signed out, on a phone of the clinic's (the grandparent is done).
    const doctor = await browser.newPage("phone");
    await doctor.goto(new URL(url).pathname);
    await doctor.getByRole("heading", { level: 1, name: "Care summary for Sam" }).waitFor();
    expect(await doctor.getByRole("navigation").count()).toBe(0);

    await owner.getByRole("button", { name: /^Withdraw the link for Sam/ }).click();
    await owner.getByRole("alertdialog").getByRole("button", { name: "Withdraw link" }).click();
    await owner.getByText("Withdrawn", { exact: true }).waitFor();
    await doctor.reload();
    await doctor.getByRole("heading", { level: 1, name: "This link does not work" }).waitFor();
  });
});
