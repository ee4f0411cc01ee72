import { type APIRequestContext, type APIResponse, type Page, type Route, request } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  baseUrl,
  clientAddressHeader,
  openInApp,
  outboxLoaded,
  PASSWORD,
  signUpViaApi,
  useBrowser,
} from "./browser";
import { expectToast } from "./record-screen-helpers";

async function post(page: Page | { request: APIRequestContext }, path: string, data: unknown) {
  const response = await page.request.post(path, { data });
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** What the server holds, asked from the test (not through the page's connection). */
async function list<T = Record<string, unknown>>(api: APIRequestContext, path: string): Promise<T[]> {
  const response = await api.get(path);
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** The connection goes: the browser says so, and no request of the app reaches the server. */
async function goOffline(page: Page) {
  await outboxLoaded(page);
  await page.context().setOffline(true);
  await page.route("**/api/**", (route) => route.abort("internetdisconnected"));
}
async function goOnline(page: Page) {
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await page.context().setOffline(false);
}

/** A family with a child, a medication given twice a day and a supply, through the API. */
async function family(page: Page) {
  const { email } = await signUpViaApi(page);
  const child = await post(page, "/api/children", { name: "Sofia Lopez", dateOfBirth: "2019-03-02" });
  const supply = await post(page, "/api/tpn-supplies", {
    name: "Filters",
    category: "filters",
    currentStock: 10,
    minThreshold: 2,
    unit: "each",
  });
  const medication = await post(page, "/api/medications", {
    childId: child.id,
    name: "Ursodiol",
    dosage: "60 mg",
    frequency: "twice daily",
    isActive: "true",
  });
  return { email, child, supply, medication };
}

/**
 * Opens Log now's Temperature once and closes it: its code loads on the first opening, and the
 * app's files come from the network until the service worker keeps them.
 */
async function loadTemperatureDialog(page: Page) {
  await page.getByRole("button", { name: "Log now" }).click();
  await page.getByRole("button", { name: "Temperature", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Log Temperature" });
  await dialog.getByLabel(/^Temperature/).waitFor();
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
}

/** Log now's Temperature: the value typed, Save. */
async function logTemperature(page: Page, value: string) {
  await page.getByRole("button", { name: "Log now" }).click();
  await page.getByRole("button", { name: "Temperature", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Log Temperature" });
  await dialog.getByLabel(/^Temperature/).fill(value);
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  await dialog.waitFor({ state: "detached" });
}

describe("the outbox: entries saved without a connection, on a phone", () => {
  const browser = useBrowser();

  it("keeps a TPN bag, a temperature, a dose and a supply usage through a reload, and sends each once", async () => {
    const page = await browser.newPage("phone");
    const { child, supply } = await family(page);
    // Each bag takes a filter from the supplies, when it reaches the server.
    await post(page, "/api/supply-kits", { occasion: "pn-bag", supplyId: supply.id, quantity: 1 });
    // The app is opened online: the dashboard, its two quick dialogs once, and TPN Nutrition.
    await page.goto("/");
    await page.getByRole("button", { name: "Supply used" }).click();
    await page.getByRole("dialog", { name: "Supply Used" }).getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("button", { name: "Medication given" }).click();
    const medicationDialog = page.getByRole("dialog", { name: "Medication Given" });
    await medicationDialog.getByRole("button", { name: "Cancel" }).click();
    await loadTemperatureDialog(page);
    await openInApp(page, "/tpn-nutrition");
    await page.getByText("No TPN entries yet").waitFor();

    const waiting = page.getByRole("region", { name: "Waiting to send" });
    await goOffline(page);
    try {
      // Tonight's bag: in its list at once, marked as waiting.
      await page.getByRole("button", { name: "Add TPN Entry" }).first().click();
      const bag = page.getByRole("dialog", { name: "Add TPN Entry" });
      await bag.getByLabel("Calories (kcal)").fill("850");
      await bag.getByRole("button", { name: "Add Entry" }).click();
      await expectToast(
        page,
        "No connection right now. The TPN entry will be sent when the connection is back.",
      );
      await bag.waitFor({ state: "detached" });
      await page.getByRole("main").getByText("Waiting to send", { exact: true }).waitFor();
      await page
        .getByRole("main")
        .getByText(/^850\s*kcal$/)
        .waitFor();

      await openInApp(page, "/");
      await logTemperature(page, "37.6");
      await expectToast(
        page,
        "No connection right now. The temperature will be sent when the connection is back.",
      );
      await page.getByRole("button", { name: "Medication given" }).click();
      await medicationDialog.getByRole("button", { name: "Log Medication" }).click();
      await medicationDialog.waitFor({ state: "detached" });
      await page.getByRole("button", { name: "Supply used" }).click();
      const usage = page.getByRole("dialog", { name: "Supply Used" });
      await usage.getByRole("button", { name: "Record Usage" }).click();
      await usage.waitFor({ state: "detached" });

      await waiting.getByText("4 entries waiting to send").waitFor();
      await waiting.getByRole("button", { name: "Show" }).click();
      for (const name of [
        "TPN entry for Sofia Lopez",
        "temperature for Sofia Lopez",
        "dose of Ursodiol for Sofia Lopez",
        "usage of Filters (1 each)",
      ]) {
        await waiting.getByText(name, { exact: true }).waitFor();
      }

      // The page opened again, the server still out of reach: they are on this phone. (Only the
      // API is cut: the app's own files come from the network until the service worker keeps them.)
      await page.context().setOffline(false);
      await page.reload();
      await waiting.getByText("4 entries waiting to send").waitFor();
      expect(await list(page.request, `/api/tpn?childId=${child.id}`)).toEqual([]);
      // Offline again: the connection's return is what the page hears next.
      await page.context().setOffline(true);
    } finally {
      await goOnline(page);
    }

    await expectToast(
      page,
      "The 4 entries saved on this phone have arrived: TPN entry; temperature; dose of Ursodiol; usage of Filters (1 each). Drew 1 Filters.",
    );
    await waiting.waitFor({ state: "detached" });
    expect(await list(page.request, `/api/tpn?childId=${child.id}`)).toMatchObject([{ calories: "850.00" }]);
    expect(await list(page.request, `/api/vitals?childId=${child.id}`)).toMatchObject([
      { kind: "temperature", value: 37.6 },
    ]);
    expect(await list(page.request, "/api/medication-doses")).toMatchObject([
      { status: "given", amount: "60 mg" },
    ]);
    // The usage recorded by hand, and the bag's kit: each once.
    const usages = await list<{ supplyId: string; quantityUsed: number; tpnEntryId: string | null }>(
      page.request,
      "/api/supply-usage",
    );
    expect(usages.filter((usage) => !usage.tpnEntryId)).toMatchObject([
      { supplyId: supply.id, quantityUsed: 1 },
    ]);
    expect(usages.filter((usage) => usage.tpnEntryId)).toMatchObject([
      { supplyId: supply.id, quantityUsed: 1 },
    ]);
    const supplies = await list<{ id: string; currentStock: number }>(page.request, "/api/tpn-supplies");
    expect(supplies.find((s) => s.id === supply.id)?.currentStock).toBe(8);
  });

  it("keeps what waits through an ended session: signed in again, it is sent", async () => {
    const page = await browser.newPage("phone");
    const { child } = await family(page);
    await page.goto("/");
    await loadTemperatureDialog(page);
    const waiting = page.getByRole("region", { name: "Waiting to send" });
    await goOffline(page);
    try {
      await logTemperature(page, "37.9");
      await waiting.getByText("1 entry waiting to send").waitFor();
      // The session ends while the phone is offline (24 hours, or a long idle time).
      await page.context().clearCookies();
    } finally {
      await goOnline(page);
    }
    const dialog = page.getByRole("alertdialog", { name: "Your session has ended" });
    await dialog.getByText(/Sign in again to send the entries saved on this phone/).waitFor();
    // Behind the dialog, still waiting.
    await page
      .getByRole("region", { name: "Waiting to send", includeHidden: true })
      .getByText("1 entry waiting to send")
      .waitFor({ state: "attached" });
    // A try sent before signing in again answers only after it (a slow connection): it is old news.
    const late: { route: Route; response: APIResponse }[] = [];
    await page.route("**/api/**", async (route) => {
      const signIn = new URL(route.request().url()).pathname === "/api/auth/login";
      if (signIn || (await route.request().headerValue("cookie"))) return route.continue();
      late.push({ route, response: await route.fetch() });
    });
    await page.evaluate(() => window.dispatchEvent(new Event("online")));
    await expect.poll(() => late.length).toBeGreaterThan(0);
    await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await dialog.getByRole("button", { name: "Sign in", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    expect(late.map(({ response }) => response.status())).toContain(401);
    for (const { route, response } of late) await route.fulfill({ response });
    await expectToast(page, "The temperature saved on this phone has arrived.");
    await waiting.waitFor({ state: "detached" });
    expect(await dialog.isVisible()).toBe(false);
    expect(await list(page.request, `/api/vitals?childId=${child.id}`)).toMatchObject([{ value: 37.9 }]);
  });

  it("holds one person's entries on a shared tablet while another is signed in, and never sends them as theirs", async () => {
    const page = await browser.newPage("phone");
    const { email, child } = await family(page);
    await page.goto("/");
    await loadTemperatureDialog(page);
    await goOffline(page);
    try {
      await logTemperature(page, "37.4");
      // Maria's session ends before the phone is back online; Tom signs in on the same tablet.
      await page.context().clearCookies();
    } finally {
      await goOnline(page);
    }
    await signUpViaApi(page, "Tom", "Baker");
    await page.goto("/");
    const waiting = page.getByRole("region", { name: "Waiting to send" });
    await waiting
      .getByText("1 entry saved by another person on this device is held: sent only when they sign in again.")
      .waitFor();
    expect(await waiting.getByText(/waiting to send/).count()).toBe(0);
    // Tom saves one of his own: his run sends everything of his, and nothing of Maria's.
    await post(page, "/api/children", { name: "Leo Baker", dateOfBirth: "2021-05-01" });
    await page.reload();
    await page.getByText("Leo Baker's day").waitFor();
    await logTemperature(page, "36.8");
    await expectToast(page, "Temperature logged");

    const maria = await request.newContext({ baseURL: baseUrl(), extraHTTPHeaders: clientAddressHeader() });
    try {
      await post({ request: maria }, "/api/auth/login", { email, password: PASSWORD });
      expect(await list(maria, `/api/vitals?childId=${child.id}`)).toEqual([]);

      // Maria signs in again on the tablet: hers are sent, once.
      await page.context().clearCookies();
      await post(page, "/api/auth/login", { email, password: PASSWORD });
      await page.goto("/");
      await expectToast(page, "The temperature saved on this phone has arrived.");
      await waiting.waitFor({ state: "detached" });
      expect(await list(maria, `/api/vitals?childId=${child.id}`)).toMatchObject([{ value: 37.4 }]);
    } finally {
      await maria.dispose();
    }
  });
});

describe("edits and deletes made without a connection", () => {
  const browser = useBrowser();

  it("wait with the version they were based on: one changed meanwhile is kept with its refusal, a record never sent is simply gone", async () => {
    const page = await browser.newPage("desktop");
    await signUpViaApi(page);
    const night = await post(page, "/api/notes", { title: "Night shift", content: "Fever at 3 a.m." });
    await post(page, "/api/notes", { title: "Pharmacy", content: "Collect the lipids." });
    await page.goto("/notes");
    await page.getByRole("button", { name: "Edit Night shift", exact: true }).waitFor();
    const waiting = page.getByRole("region", { name: "Waiting to send" });
    const main = page.getByRole("main");

    await goOffline(page);
    try {
      // An edit: the card shows it at once, marked.
      await page.getByRole("button", { name: "Edit Night shift", exact: true }).click();
      const editForm = page.getByRole("form", { name: "Edit Note" });
      await editForm.getByLabel("Title *", { exact: true }).fill("Night shift, 38.4 at 3 a.m.");
      await editForm.getByRole("button", { name: "Save Changes", exact: true }).click();
      await expectToast(
        page,
        "No connection right now. The change to the note will be sent when the connection is back.",
      );
      await editForm.waitFor({ state: "detached" });
      await main.getByRole("heading", { name: "Night shift, 38.4 at 3 a.m." }).waitFor();

      // A delete: the card goes at once.
      await page.getByRole("button", { name: "Delete Pharmacy", exact: true }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
      await expectToast(
        page,
        "No connection right now. The deletion of the note will be sent when the connection is back.",
      );
      await main.getByRole("heading", { name: "Pharmacy" }).waitFor({ state: "detached" });

      // A note added and deleted before it was ever sent: nothing of it is left to send.
      await page.getByRole("button", { name: "Add Note", exact: true }).click();
      const addForm = page.getByRole("form", { name: "New Note" });
      await addForm.getByLabel("Title *", { exact: true }).fill("Typo");
      await addForm.getByLabel("Content *", { exact: true }).fill("Typed by mistake.");
      await addForm.getByRole("button", { name: "Save Note", exact: true }).click();
      await addForm.waitFor({ state: "detached" });
      await waiting.getByText("3 entries waiting to send").waitFor();
      await page.getByRole("button", { name: "Delete Typo", exact: true }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
      await expectToast(page, "Note deleted successfully");
      await waiting.getByText("2 entries waiting to send").waitFor();

      // Meanwhile another caregiver changes the night's note.
      const changed = await page.request.patch(`/api/notes/${night.id}`, {
        data: { content: "Fever at 3 a.m., 38.6" },
      });
      expect(changed.ok()).toBe(true);
    } finally {
      await goOnline(page);
    }

    // The delete arrives; the edit, based on the version before the other change, is not made
    // over it: it waits with the server's reason.
    // (One toast shows at a time: the question's.)
    await expectToast(page, "The change to note saved on this phone is not recorded yet");
    await waiting.getByText("1 entry waiting to send, 1 needs your answer").waitFor();
    // Both versions side by side: who changed it and when, and each field that differs.
    await waiting.getByText(/^Changed by .+ at \d{1,2}:\d{2}.* while this change waited\.$/).waitFor();
    const sideBySide = waiting.getByRole("table", {
      name: "This phone's change beside the record as it is now",
    });
    await expect(sideBySide.getByRole("row").allInnerTexts()).resolves.toEqual([
      "Field\tOn this phone\tSaved now",
      "Title\tNight shift, 38.4 at 3 a.m.\tNight shift",
      "Content\tFever at 3 a.m.\tFever at 3 a.m., 38.6",
    ]);
    let notes = await list<{ title: string; content: string }>(page.request, "/api/notes");
    expect(notes).toMatchObject([{ title: "Night shift", content: "Fever at 3 a.m., 38.6" }]);

    // Keeping this phone's version sends it over the one saved now, and nothing waits any more.
    await waiting.getByRole("button", { name: "Keep mine for change to note" }).click();
    await waiting.waitFor({ state: "detached" });
    notes = await list<{ title: string; content: string }>(page.request, "/api/notes");
    expect(notes).toMatchObject([{ title: "Night shift, 38.4 at 3 a.m.", content: "Fever at 3 a.m." }]);
  });
});

describe("an entry the server refuses, from a phone whose clock is a day ahead", () => {
  const browser = useBrowser();

  it("says the clock is off, shows the refusal on the entry, and sends it once corrected", async () => {
    const page = await browser.newPage("phone");
    const { child } = await family(page);
    // The phone's clock is a day and two hours ahead: what it fills in as now is tomorrow.
    await page.clock.install({ time: new Date(Date.now() + 26 * 60 * 60 * 1000) });
    await page.goto("/");
    const notice = page.getByRole("alert").filter({ hasText: "This phone's clock is 26 hours ahead" });
    await notice.waitFor();
    await loadTemperatureDialog(page);

    await goOffline(page);
    try {
      await logTemperature(page, "37.8");
    } finally {
      await goOnline(page);
    }
    const waiting = page.getByRole("region", { name: "Waiting to send" });
    await waiting.getByText("1 entry waiting to send, 1 needs your answer").waitFor();
    await waiting.getByText("Date cannot be in the future", { exact: true }).waitFor();
    expect(await list(page.request, `/api/vitals?childId=${child.id}`)).toEqual([]);

    // Edit opens its form with what was saved; corrected, it is sent as the one entry it was.
    await waiting.getByRole("button", { name: "Edit temperature for Sofia Lopez" }).click();
    const form = page.getByRole("dialog", { name: "Edit Temperature" });
    expect(await form.getByRole("textbox", { name: /^Temperature/ }).inputValue()).toBe("37.8");
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    await form.getByLabel("Date *").fill(yesterday);
    await form.getByRole("button", { name: "Save Changes" }).click();
    await form.waitFor({ state: "detached" });
    await waiting.waitFor({ state: "detached" });
    expect(await list(page.request, `/api/vitals?childId=${child.id}`)).toMatchObject([
      { value: 37.8, date: yesterday },
    ]);

    // Dismissed, the clock's notice stays away for the session.
    await notice.getByRole("button", { name: "OK" }).click();
    await notice.waitFor({ state: "detached" });
    await page.reload();
    await page.getByRole("button", { name: "Log now" }).waitFor();
    expect(await notice.count()).toBe(0);
  });
});
