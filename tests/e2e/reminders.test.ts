import { createECDH, randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseUrl, signUpViaApi, useBrowser } from "./browser";
import { waitUntilKept } from "./offline-helpers";

/**
 * Chromium in a test has no push service (see notifications.test.ts): the page's PushManager hands
 * out a subscription with real keys and an https address where nothing listens, so the device is
 * on and its pushes fail; the reminder reaches the inbox all the same.
 */
async function withTestPushManager(page: Page) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const subscription = {
    // A name that never resolves (RFC 6761 `.invalid`): an address on the server's own network
    // would be refused as the device subscribes.
    endpoint: `https://push.example.invalid/push/${randomBytes(8).toString("hex")}`,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
  };
  await page.context().grantPermissions(["notifications"], { origin: baseUrl() });
  await page.addInitScript((given) => {
    const made = (key: ArrayBuffer) => ({
      endpoint: given.endpoint,
      options: { applicationServerKey: key, userVisibleOnly: true },
      toJSON: () => ({ endpoint: given.endpoint, expirationTime: null, keys: given.keys }),
      unsubscribe: async () => true,
    });
    let saved: Uint8Array | null = null;
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      saved = new Uint8Array(options!.applicationServerKey as ArrayBuffer);
      return made(saved.buffer as ArrayBuffer) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () =>
      saved ? (made(saved.buffer as ArrayBuffer) as unknown as PushSubscription) : null;
  }, subscription);
}

/** The page's WCAG 2 A/AA violations by rule (axe, as tests/e2e/accessibility.test.ts runs it). */
async function violations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).setLegacyMode().analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

describe("reminders", () => {
  const browser = useBrowser({ serviceWorker: true });

  it("turns notifications on, receives a task's reminder in the inbox, does it from there, and Tasks says who did it", async () => {
    const page = await browser.newPage("phone");
    await withTestPushManager(page);
    await signUpViaApi(page, "Maria", "Lopez");
    await page.goto("/settings#notifications");
    await page.getByRole("button", { name: "Turn on for this device" }).click();
    await page.getByText(/^On for this device/).waitFor();

    // A task of the family's own that came due a minute ago: its first reminder goes out at once.
    const created = await page.request.post("/api/tasks", {
      data: {
        title: "Flush the line with saline",
        intervalHours: 24,
        startAt: new Date(Date.now() - 60_000).toISOString(),
      },
    });
    expect(created.status()).toBe(201);

    // The bell counts it (the server's scheduler runs every few seconds; the bell asks each minute
    // or when the page comes back, so the inbox is opened when the reminder is there).
    await expect
      .poll(
        async () =>
          ((await (await page.request.get("/api/notifications")).json()) as { title: string }[]).some(
            (n) => n.title === "Flush the line with saline",
          ),
        { timeout: 20_000 },
      )
      .toBe(true);
    await page.goto("/notifications");
    const item = page.getByRole("listitem").filter({ hasText: "Flush the line with saline" });
    await item.getByText(/^Due (now|\d+ min ago)/).waitFor();
    // The reminder's buttons pass axe (WCAG 2 A/AA), the snooze choices open.
    await item.getByRole("button", { name: /^Snooze/ }).click();
    expect(await violations(page)).toEqual([]);
    await item.getByRole("button", { name: /^Snooze/ }).click();
    // Snoozed for an hour first: it stays in the inbox, to be done.
    await item.getByRole("button", { name: /^Snooze/ }).click();
    await item.getByRole("button", { name: "For 1 hour" }).click();
    await page.getByText("No reminders of it for 1 hour.").first().waitFor();
    await item.getByRole("button", { name: /^Done/ }).click();
    await page.getByText("Flush the line with saline: done").first().waitFor();
    await item.getByRole("button", { name: /^I'm on it/ }).waitFor({ state: "detached" });

    // Tasks: not due any more, last done by this person, and the reminders it took.
    await page.goto("/tasks");
    const row = page.locator('[data-task-id^="family:"]').filter({ hasText: "Flush the line with saline" });
    await row.getByText(/by you/).waitFor();
    expect(await row.getAttribute("data-state")).toBe("ok");
    await row.getByRole("button", { name: "More for Flush the line with saline" }).click();
    await page.getByRole("menuitem", { name: "Reminders sent" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Done by Maria Lopez", { exact: false }).waitFor();
    await dialog.getByText(/Maria Lopez told \(in the app, This app on your devices failed\)/).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it("puts an unread urgent reminder above a newer routine one, calls only it urgent, and says who did a task", async () => {
    const page = await browser.newPage("phone");
    await signUpViaApi(page, "Maria", "Lopez");
    const post = async (path: string, data: unknown) => {
      const response = await page.request.post(path, { data });
      expect(response.status(), await response.text()).toBeLessThan(300);
      return response.json();
    };
    const { timeZone } = await (await page.request.get("/api/auth/user")).json();
    const wall = (at: Date) =>
      Object.fromEntries(
        new Intl.DateTimeFormat("en-CA", {
          timeZone,
          year: "numeric",
          month: "2-digit",
          day: "2-digit",
          hour: "2-digit",
          minute: "2-digit",
          hourCycle: "h23",
        })
          .formatToParts(at)
          .map((part) => [part.type, part.value]),
      );
    const nowThere = wall(new Date(Date.now() - 60_000));
    const today = `${nowThere.year}-${nowThere.month}-${nowThere.day}`;
    const child = await post("/api/children", { name: "Sofia" });
    await post("/api/picc-lines", {
      childId: child.id,
      insertionDate: today,
      insertionSite: "right-arm",
      lineType: "double-lumen",
    });
    // A fever with the line in: urgent, to every caregiver at once.
    await post("/api/vitals", {
      childId: child.id,
      kind: "temperature",
      value: 38.6,
      date: today,
      time: `${nowThere.hour}:${nowThere.minute}`,
      site: "axillary",
    });
    const titles = async () =>
      ((await (await page.request.get("/api/notifications")).json()) as { title: string }[]).map(
        (n) => n.title,
      );
    await expect.poll(titles, { timeout: 30_000 }).toContain("Fever with a central line: call the team now");
    // Then a routine task of the family's own comes due: its reminder is newer.
    await post("/api/tasks", {
      title: "Charge the pump battery",
      intervalHours: 24,
      startAt: new Date(Date.now() - 60_000).toISOString(),
    });
    await expect.poll(titles, { timeout: 30_000 }).toContain("Charge the pump battery");

    await page.goto("/notifications");
    const items = page.getByRole("list", { name: "Notifications" }).getByRole("listitem");
    await items.first().waitFor();
    // The urgent one on top, and only it called urgent.
    expect(await items.nth(0).getByRole("heading").textContent()).toBe(
      "Unread: Urgent: Fever with a central line: call the team now",
    );
    expect(await items.nth(1).getByRole("heading").textContent()).toBe("Unread: Charge the pump battery");
    expect(await page.getByText("Urgent:", { exact: true }).count()).toBe(1);

    // Done from the inbox: the item says who did it, and when.
    const battery = items.filter({ hasText: "Charge the pump battery" });
    await battery.getByRole("button", { name: /^Done/ }).click();
    await battery.getByText(/^Done by Maria Lopez at \d{2}:\d{2}$/).waitFor();
    expect(await items.nth(0).getByRole("heading").textContent()).toContain("Fever with a central line");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it("sets who is on duty on Mondays and on a date, keeps it, and assigns a task to a caregiver", async () => {
    const page = await browser.newPage("desktop");
    await signUpViaApi(page, "Maria", "Lopez");
    await page.goto("/settings#reminder-rota");
    await page.getByLabel("Monday").selectOption({ label: "Maria Lopez" });
    await page.getByText("Reminders follow the new rota from now on.").first().waitFor();
    await page.getByLabel("Date", { exact: true }).fill("2031-01-06");
    await page.getByLabel("On duty", { exact: true }).selectOption({ label: "Maria Lopez" });
    await page.getByRole("button", { name: "Add date" }).click();
    const dates = page.getByRole("list", { name: "Dates with someone on duty" });
    await dates.getByText("January 6, 2031: Maria Lopez").waitFor();
    await page.getByRole("list", { name: "The family's order" }).getByText("1. Maria Lopez").waitFor();
    await page.reload();
    await expect
      .poll(async () => (await page.getByLabel("Monday").locator("option:checked").textContent())?.trim())
      .toBe("Maria Lopez");
    await page.getByRole("button", { name: "Remove January 6, 2031" }).click();
    await page.getByText("No date of its own: each day follows its weekday.").waitFor();

    // A task of the family's own, told first to a caregiver and urgent.
    await page.goto("/tasks");
    await page.getByRole("button", { name: "Add task" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Task").fill("Change the extension set");
    await dialog.getByLabel("Told first").selectOption({ label: "Maria Lopez" });
    await dialog.getByLabel(/^Urgent/).check();
    await dialog.getByRole("button", { name: "Add task" }).click();
    await dialog.waitFor({ state: "detached" });
    const tasks = await (await page.request.get("/api/tasks")).json();
    const added = tasks.find((t: { title: string }) => t.title === "Change the extension set");
    expect(added).toMatchObject({ urgent: true, careTask: { urgent: true } });
    expect(added.assigneeId).toBeTruthy();
  });

  it("changes a kind's reminder steps, refuses steps out of order, and keeps them", async () => {
    const page = await browser.newPage("phone");
    await signUpViaApi(page, "Maria", "Lopez");
    await page.goto("/settings#task-settings");
    const everyone = page.getByLabel("Dose: Everyone after (minutes)");
    await everyone.fill("15");
    await page.getByRole("button", { name: "Save reminder steps" }).click();
    await page.getByText("Everyone is told at the same time as the next caregiver or later").waitFor();
    await everyone.fill("90");
    await page.getByLabel("Dose: Repeat every (minutes)").fill("10");
    await page.getByRole("button", { name: "Save reminder steps" }).click();
    await page.getByText("The next reminders follow them.").first().waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel("Dose: Everyone after (minutes)").inputValue()).toBe("90");
    expect(await page.getByLabel("Dose: Repeat every (minutes)").inputValue()).toBe("10");
    // Another owner's change while this phone kept the old steps: the page opens on what it kept,
    // then shows the server's.
    await waitUntilKept(page, ['["tasks","settings"]']);
    const changed = await page.request.patch("/api/family/task-settings", {
      data: { escalation: { dose: { repeatMinutes: 10, nextAfterMinutes: 30, everyoneAfterMinutes: 120 } } },
    });
    expect(changed.status()).toBe(200);
    await page.reload();
    await expect.poll(() => page.getByLabel("Dose: Everyone after (minutes)").inputValue()).toBe("120");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it("asks before acting on an email's link, and refuses one that does not work", async () => {
    const page = await browser.newPage("phone");
    await page.goto("/act/not-a-real-token-at-all-000000");
    await page.getByRole("heading", { name: "This link does not work" }).waitFor();
    await page.getByRole("link", { name: "Open Tasks" }).waitFor();
    expect(await violations(page)).toEqual([]);
  });
});
