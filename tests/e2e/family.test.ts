import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { confirmEmailViaApi, PASSWORD, signUpViaApi, uniqueEmail, useBrowser } from "./browser";
import { expectToast } from "./record-screen-helpers";

/** The WCAG 2 A/AA rules, as tests/e2e/accessibility.test.ts runs them, in the light and dark themes. */
async function expectNoAxeProblems(page: Page, where: string) {
  const problems: string[] = [];
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.waitForFunction((dark) => document.documentElement.dataset.theme === dark, colorScheme);
    const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).setLegacyMode().analyze();
    for (const v of result.violations) {
      if (v.impact === "serious" || v.impact === "critical")
        problems.push(
          `${where} (${colorScheme}): ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
        );
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  expect(problems).toEqual([]);
}

async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

async function post<T = { id: string }>(page: Page, path: string, data: object): Promise<T> {
  const response = await page.request.post(path, { data });
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** An invitation made through the API: its link's path (`/join?token=...`). */
async function invitationPath(page: Page, data: object) {
  const { url, id } = await post<{ url: string; id: string }>(page, "/api/family/invitations", data);
  const link = new URL(url);
  return { id, path: `${link.pathname}${link.search}` };
}

function childCard(page: Page, name: string) {
  return page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

async function openChildren(page: Page) {
  await page.goto("/children");
  await page.getByRole("heading", { name: "Children Profiles", level: 1 }).waitFor();
}

describe("families: inviting, joining and switching", () => {
  const browser = useBrowser();

  // Two people on two pages, an address confirmed between, three accessibility checks: longer
  // than the file's default allows on a busy machine.
  it("an owner invites a caregiver, who joins from the link with a new account, and is limited to one child", async () => {
    // The owner, on a computer.
    const owner = await browser.newPage("desktop");
    await signUpViaApi(owner, "Maria", "Lopez");
    const mia = await post(owner, "/api/children", { name: "Mia" });
    await post(owner, "/api/children", { name: "Leo" });
    await owner.goto("/family");
    await owner.getByRole("heading", { name: "Family & Sharing", level: 1 }).waitFor();
    await owner.getByRole("heading", { name: "The Lopez family" }).waitFor();
    await owner.getByText("Only you so far: invite a parent, a grandparent or a home nurse.").waitFor();

    const graceEmail = uniqueEmail("grace");
    const form = owner.getByRole("form", { name: "Invite someone" });
    await form.getByLabel("Their email").fill(graceEmail);
    expect(await form.getByRole("radio", { name: /Caregiver/ }).isChecked()).toBe(true);
    await form.getByRole("button", { name: "Create invitation" }).click();
    await owner.getByRole("heading", { name: `Invitation ready for ${graceEmail}` }).waitFor();
    await owner.getByText("The link works once, for 7 days", { exact: false }).waitFor();
    const link = new URL(await owner.getByLabel("Invitation link").inputValue());
    expect(link.pathname).toBe("/join");
    const waiting = owner.getByRole("listitem").filter({ hasText: graceEmail });
    await waiting.getByText("Caregiver · Every child").waitFor();
    await expectNoAxeProblems(owner, "/family, the owner's");

    // The caregiver, on a phone, signed out: another browser, another person.
    const grace = await browser.newPage("phone");
    await grace.goto(`${link.pathname}${link.search}`);
    await grace.getByRole("heading", { name: "Join a family", level: 1 }).waitFor();
    // The link alone says who invites and to what role: not the family's name, the address or the children.
    await grace.getByText("Maria invited you to join their family as a caregiver.").waitFor();
    const page = (await grace.textContent("main")) ?? "";
    for (const secret of ["Lopez", graceEmail, "Mia", "Leo"]) expect(page).not.toContain(secret);
    // The token is read once and leaves the address bar.
    expect(new URL(grace.url()).search).toBe("");
    await expectNoAxeProblems(grace, "/join, signed out");
    await expectNoHorizontalOverflow(grace);

    await grace.getByRole("button", { name: "Create an account" }).click();
    const signUp = grace.getByRole("form", { name: "Create account" });
    await signUp.getByLabel("Email").fill(graceEmail);
    await signUp.getByLabel("First name").fill("Grace");
    await signUp.getByLabel("Last name").fill("Okafor");
    await signUp.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await signUp.getByLabel("Confirm password").fill(PASSWORD);
    await signUp.getByRole("button", { name: "Create account and join" }).click();
    // The invited address joins once it is confirmed: she opens the link mailed to her, comes back
    // to this page and accepts.
    await grace
      .getByText(
        `Confirm your email address first: open the link we sent to ${graceEmail}, then accept again.`,
      )
      .waitFor();
    await confirmEmailViaApi(grace, graceEmail);
    await grace.getByRole("button", { name: "Accept and join" }).click();
    await expectToast(grace, "You joined The Lopez family");
    await grace.getByRole("heading", { name: "TPN Tracker Dashboard", level: 1 }).waitFor();
    expect(await grace.evaluate(() => sessionStorage.getItem("mct.invitation"))).toBeNull();
    await openChildren(grace);
    await childCard(grace, "Mia").waitFor();
    await childCard(grace, "Leo").waitFor();

    // The owner sees the new member, and limits her to Mia.
    await owner.goto("/family");
    const row = owner
      .getByRole("listitem")
      .filter({ has: owner.getByRole("heading", { name: "Grace Okafor" }) });
    await row.getByText(graceEmail).waitFor();
    await row.getByText("Caregiver · Every child").waitFor();
    expect(await owner.getByText("Only you so far", { exact: false }).count()).toBe(0);
    await row.getByRole("button", { name: "Children Grace Okafor sees" }).click();
    const dialog = owner.getByRole("dialog", { name: "Children Grace Okafor sees" });
    await dialog.getByRole("radio", { name: "Only some children" }).check();
    await dialog.getByRole("button", { name: "Save children" }).click();
    await dialog.getByText("Choose at least one child, or every child").waitFor();
    await dialog.getByRole("checkbox", { name: "Mia" }).check();
    await dialog.getByRole("button", { name: "Save children" }).click();
    await expectToast(owner, "Children saved");
    await row.getByText("Caregiver · Only Mia").waitFor();
    const members = (await (await owner.request.get("/api/family/members")).json()) as {
      childIds: unknown;
    }[];
    expect(members.map((m) => m.childIds)).toEqual([null, [mia.id]]);

    // The caregiver now sees Mia only, and her own page says so. (The page opens on the answer
    // her phone kept, Leo in it, until the server's answer comes: then Leo goes.)
    await openChildren(grace);
    await childCard(grace, "Mia").waitFor();
    await childCard(grace, "Leo").waitFor({ state: "detached" });
    expect(await childCard(grace, "Leo").count()).toBe(0);
    await grace.goto("/family");
    await grace.getByText("Only Mia", { exact: true }).waitFor();
    await grace.getByRole("button", { name: "Leave family" }).waitFor();
    await expectNoAxeProblems(grace, "/family, a caregiver's");
    await expectNoHorizontalOverflow(grace);
  }, 180_000);

  it("a person in two families accepts while signed in, then switches in the header and every list follows", async () => {
    const ana = await browser.newPage("desktop");
    await signUpViaApi(ana, "Ana", "Diaz");
    await post(ana, "/api/children", { name: "Zoe" });

    const sam = await browser.newPage("phone");
    const { email } = await signUpViaApi(sam, "Sam", "Kim");
    await confirmEmailViaApi(sam, email);
    const ava = await post(sam, "/api/children", { name: "Ava" });
    await post(sam, "/api/children", { name: "Ben" });
    const kimFamily = ((await (await sam.request.get("/api/auth/user")).json()) as { familyId: string })
      .familyId;
    const { path } = await invitationPath(ana, { email, role: "viewer" });

    await sam.goto(path);
    await sam.getByText("Ana invited you to join their family as a viewer.").waitFor();
    await expectNoAxeProblems(sam, "/join, signed in");
    await sam.getByRole("button", { name: "Accept and join" }).click();
    await sam.getByRole("heading", { name: "TPN Tracker Dashboard", level: 1 }).waitFor();
    await expectToast(sam, "You joined The Diaz family");

    // At 390 pixels the header keeps both switches and the initials on one line.
    const switcher = sam.getByRole("combobox", { name: "Switch family" });
    await switcher.waitFor();
    await expectNoHorizontalOverflow(sam);
    const box = await switcher.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    expect(box?.height).toBeGreaterThanOrEqual(40);

    await openChildren(sam);
    await childCard(sam, "Zoe").waitFor();
    expect(await childCard(sam, "Ava").count()).toBe(0);

    await switcher.click();
    await sam.getByRole("option", { name: /The Kim family/ }).click();
    await sam.getByRole("heading", { name: "TPN Tracker Dashboard", level: 1 }).waitFor();
    await expectToast(sam, "Now showing The Kim family");
    await openChildren(sam);
    await childCard(sam, "Ava").waitFor();
    await childCard(sam, "Ben").waitFor();
    expect(await childCard(sam, "Zoe").count()).toBe(0);

    // The child chosen in the header belongs to the family: none is carried to the other one.
    await sam.getByRole("combobox", { name: "Show records for" }).click();
    await sam.getByRole("option", { name: "Ava", exact: true }).click();
    expect(await sam.evaluate((key) => localStorage.getItem(key), `mct.selectedChildId.${kimFamily}`)).toBe(
      ava.id,
    );
    await sam.getByRole("combobox", { name: "Switch family" }).click();
    await sam.getByRole("option", { name: /The Diaz family/ }).click();
    await expectToast(sam, "Now showing The Diaz family");
    await openChildren(sam);
    await childCard(sam, "Zoe").waitFor();
    expect(await childCard(sam, "Ava").count()).toBe(0);
    const keys = await sam.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.startsWith("mct.selectedChildId")),
    );
    expect(keys).toEqual([`mct.selectedChildId.${kimFamily}`]);
  });

  it("a withdrawn, used or unknown link shows the server's reason and a way on", async () => {
    const owner = await browser.newPage("desktop");
    await signUpViaApi(owner, "Lee", "Park");
    const withdrawn = await invitationPath(owner, { email: uniqueEmail("gone"), role: "caregiver" });
    const response = await owner.request.delete(`/api/family/invitations/${withdrawn.id}`);
    expect(response.status()).toBe(204);

    const visitor = await browser.newPage("phone");
    await visitor.goto(withdrawn.path);
    await visitor.getByRole("heading", { name: "This invitation cannot be used", level: 1 }).waitFor();
    await visitor
      .getByText("This invitation was withdrawn by the family. Ask them for a new one if you need it.")
      .waitFor();
    await visitor.getByRole("link", { name: "Sign in" }).waitFor();
    await expectNoAxeProblems(visitor, "/join, refused");

    // Used: a second person opens a link the first one accepted.
    const { email: kaiEmail } = await signUpViaApi(visitor, "Kai", "Moss");
    await confirmEmailViaApi(visitor, kaiEmail);
    const used = await invitationPath(owner, { email: kaiEmail, role: "viewer" });
    await post(visitor, "/api/invitations/accept", {
      token: new URL(used.path, "http://x").searchParams.get("token"),
    });
    await visitor.goto(used.path);
    await visitor.getByText("This invitation has already been used.", { exact: false }).waitFor();
    await visitor.getByRole("link", { name: "Go to the app" }).waitFor();

    await visitor.goto("/join?token=not-a-real-token");
    await visitor.getByRole("heading", { name: "This invitation cannot be used", level: 1 }).waitFor();
    await visitor.getByText("This invitation link is not valid.", { exact: false }).waitFor();
    expect(await visitor.evaluate(() => sessionStorage.getItem("mct.invitation"))).toBeNull();
  });
  it("an account with another address is not let in by the link: it asks, and the owner lets it join", async () => {
    const owner = await browser.newPage("desktop");
    await signUpViaApi(owner, "Lee", "Park");
    const invited = uniqueEmail("nana");
    const { path } = await invitationPath(owner, { email: invited, role: "caregiver" });

    // Nana opens the link signed in with her own address, not the one invited.
    const nana = await browser.newPage("phone");
    const { email: nanaEmail } = await signUpViaApi(nana, "Noa", "Fields");
    await nana.goto(path);
    await nana.getByText("Lee invited you to join their family as a caregiver.").waitFor();
    await nana.getByText(`You are signed in as ${nanaEmail}`, { exact: false }).waitFor();
    await nana.getByRole("button", { name: "Accept and join" }).click();
    await nana.getByText("This invitation was sent to another email address.", { exact: false }).waitFor();
    await expectNoAxeProblems(nana, "/join, another address");
    await expectNoHorizontalOverflow(nana);
    await nana.getByRole("button", { name: "Ask Lee to let this account join" }).click();
    await nana.getByRole("status").getByText("Your request is with Lee", { exact: false }).waitFor();
    expect(
      ((await (await nana.request.get("/api/auth/user")).json()) as { families: unknown[] }).families,
    ).toHaveLength(1);

    // The owner sees who asked, and answers: Cancel is the one focused.
    await owner.goto("/family");
    const waiting = owner.getByRole("listitem").filter({ hasText: invited });
    await waiting
      .getByText(`Noa Fields (${nanaEmail}) asked to join with this link`, { exact: false })
      .waitFor();
    await expectNoAxeProblems(owner, "/family, a request to join");
    await waiting.getByRole("button", { name: /^Let them join/ }).click();
    const question = owner.getByRole("alertdialog", { name: "Let this account join?" });
    await question.getByText(`Noa Fields (${nanaEmail}) will join as caregiver`, { exact: false }).waitFor();
    expect(await owner.evaluate(() => document.activeElement?.textContent)).toBe("Cancel");
    await question.getByRole("button", { name: "Let them join" }).click();
    await expectToast(owner, "Joined the family");
    const members = owner
      .getByRole("listitem")
      .filter({ has: owner.getByRole("heading", { name: "Noa Fields" }) });
    await members.getByText("Caregiver · Every child").waitFor();
    const families = (
      (await (await nana.request.get("/api/auth/user")).json()) as { families: { name: string }[] }
    ).families;
    expect(families.map((f) => f.name)).toContain("The Park family");
  }, 120_000);
});
