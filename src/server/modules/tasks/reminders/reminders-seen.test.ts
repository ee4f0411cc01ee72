import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { confirmEmail, mailsTo, outboxMessages } from "../../../../../tests/helpers/mail";
import { MINUTE, reminderHelpers, startTomorrowMorning, ZONE } from "../../../../../tests/helpers/reminders";
import { buildTestApp, signUp, type TestApp, type TestUser } from "../../../../../tests/helpers/test-app";
import { timeIn, todayIn } from "../../../../domain/clock";

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
// Each test's family goes with it, so later tests do not run the reminders of earlier families.
afterEach(async () => {
  await t.database.db.execute(sql`delete from families`);
});
afterAll(async () => {
  await t?.close();
});

const { now, familyOfFour, setNotifications, inbox, untilDue, dressingChangedNow } = reminderHelpers(() => t);

/** The Done and Snooze tokens of the newest reminder email to `user` that has them. */
async function emailedTokens(user: TestUser) {
  const mails = mailsTo(await outboxMessages(t.dataDir), user.email);
  const tokens = mails
    .map((mail) => [...(mail.text ?? "").matchAll(/\/act\/([A-Za-z0-9_-]+)/g)].map((m) => m[1]!))
    .filter((found) => found.length === 2);
  expect(tokens.length, "a reminder email with its two links").toBeGreaterThan(0);
  const [done, snooze] = tokens.at(-1)!;
  return { done: done!, snooze: snooze! };
}

const open = (token: string, cookie?: string) =>
  t.app.inject({
    method: "GET",
    url: `/api/reminder-actions/${token}`,
    ...(cookie ? { headers: { cookie } } : {}),
  });
const press = (token: string, cookie?: string) =>
  t.app.inject({
    method: "POST",
    url: `/api/reminder-actions/${token}`,
    payload: {},
    ...(cookie ? { headers: { cookie } } : {}),
  });

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
    // The battery's routine reminder is newer than the fever's, yet below it. (Which routine one
    // comes next depends on when the line's own reminders fall due on the test's day: the routine
    // ones are checked newest first below.)
    const batteryReminder = before.find((n) => n.title === "Charge the pump battery");
    expect(batteryReminder).toMatchObject({ urgent: false });
    expect(batteryReminder!.createdAt > before[0]!.createdAt).toBe(true);
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
    // Nothing is held on top any more: newest first, the fever below the newer battery reminder.
    // (A line reminder falling due while the battery's came due may be newer still, and first.)
    expect(newestFirst(after)).toBe(true);
    const place = (match: (n: { title: string; taskKind: string | null }) => boolean) =>
      after.findIndex(match);
    expect(place((n) => n.title === "Charge the pump battery")).toBeGreaterThanOrEqual(0);
    expect(place((n) => n.title === "Charge the pump battery")).toBeLessThan(
      place((n) => n.taskKind === "fever"),
    );
    // Each copy says who did it, and when: the owner's and Cleo's alike.
    for (const user of [f.owner, f.third]) {
      const [feverCopy] = (await inbox(user)).filter((n) => n.taskKind === "fever");
      expect(feverCopy).toMatchObject({ done: { by: "Ben Member", at: now().toISOString() } });
    }
    expect((await inbox(f.owner, batteryId))[0]).toMatchObject({ done: null });
  });
});

describe("a reminder's link", () => {
  it("says nothing private without a session, and the details, with a name and never an email, to the family signed in", async () => {
    const f = await familyOfFour();
    await confirmEmail(t, f.owner);
    expect((await setNotifications(f.owner, { email: true })).statusCode).toBe(200);
    const taskId = await dressingChangedNow(f.owner, f.childId);
    const dueAt = await untilDue(f, taskId);
    const { done, snooze } = await emailedTokens(f.owner);

    // Signed out: what the link is for, not what the task is.
    const signedOut = await open(done);
    expect(signedOut.statusCode, signedOut.body).toBe(200);
    expect(signedOut.json()).toEqual({
      action: "done",
      state: "ready",
      details: false,
      title: null,
      doneLabel: "Done",
      dueAt: null,
      done: null,
    });
    // Another family's member signed in is nobody here.
    const stranger = await signUp(t.app, { timeZone: ZONE, firstName: "Sid", lastName: "Stranger" });
    expect((await open(done, stranger.cookie)).json()).toMatchObject({ details: false, title: null });
    // The family signed in (the person it was sent to, or another member): the task.
    for (const member of [f.owner, f.third, f.viewer]) {
      expect((await open(done, member.cookie)).json()).toMatchObject({
        details: true,
        title: "Dressing change",
        dueAt: dueAt.toISOString(),
      });
    }

    // Ben, who keeps no name on his account, changes the dressing from the app.
    const nameless = await f.second.put("/api/profile", { firstName: null, lastName: null, childName: null });
    expect(nameless.statusCode, nameless.body).toBe(200);
    const logged = await f.second.post(`/api/tasks/${taskId}/done`, {});
    expect(logged.statusCode, logged.body).toBe(200);

    // The owner's Snooze, pressed from a notification (no session): taken care of, nothing more.
    const late = await press(snooze);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe("Already taken care of.");
    const lateLook = await open(snooze);
    expect(lateLook.json()).toMatchObject({ state: "answered", details: false, title: null, done: null });
    for (const answer of [late.body, lateLook.body]) {
      expect(answer).not.toContain(f.second.email);
      expect(answer).not.toContain("Dressing");
    }
    // Signed in: who did it, by name, and never an email (Ben has none to show but his email).
    const seen = await open(snooze, f.owner.cookie);
    expect(seen.json()).toMatchObject({
      state: "answered",
      details: true,
      title: "Dressing change",
      done: { by: null, at: now().toISOString() },
    });
    const refused = await press(snooze, f.owner.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Already done by another caregiver at ${timeIn(ZONE, now())}.`);
    for (const answer of [seen.body, refused.body]) expect(answer).not.toContain(f.second.email);

    // With his name back, the family reads it.
    expect((await f.second.put("/api/profile", { firstName: "Ben", lastName: "Member" })).statusCode).toBe(
      200,
    );
    expect((await open(snooze, f.third.cookie)).json().done).toMatchObject({ by: "Ben Member" });
    expect((await press(snooze, f.owner.cookie)).json().message).toBe(
      `Already done by Ben Member at ${timeIn(ZONE, now())}.`,
    );
  });

  it("acts from a link signed out, answering without the task's words", async () => {
    const f = await familyOfFour();
    await confirmEmail(t, f.owner);
    expect((await setNotifications(f.owner, { email: true })).statusCode).toBe(200);
    const taskId = await dressingChangedNow(f.owner, f.childId);
    await untilDue(f, taskId);
    const { snooze } = await emailedTokens(f.owner);
    const snoozed = await press(snooze);
    expect(snoozed.statusCode, snoozed.body).toBe(200);
    expect(snoozed.json()).toEqual({
      action: "snooze",
      title: null,
      until: new Date(now().getTime() + 30 * MINUTE).toISOString(),
    });
    const used = await open(snooze);
    expect(used.json()).toMatchObject({ state: "used", title: null, done: null });
  });
});
