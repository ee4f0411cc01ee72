import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { joinFamilyAs, outboxLoaded, signUpViaApi, useBrowser } from "./browser";
import { expectSafeAnswerFirst, expectToast } from "./record-screen-helpers";

/** The symptom entries the server holds (asked from the test, not through the page's connection). */
async function symptoms(page: Page) {
  return (await (await page.request.get("/api/symptoms")).json()) as { symptoms: string[] }[];
}

async function typeSymptom(page: Page, text: string) {
  await page.goto("/symptoms-pain?add=1");
  const dialog = page.getByRole("dialog", { name: "Add Symptom Entry" });
  await dialog.getByLabel("Symptoms", { exact: true }).fill(text);
  return dialog;
}

describe("saving without a connection", () => {
  const browser = useBrowser();

  for (const size of ["phone", "desktop"] as const) {
    it(`keeps the entry on the device, shows it waiting and sends it once when back online (${size})`, async () => {
      const page = await browser.newPage(size);
      await signUpViaApi(page);
      const dialog = await typeSymptom(page, "nausea");
      // Offline: the browser says so, and no request reaches the server (the emulation lets the
      // loopback address through, so the test cuts the app's requests itself).
      await outboxLoaded(page);
      await page.context().setOffline(true);
      await page.route("**/api/**", (route) => route.abort("internetdisconnected"));
      try {
        await dialog.getByRole("button", { name: "Add Entry" }).click();
        await expectToast(page, "Saved on this phone");
        await dialog.waitFor({ state: "detached" });
        const waiting = page.getByRole("region", { name: "Waiting to send" });
        await waiting.getByText("1 entry waiting to send").waitFor();
        await waiting.getByRole("button", { name: "Show" }).click();
        await waiting.getByText("symptom entry", { exact: true }).waitFor();
        await waiting.getByText(/^Saved \d\d:\d\d · Waiting to send$/).waitFor();
        // In its list too, marked: it is on this phone, not on the server yet.
        await page.getByRole("main").getByText("Waiting to send", { exact: true }).waitFor();
        expect(await symptoms(page)).toEqual([]);
      } finally {
        await page.unrouteAll({ behavior: "ignoreErrors" });
        await page.context().setOffline(false);
      }
      await expectToast(page, "The symptom entry saved on this phone has arrived.");
      await page.getByRole("region", { name: "Waiting to send" }).waitFor({ state: "detached" });
      expect(await symptoms(page)).toMatchObject([{ symptoms: ["nausea"] }]);
    });
  }

  it("gives up on a connection that hangs within seconds, and an entry that did arrive is not made twice", async () => {
    const page = await browser.newPage("desktop");
    await signUpViaApi(page);
    const dialog = await typeSymptom(page, "fever");
    // The request reaches the server, but its answer never comes back.
    let sent = 0;
    await page.route("**/api/symptoms", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      sent += 1;
      await route.fetch();
      await new Promise(() => {});
    });
    const started = Date.now();
    await dialog.getByRole("button", { name: "Add Entry" }).click();
    await expectToast(page, "Saved on this phone");
    expect(Date.now() - started).toBeLessThan(15_000);
    await dialog.waitFor({ state: "detached" });
    const waiting = page.getByRole("region", { name: "Waiting to send" });
    await waiting.getByText("1 entry waiting to send").waitFor();
    expect(sent).toBe(1);
    expect(await symptoms(page)).toHaveLength(1);

    // Opened again with the connection back: the entry is sent again with its key, and the
    // server answers the record it already made.
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await page.reload();
    await expectToast(page, "The symptom entry saved on this phone has arrived.");
    await waiting.waitFor({ state: "detached" });
    expect(await symptoms(page)).toMatchObject([{ symptoms: ["fever"] }]);
  });
});

describe("logging from the dashboard's quick dialogs without a connection, on a phone", () => {
  const browser = useBrowser();

  async function post(page: Page, path: string, data: unknown) {
    const response = await page.request.post(path, { data });
    if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
    return response.json();
  }
  async function stockOf(page: Page, id: string) {
    const supplies = (await (await page.request.get("/api/tpn-supplies")).json()) as {
      id: string;
      currentStock: number;
    }[];
    return supplies.find((s) => s.id === id)?.currentStock;
  }
  const usages = async (page: Page) =>
    (await (await page.request.get("/api/supply-usage")).json()) as unknown[];
  const doses = async (page: Page) =>
    (await (await page.request.get("/api/medication-doses")).json()) as unknown[];

  it("keeps 'Medication given' and 'Supply used' on the device, and each arrives once (stock taken once)", async () => {
    const page = await browser.newPage("phone");
    await signUpViaApi(page);
    const child = await post(page, "/api/children", { name: "Sofia Lopez", dateOfBirth: "2019-03-02" });
    const supply = await post(page, "/api/tpn-supplies", {
      name: "Filters",
      category: "filters",
      currentStock: 10,
      minThreshold: 2,
      unit: "each",
    });
    await post(page, "/api/medications", {
      childId: child.id,
      name: "Ursodiol",
      dosage: "60 mg",
      frequency: "twice daily",
      isActive: "true",
    });
    await page.goto("/");
    // Both dialogs opened once while online (each loads on its first opening), the second kept open.
    await page.getByRole("button", { name: "Medication given" }).click();
    const medicationDialog = page.getByRole("dialog", { name: "Medication Given" });
    await medicationDialog.getByRole("button", { name: "Cancel" }).click();
    await medicationDialog.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Supply used" }).click();
    const usageDialog = page.getByRole("dialog", { name: "Supply Used" });
    await usageDialog.getByRole("button", { name: "Record Usage" }).waitFor();

    // The connection goes while the parent logs: no request gets through, except the usage,
    // which reaches the server (the stock drops there) but whose answer never comes back.
    let usageSent = 0;
    await outboxLoaded(page);
    await page.context().setOffline(true);
    await page.route("**/api/**", async (route) => {
      if (
        route.request().method() === "POST" &&
        new URL(route.request().url()).pathname === "/api/supply-usage"
      ) {
        usageSent += 1;
        await route.fetch();
        await new Promise(() => {});
      }
      return route.abort("internetdisconnected");
    });
    const waiting = page.getByRole("region", { name: "Waiting to send" });
    let timeGiven = "";
    try {
      const started = Date.now();
      await usageDialog.getByRole("button", { name: "Record Usage" }).click();
      await expectToast(
        page,
        "No connection right now. The usage of Filters (1 each) will be sent when the connection is back.",
      );
      expect(Date.now() - started).toBeLessThan(15_000);
      await usageDialog.waitFor({ state: "detached" });

      await page.getByRole("button", { name: "Medication given" }).click();
      timeGiven = await medicationDialog.getByLabel("Time given *").inputValue();
      await medicationDialog.getByRole("button", { name: "Log Medication" }).click();
      await expectToast(
        page,
        "No connection right now. The dose of Ursodiol will be sent when the connection is back.",
      );
      await medicationDialog.waitFor({ state: "detached" });

      await waiting.getByText("2 entries waiting to send").waitFor();
      await waiting.getByRole("button", { name: "Show" }).click();
      // What each is, and for which child (a supply is the family's), oldest first.
      expect(await waiting.getByRole("listitem").allTextContents()).toEqual([
        expect.stringMatching(/^usage of Filters \(1 each\)Saved \d\d:\d\d · Waiting to send/),
        expect.stringMatching(/^dose of Ursodiol for Sofia LopezSaved \d\d:\d\d · Waiting to send/),
      ]);
      // The banner sits above the bottom bar, wholly on screen, and covers none of it.
      const bar = await page.getByRole("navigation", { name: "Main navigation" }).boundingBox();
      const box = await waiting.boundingBox();
      if (!bar || !box) throw new Error("banner or bottom bar not shown");
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(bar.y);
      // The usage reached the server twice (its own save, and again, first in line, as the dose
      // was saved), both times with its record's id: one usage, the stock taken once.
      expect(usageSent).toBe(2);
      expect(await usages(page)).toHaveLength(1);
      expect(await doses(page)).toEqual([]);
      expect(await stockOf(page, supply.id)).toBe(9);
    } finally {
      await page.unrouteAll({ behavior: "ignoreErrors" });
      await page.context().setOffline(false);
    }

    // Back online: both are sent in order (the usage again, with its id), announced, and made once.
    await expectToast(
      page,
      "The 2 entries saved on this phone have arrived: usage of Filters (1 each); dose of Ursodiol.",
    );
    await waiting.waitFor({ state: "detached" });
    // The dose keeps the time it was given, not the time it arrived.
    expect(await doses(page)).toMatchObject([{ status: "given", amount: "60 mg", time: timeGiven }]);
    expect(await usages(page)).toMatchObject([{ supplyId: supply.id, quantityUsed: 1 }]);
    expect(await stockOf(page, supply.id)).toBe(9);
  });
});

describe("a dose kept on the device while another caregiver gave one", () => {
  const browser = useBrowser();

  async function post(page: Page, path: string, data: unknown) {
    const response = await page.request.post(path, { data });
    if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
    return response.json();
  }
  const dosesOf = async (page: Page, medicationId: string) =>
    (await (await page.request.get(`/api/medication-doses?medicationId=${medicationId}`)).json()) as {
      createdByName: string;
    }[];

  /**
   * Given, then Save, on the medication's card while the connection is down: kept on this device.
   * The connection stays down until `backOnline`.
   */
  async function giveOffline(page: Page) {
    const given = page.getByRole("button", { name: "Given, Ursodiol" });
    await given.click();
    const dialog = page.getByRole("dialog", { name: "Ursodiol given" });
    await outboxLoaded(page);
    await page.context().setOffline(true);
    await page.route("**/api/**", (route) => route.abort("internetdisconnected"));
    await dialog.getByRole("button", { name: "Save" }).click();
    await expectToast(
      page,
      "No connection right now. The dose of Ursodiol will be sent when the connection is back.",
    );
    await dialog.waitFor({ state: "detached" });
  }
  async function backOnline(page: Page) {
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await page.context().setOffline(false);
  }

  it("keeps the refused dose waiting with its question, records it as a second dose or discards it on purpose", async () => {
    const page = await browser.newPage("phone");
    await signUpViaApi(page, "Maria", "Lopez");
    const child = await post(page, "/api/children", { name: "Sofia", dateOfBirth: "2019-03-02" });
    const medication = await post(page, "/api/medications", {
      childId: child.id,
      name: "Ursodiol",
      dosage: "60 mg",
      frequency: "Every 12 hours",
      scheduleKind: "interval",
      intervalHours: 12,
    });
    const grandma = await joinFamilyAs(page, "caregiver", ["Rosa", "Diaz"]);
    try {
      await page.goto("/medications");
      await page.getByText("Last dose: none recorded yet").waitFor();
      await giveOffline(page);
      // Its card says so until the server has it: nobody gives it again on this phone meanwhile.
      await page
        .getByRole("main")
        .getByText(/^Given \d\d:\d\d today, saved on this phone: waiting to send$/)
        .waitFor();
      // Grandma gives it meanwhile, on her own phone.
      await post(grandma.page, "/api/medication-doses", { medicationId: medication.id, amount: "60 mg" });
      await backOnline(page);

      // Back online: the server asks about it; it is not dropped, and the question names her dose.
      const waiting = page.getByRole("region", { name: "Waiting to send" });
      await waiting.getByText("1 entry waiting to send, 1 needs your answer").waitFor();
      await waiting.getByText("dose of Ursodiol for Sofia", { exact: true }).waitFor();
      await waiting.getByText(/^Saved \d\d:\d\d · Not sent$/).waitFor();
      await waiting
        .getByText(
          /^Another dose was recorded at \d\d:\d\d today by Rosa Diaz while this one waited\. Were both given\?$/,
        )
        .waitFor();
      expect(await dosesOf(page, medication.id)).toMatchObject([{ createdByName: "Rosa Diaz" }]);
      // Still there after the page is opened again: it waits for an answer, it is not sent again.
      await page.reload();
      await waiting.getByText("1 entry waiting to send, 1 needs your answer").waitFor();
      const box = await waiting.boundingBox();
      expect(box && box.y >= 0 && box.y + box.height <= 844).toBe(true);

      // Both were given: recorded as the second dose, the parent's.
      await waiting.getByRole("button", { name: "Record a second dose" }).click();
      await expectToast(page, "The dose of Ursodiol saved on this phone has arrived.");
      await waiting.waitFor({ state: "detached" });
      expect((await dosesOf(page, medication.id)).map((d) => d.createdByName).sort()).toEqual([
        "Maria Lopez",
        "Rosa Diaz",
      ]);

      // Again, and this time it was the same dose: discarded, asked first ("Keep it" is the safe answer).
      await giveOffline(page);
      await post(grandma.page, "/api/medication-doses", {
        medicationId: medication.id,
        amount: "60 mg",
        confirm: true,
      });
      await backOnline(page);
      await waiting.getByText("1 entry waiting to send, 1 needs your answer").waitFor();
      await waiting.getByRole("button", { name: "Discard dose of Ursodiol for Sofia" }).click();
      const discard = page.getByRole("alertdialog", { name: "Discard this entry?" });
      await discard
        .getByText(/^The dose of Ursodiol saved on this phone at \d\d:\d\d will not be recorded\.$/)
        .waitFor();
      await expectSafeAnswerFirst(discard, "Keep it", "Discard this entry");
      await page.keyboard.press("Enter");
      await discard.waitFor({ state: "detached" });
      await waiting.getByText("1 entry waiting to send, 1 needs your answer").waitFor();
      await waiting.getByRole("button", { name: "Discard dose of Ursodiol for Sofia" }).click();
      await discard.getByRole("button", { name: "Discard this entry" }).click();
      await waiting.waitFor({ state: "detached" });
      expect(await dosesOf(page, medication.id)).toHaveLength(3);
    } finally {
      await backOnline(page);
      await grandma.context.close();
    }
  });
});
