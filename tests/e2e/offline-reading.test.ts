import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openInApp, signUpViaApi, useBrowser } from "./browser";
import { cutConnection, keptAnswers, restoreConnection, waitUntilKept } from "./offline-helpers";
import { expectSafeAnswerFirst } from "./record-screen-helpers";

async function post(page: Page, path: string, data: unknown) {
  const response = await page.request.post(path, { data });
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** The browser's local day, `offset` days from today. */
function localDay(offset = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/** A child with a line in, a fever, a TPN bag and a doctor to call, through the API. */
async function family(page: Page, childName = "Sam") {
  await signUpViaApi(page);
  const child = await post(page, "/api/children", { name: childName, dateOfBirth: localDay(-430) });
  await post(page, "/api/picc-lines", {
    childId: child.id,
    insertionDate: localDay(-60),
    insertionSite: "right-arm",
    lineType: "double-lumen",
  });
  await post(page, "/api/care-team", { name: "Dr. Patel", role: "Gastroenterologist", phone: "+1 555-0100" });
  await post(page, "/api/vitals", {
    childId: child.id,
    date: localDay(),
    time: "02:10",
    kind: "temperature",
    value: 38.6,
  });
  await post(page, "/api/tpn", { childId: child.id, date: localDay(), calories: "800" });
  return { child };
}

const landing = (page: Page) => page.getByRole("heading", { name: "Medical Care Tracker", level: 1 });

const dataAge = (page: Page) => page.getByRole("status").filter({ hasText: /^(Offline|Not up to date)/ });

describe("reading without a connection", () => {
  const browser = useBrowser();

  it("opens with no connection on the dashboard, a list never opened here, the care summary and the fever card's numbers", async () => {
    const page = await browser.newPage("phone");
    await family(page);
    await page.goto("/");
    await page.getByRole("link", { name: "Care Team Members: 1" }).waitFor();
    // Fetched ahead once the screens are in, though never opened on this device.
    await waitUntilKept(page, [
      '["care-team"]',
      '["vitals","pages"',
      '["care-summary"',
      '["tpn","pages"',
      '["infusion-centers",{"childId"',
    ]);

    await cutConnection(page);
    try {
      await page.reload();
      // The dashboard, from what the device kept, and how old it is.
      await page.getByRole("link", { name: "Care Team Members: 1" }).waitFor();
      await dataAge(page)
        .getByText(/^Offline · as of \d\d:\d\d$/)
        .waitFor();
      expect(await page.getByText("The counts could not be loaded.").count()).toBe(0);

      // A list not opened before: its records, and the fever card with the doctor's number.
      await openInApp(page, "/vitals");
      await page.getByText("Fever with a line", { exact: true }).waitFor();
      await page.getByRole("button", { name: "What to do now" }).click();
      const card = page.getByRole("alertdialog", { name: "Fever with a central line: act now" });
      const call = card.getByRole("link", { name: /Call Dr\. Patel/ });
      await call.waitFor();
      expect(await call.getAttribute("href")).toBe("tel:+15550100");
      await card.getByRole("button", { name: "Close" }).first().click();
      await card.waitFor({ state: "detached" });

      await openInApp(page, "/care-team");
      await page.getByText("Dr. Patel").first().waitFor();
      await openInApp(page, "/care-summary");
      await page.getByRole("heading", { name: "Care Summary", level: 1 }).waitFor();
      await page.getByText("Dr. Patel").first().waitFor();
      // The summary's own answer was kept (the clinic links' list is not: it says so apart).
      expect(
        await page
          .getByRole("alert")
          .filter({ hasText: /^Could not reach the server/ })
          .count(),
      ).toBe(0);
      await openInApp(page, "/tpn-nutrition");
      await page.getByText("800", { exact: false }).first().waitFor();
      await dataAge(page).waitFor();
    } finally {
      await restoreConnection(page);
    }
    // Back online: the screen is asked again, and the words go.
    await dataAge(page).waitFor({ state: "detached" });
  });

  it("never shows one person's answers to the next on a shared device, even with no connection", async () => {
    const page = await browser.newPage("desktop");
    await family(page, "Lucia");
    await page.goto("/");
    await page.getByRole("link", { name: "Care Team Members: 1" }).waitFor();
    await expect.poll(async () => (await keptAnswers(page)).length, { timeout: 10_000 }).toBe(1);
    const first = (await keptAnswers(page))[0]?.key;

    // Someone else signs in on the same browser (the first person's session left behind).
    await page.context().clearCookies();
    await signUpViaApi(page, "Tom", "Reyes");
    await page.goto("/");
    await page.getByRole("link", { name: "Care Team Members: 0" }).waitFor();
    expect(await page.getByText("Lucia").count()).toBe(0);
    await expect
      .poll(async () => (await keptAnswers(page)).map((set) => set.key), { timeout: 10_000 })
      .toEqual([expect.not.stringMatching(first ?? "")]);

    // With no connection, the device opens as the last person signed in, with their answers only.
    await cutConnection(page);
    try {
      await page.reload();
      await page.getByRole("link", { name: "Care Team Members: 0" }).waitFor();
      await dataAge(page)
        .getByText(/^Offline/)
        .waitFor();
      expect(await page.getByText("Lucia").count()).toBe(0);
      expect(await page.getByRole("img", { name: "Signed in as Tom Reyes" }).count()).toBe(1);
    } finally {
      await restoreConnection(page);
    }
  });

  it("asks before signing out while an entry waits, then forgets everything the device kept", async () => {
    const page = await browser.newPage("desktop");
    await family(page);
    const user = (await (await page.request.get("/api/auth/user")).json()) as {
      id: string;
      familyId: string;
    };
    await page.goto("/");
    await page.getByRole("link", { name: "Care Team Members: 1" }).waitFor();
    await expect.poll(async () => (await keptAnswers(page)).length, { timeout: 10_000 }).toBe(1);
    // An entry saved while the connection was down, still waiting to be sent.
    await page.evaluate((owner) => {
      const waiting = {
        key: "0b9f3c4e-5d6a-4b7c-8d9e-0f1a2b3c4d5e",
        path: "/api/symptoms",
        body: { symptoms: ["nausea"] },
        label: "Symptom entry",
        queryKeys: [["symptoms"]],
        savedAt: new Date().toISOString(),
        refused: { message: "Check the entry." },
      };
      localStorage.setItem(`mct-pending:${owner}`, JSON.stringify([waiting]));
    }, `${user.id}:${user.familyId}`);

    const signOut = page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "Sign Out" });
    await signOut.click();
    const question = page.getByRole("alertdialog", { name: "Sign out?" });
    await question
      .getByText("1 entry has not been sent yet. Signing out deletes it from this device.")
      .waitFor();
    await expectSafeAnswerFirst(question, "Stay signed in", "Sign out and delete it");
    await page.keyboard.press("Enter");
    await question.waitFor({ state: "detached" });
    // Still signed in, everything kept.
    await page.getByRole("link", { name: "Care Team Members: 1" }).waitFor();
    expect(await keptAnswers(page)).toHaveLength(1);

    await signOut.click();
    await question.getByRole("button", { name: "Sign out and delete it" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await landing(page).waitFor();
    const left = await page.evaluate(async () => ({
      databases: (await indexedDB.databases()).map((db) => db.name),
      storage: Object.keys(localStorage).filter(
        (key) => key.startsWith("mct-pending") || key === "mct-signed-in",
      ),
    }));
    expect(left).toEqual({ databases: [], storage: [] });

    // With no connection, nobody is signed in on this device any more.
    await cutConnection(page);
    try {
      await page.reload();
      await landing(page).waitFor();
      expect(await page.getByRole("navigation", { name: "Main navigation" }).count()).toBe(0);
    } finally {
      await restoreConnection(page);
    }
  });

  it("signs out with no connection, and ends the session on the server once the connection is back", async () => {
    const page = await browser.newPage("desktop");
    await family(page);
    const session = await page.context().cookies();
    await page.goto("/");
    await page.getByRole("link", { name: "Care Team Members: 1" }).waitFor();

    await cutConnection(page);
    try {
      await page
        .getByRole("navigation", { name: "Main navigation" })
        .getByRole("link", { name: "Sign Out" })
        .click();
      // The app's landing page, not the browser's page for no connection.
      await landing(page).waitFor();
      expect(await page.getByRole("navigation", { name: "Main navigation" }).count()).toBe(0);
    } finally {
      await restoreConnection(page);
    }

    // Back online, the app opened again: still signed out, though the server's page was asked for
    // with the session's cookie.
    await page.goto("/");
    await landing(page).waitFor();
    expect(await page.getByRole("navigation", { name: "Main navigation" }).count()).toBe(0);
    // And the session itself is over: its cookie, offered again, signs nobody in.
    await expect
      .poll(async () => {
        await page.context().addCookies(session);
        return (await page.request.get("/api/auth/user")).status();
      })
      .toBe(401);
  });

  it("signs out within seconds on a connection that hangs, and ends the session once it answers", async () => {
    const page = await browser.newPage("desktop");
    await family(page);
    const session = await page.context().cookies();
    await page.goto("/");
    await page.getByRole("link", { name: "Care Team Members: 1" }).waitFor();
    // Signing out's call to the server gets no answer at all.
    await page.route("**/api/logout", () => {});
    await page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "Sign Out" })
      .click();
    await landing(page).waitFor({ timeout: 15_000 });
    await page.unrouteAll({ behavior: "ignoreErrors" });

    // The server answers again: the app opened again is signed out, and the session is over.
    await page.goto("/");
    await landing(page).waitFor();
    await expect
      .poll(async () => {
        await page.context().addCookies(session);
        return (await page.request.get("/api/auth/user")).status();
      })
      .toBe(401);
  });
});
