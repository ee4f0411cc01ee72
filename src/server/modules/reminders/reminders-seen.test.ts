import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MINUTE, reminderHelpers, startTomorrowMorning, ZONE } from "../../../../tests/helpers/reminders";
import { buildTestApp, type TestApp } from "../../../../tests/helpers/test-app";
import { timeIn, todayIn } from "../../../domain/clock";

/**
 * What a person reads of a reminder: the inbox (urgent first, who did it) and the page of a
 * reminder's link, which anyone holding the link can open (an ntfy topic, a forwarded email), so it
 * says nothing private without the family's sign-in.
 */

const SITE = "http://care.test";

let t: TestApp;
beforeAll(async () => {
  // No mail server: email goes to the app's outbox, read back from DATA_DIR.
  t = await buildTestApp({ PUBLIC_URL: SITE }, undefined, { reminders: true, database: "fresh" });
  startTomorrowMorning(t);
});
afterAll(async () => {
  await t?.close();
});

const { now, familyOfFour, inbox, untilDue, dressingChangedNow } = reminderHelpers(() => t);

describe("the inbox", () => {
  it("puts an unread urgent reminder above newer routine ones, pages in that order, and says who did a task", async () => {
    const f = await familyOfFour();
    // A fever with the line in: urgent, to everyone at once.
    await dressingChangedNow(f.owner, f.childId);
    const fever = await f.third.post("/api/vitals", {
      childId: f.childId,
      kind: "temperature",
      value: 38.6,
      date: todayIn(ZONE, now()),
      time: timeIn(ZONE, now()),
      site: "axillary",
    });
    expect(fever.statusCode, fever.body).toBe(201);
    await t.scheduler.runDue();
    // Ten minutes later, a routine task of the family's own comes due: newer, not urgent.
    const battery = await f.owner.post("/api/tasks", {
      title: "Charge the pump battery",
      intervalHours: 24,
      startAt: new Date(now().getTime() + 10 * MINUTE).toISOString(),
      assigneeId: f.owner.id,
    });
    expect(battery.statusCode, battery.body).toBe(201);
    const batteryId = `family:${battery.json().id}`;
    await untilDue(f, batteryId);

    // The line's connector and tubing, never logged, are due too: routine reminders, older.
    const newestFirst = (list: { createdAt: string }[]) =>
      list.every((n, k) => k === 0 || list[k - 1]!.createdAt >= n.createdAt);
    const before = await inbox(f.owner);
    expect(before[0]).toMatchObject({ taskKind: "fever", urgent: true, ackAt: null });
    expect(before[1]).toMatchObject({ title: "Charge the pump battery", urgent: false });
    expect(before.length).toBeGreaterThan(2);
    expect(newestFirst(before.slice(1))).toBe(true);
    // Page by page (one at a time, through the Link header), the same order.
    const paged: string[] = [];
    let next: string | undefined = "/api/notifications?limit=1";
    while (next) {
      const page = await f.owner.get(next);
      expect(page.statusCode, page.body).toBe(200);
      paged.push(...page.json().map((n: { title: string }) => n.title));
      next = /<([^>]+)>; rel="next"/.exec(String(page.headers.link ?? ""))?.[1];
    }
    expect(paged).toEqual((await inbox(f.owner)).map((n) => n.title));

    // Ben calls the team: the fever is answered; read, it goes back to its place by time.
    const called = await f.second.post(`/api/tasks/fever:${f.childId}/done`, {});
    expect(called.statusCode, called.body).toBe(200);
    const after = await inbox(f.owner);
    expect(after[0]).toMatchObject({ title: "Charge the pump battery" });
    expect(newestFirst(after)).toBe(true);
    // Each copy says who did it, and when: the owner's and Cleo's alike.
    for (const user of [f.owner, f.third]) {
      const [feverCopy] = (await inbox(user)).filter((n) => n.taskKind === "fever");
      expect(feverCopy).toMatchObject({ done: { by: "Ben Member", at: now().toISOString() } });
    }
    expect((await inbox(f.owner, batteryId))[0]).toMatchObject({ done: null });
  });
});
