import type { APIRequestContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  baseUrl,
  clientAddressHeader,
  openInApp,
  outboxLoaded,
  signUpViaApi,
  sizes,
  useBrowser,
} from "./browser";
import { cutConnection, restoreConnection, waitUntilKept } from "./offline-helpers";
import { expectToast } from "./record-screen-helpers";

async function post(page: Page, path: string, data: unknown) {
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

/** Log now's Temperature: the value typed, Save. */
async function logTemperature(page: Page, value: string) {
  await page.getByRole("button", { name: "Log now" }).click();
  await page.getByRole("button", { name: "Temperature", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Log Temperature" });
  await dialog.getByLabel(/^Temperature/).fill(value);
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  await dialog.waitFor({ state: "detached" });
}

const ENTRIES = [
  "TPN entry for Sofia Lopez",
  "temperature for Sofia Lopez",
  "dose of Ursodiol for Sofia Lopez",
  "usage of Filters (1 each)",
];

describe("a night without a connection, on a phone", () => {
  const browser = useBrowser();

  it("opens with no connection, keeps four entries through a reload and a reopened app, and sends each once", async () => {
    // A context of its own without the app's real service worker: what the worker sends goes past
    // every route a test can set, so the page's routes stand in for it (cutConnection).
    const shared = await browser.newPage("phone");
    const context = await shared.context().browser()!.newContext({
      viewport: sizes.phone,
      baseURL: baseUrl(),
      reducedMotion: "reduce",
      extraHTTPHeaders: clientAddressHeader(),
      serviceWorkers: "block",
    });
    try {
      const page = await context.newPage();
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
      // The evening before, online: the app opened once, and what it fetches ahead kept on the phone.
      await page.goto("/");
      await page.getByRole("button", { name: "Medication given" }).waitFor();
      await waitUntilKept(page, ['["medications",{"childId"', '["tpn-supplies"]', '["tpn","pages"']);
      await outboxLoaded(page);

      // At night: no connection from the start. The app opens from the phone.
      await cutConnection(page);
      let reopened: Page | undefined;
      try {
        await page.reload();
        await openInApp(page, "/tpn-nutrition");
        await page.getByRole("button", { name: "Add TPN Entry" }).first().click();
        const bag = page.getByRole("dialog", { name: "Add TPN Entry" });
        await bag.getByLabel("Calories (kcal)").fill("850");
        await bag.getByRole("button", { name: "Add Entry" }).click();
        await bag.waitFor({ state: "detached" });
        await page.getByRole("main").getByText("Waiting to send", { exact: true }).waitFor();

        await openInApp(page, "/");
        await logTemperature(page, "37.6");
        await page.getByRole("button", { name: "Medication given" }).click();
        const medication = page.getByRole("dialog", { name: "Medication Given" });
        await medication.getByRole("button", { name: "Log Medication" }).click();
        await medication.waitFor({ state: "detached" });
        await page.getByRole("button", { name: "Supply used" }).click();
        const usage = page.getByRole("dialog", { name: "Supply Used" });
        await usage.getByRole("button", { name: "Record Usage" }).click();
        await usage.waitFor({ state: "detached" });

        const waiting = (on: Page) => on.getByRole("region", { name: "Waiting to send" });
        await waiting(page).getByText("4 entries waiting to send").waitFor();

        // Reloaded, still with no connection: the four wait on the phone.
        await page.reload();
        await waiting(page).getByText("4 entries waiting to send").waitFor();

        // The app closed and opened again, still with no connection. Closed once no request is on
        // its way: Playwright lets a request its route had not yet answered go on to the server as
        // the page closes (seen once under load: the bag arrived while "offline").
        await page.waitForLoadState("networkidle");
        await page.close();
        reopened = await context.newPage();
        await cutConnection(reopened);
        await reopened.goto("/");
        await waiting(reopened).getByText("4 entries waiting to send").waitFor();
        await waiting(reopened).getByRole("button", { name: "Show" }).click();
        for (const name of ENTRIES) await waiting(reopened).getByText(name, { exact: true }).waitFor();
        expect(await list(reopened.request, `/api/tpn?childId=${child.id}`)).toEqual([]);
      } finally {
        if (reopened) await restoreConnection(reopened);
      }

      // The connection is back: each arrives once, and the waiting bar goes.
      const back = reopened!;
      await expectToast(
        back,
        "The 4 entries saved on this phone have arrived: TPN entry; temperature; dose of Ursodiol; usage of Filters (1 each).",
      );
      await back.getByRole("region", { name: "Waiting to send" }).waitFor({ state: "detached" });
      expect(await list(back.request, `/api/tpn?childId=${child.id}`)).toMatchObject([
        { calories: "850.00" },
      ]);
      expect(await list(back.request, `/api/vitals?childId=${child.id}`)).toMatchObject([
        { kind: "temperature", value: 37.6 },
      ]);
      expect(await list(back.request, "/api/medication-doses")).toMatchObject([
        { status: "given", amount: "60 mg" },
      ]);
      expect(await list(back.request, "/api/supply-usage")).toMatchObject([
        { supplyId: supply.id, quantityUsed: 1 },
      ]);
      const supplies = await list<{ id: string; currentStock: number }>(back.request, "/api/tpn-supplies");
      expect(supplies.find((s) => s.id === supply.id)?.currentStock).toBe(9);
    } finally {
      await context.close();
    }
  });
});
