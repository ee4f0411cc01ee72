import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { makeToken } from "../../../../../tests/helpers/api-tokens";
import { confirmEmail, mailsTo } from "../../../../../tests/helpers/mail";
import { type NtfyServer, startNtfyServer } from "../../../../../tests/helpers/ntfy-server";
import { MINUTE, reminderHelpers, startTomorrowMorning, ZONE } from "../../../../../tests/helpers/reminders";
import { startSmtpServer } from "../../../../../tests/helpers/smtp-server";
import { buildTestApp, type TestApp, uniqueAddress } from "../../../../../tests/helpers/test-app";
import { timeIn, todayIn } from "../../../../domain/clock";
import type { TaskHistoryRecord } from "../../../../domain/reminders";
import { formatTimeOfDay } from "../../../../domain/time-format";

const SITE = "http://care.test";

let t: TestApp;
let ntfy: NtfyServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  ntfy = await startNtfyServer();
  smtp = await startSmtpServer();
  // A database of its own: the reminders of every family in it run on this file's clock.
  t = await buildTestApp({ PUBLIC_URL: SITE, ...smtp.env, NTFY_ALLOWED_HOSTS: "127.0.0.1" }, undefined, {
    reminders: true,
    database: "fresh",
  });
  startTomorrowMorning(t);
});
// Each test's family goes with it: the reminders of every family in the database run at each step
// of the clock, so families left by earlier tests made each later test slower (30 s instead of 5).
afterEach(async () => {
  await t.database.db.execute(sql`delete from families`);
});
afterAll(async () => {
  await t?.close();
  await Promise.all([ntfy?.close(), smtp?.close()]);
});

const {
  now,
  familyOfFour,
  pass,
  setNotifications,
  inbox,
  counts,
  task,
  logDressing,
  dressingChangedNow,
  untilDue,
} = reminderHelpers(() => t);

describe("reminders that escalate", () => {
  it("remind of a dressing at its due time, repeat, tell the next caregiver at +30 and everyone at +60, and stop for all once one logs it", async () => {
    const f = await familyOfFour();
    const taskId = await dressingChangedNow(f.owner, f.childId);
    const dueAt = await untilDue(f, taskId);
    expect(dueAt.getTime() - now().getTime()).toBe(0);

    // At the due time: the first caregiver only.
    expect(await counts(f, taskId)).toEqual([1, 0, 0, 0]);
    const [first] = await inbox(f.owner, taskId);
    expect(first).toMatchObject({ taskKind: "line-care", step: 1, urgent: false, title: "Dressing change" });
    expect(first!.body).toMatch(/^Sam · Due now · /);
    expect(new Date(first!.dueAt!).getTime()).toBe(dueAt.getTime());

    await pass(f.all, 15 * MINUTE);
    expect(await counts(f, taskId)).toEqual([2, 0, 0, 0]);
    await pass(f.all, 15 * MINUTE); // +30: the next caregiver too
    expect(await counts(f, taskId)).toEqual([3, 1, 0, 0]);
    await pass(f.all, 15 * MINUTE);
    expect(await counts(f, taskId)).toEqual([4, 2, 0, 0]);
    await pass(f.all, 15 * MINUTE); // +60: everyone, still a routine task: not urgent
    expect(await counts(f, taskId)).toEqual([5, 3, 1, 0]);
    for (const user of [f.owner, f.second, f.third])
      expect((await inbox(user, taskId))[0]!.urgent).toBe(false);

    // Running again finds nothing more to send for this round.
    await t.scheduler.runDue();
    expect(await counts(f, taskId)).toEqual([5, 3, 1, 0]);

    // The second caregiver changes the dressing on the Line care screen: it stops for everyone.
    const lineId = taskId.split(":")[1]!;
    await logDressing(f.second, f.childId, lineId);
    await t.scheduler.runDue();
    for (const user of [f.owner, f.second, f.third]) {
      expect((await inbox(user, taskId)).every((n) => n.ackAt !== null)).toBe(true);
    }
    await pass(f.all, 60 * MINUTE);
    expect(await counts(f, taskId)).toEqual([5, 3, 1, 0]);

    // The task's history: who was told when, on what, and who did it.
    const history: TaskHistoryRecord[] = (await f.third.get(`/api/tasks/${taskId}/history`)).json();
    expect(history).toHaveLength(1);
    expect(new Date(history[0]!.dueAt).getTime()).toBe(dueAt.getTime());
    expect(history[0]!.done).toMatchObject({ by: "Ben Member", byId: f.second.id });
    const told = history[0]!.told.map((entry) => [entry.name, entry.round, entry.urgent]);
    expect(told[0]).toEqual(["Ann Owner", 1, false]);
    expect(told.filter(([name]) => name === "Ann Owner")).toHaveLength(5);
    expect(told.filter(([name]) => name === "Ben Member")).toHaveLength(3);
    expect(told.filter(([name]) => name === "Cleo Member")).toEqual([["Cleo Member", 5, false]]);
    expect(told.some(([name]) => name === "Vera Member")).toBe(false);
  });

  it("hold every step of a routine task in a person's quiet hours, everyone's too, and tell the one on duty first", async () => {
    const f = await familyOfFour();
    const dueLocal = timeIn(ZONE, now());
    // The owner sleeps from an hour before the due time to two hours after; Ben is on duty that day.
    const hour = Number(dueLocal.slice(0, 2));
    const quiet = {
      start: `${String(hour - 1).padStart(2, "0")}:00`,
      end: `${String(hour + 2).padStart(2, "0")}:00`,
    };
    const saved = await setNotifications(f.owner, { quietHours: quiet });
    expect(saved.statusCode, saved.body).toBe(200);
    const taskId = await dressingChangedNow(f.owner, f.childId);
    const dueDay = todayIn(ZONE, new Date((await task(f.owner, taskId)).dueAt!));
    const rota = await f.second.put("/api/family/reminders", {
      onDuty: { [dueDay]: f.second.id },
      order: [f.owner.id, f.third.id, f.second.id],
    });
    expect(rota.statusCode, rota.body).toBe(200);

    await untilDue(f, taskId);
    // Ben, on duty, first.
    expect(await counts(f, taskId)).toEqual([0, 1, 0, 0]);
    await pass(f.all, 15 * MINUTE);
    await pass(f.all, 15 * MINUTE);
    // +30: the next in the family's order is the owner, in quiet hours: held.
    expect(await counts(f, taskId)).toEqual([0, 3, 0, 0]);
    await pass(f.all, 15 * MINUTE);
    expect(await counts(f, taskId)).toEqual([0, 4, 0, 0]);
    await pass(f.all, 15 * MINUTE);
    // +60: everyone, but a dressing change is not urgent: the owner still sleeps.
    expect(await counts(f, taskId)).toEqual([0, 5, 1, 0]);
    // The first round once her quiet hours end reaches her, not urgent, and none before it.
    while ((await counts(f, taskId))[0] === 0) {
      expect(timeIn(ZONE, now()) < quiet.end, `told by ${timeIn(ZONE, now())}`).toBe(true);
      await pass(f.all, 15 * MINUTE);
    }
    expect(timeIn(ZONE, now()) >= quiet.end).toBe(true);
    const [woken] = await inbox(f.owner, taskId);
    expect(woken).toMatchObject({ urgent: false, step: expect.any(Number) });
    expect(timeIn(ZONE, new Date(woken!.createdAt)) >= quiet.end).toBe(true);
  });

  it("tell everyone at once of a family task marked urgent, through quiet hours", async () => {
    const f = await familyOfFour();
    const asleep = await setNotifications(f.owner, { quietHours: { start: "00:00", end: "23:59" } });
    expect(asleep.statusCode, asleep.body).toBe(200);
    const created = await f.second.post("/api/tasks", {
      title: "Check the pump's occlusion alarm",
      intervalHours: 24,
      startAt: new Date(now().getTime() + 10 * MINUTE).toISOString(),
      urgent: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const taskId = `family:${created.json().id}`;
    await untilDue(f, taskId);
    expect(await counts(f, taskId)).toEqual([1, 1, 1, 0]);
    expect((await inbox(f.owner, taskId))[0]).toMatchObject({ urgent: true });
  });

  it("tell every caregiver at once, urgent, of a fever with a central line, even in quiet hours", async () => {
    const f = await familyOfFour();
    expect(
      (await setNotifications(f.owner, { quietHours: { start: "00:00", end: "23:59" } })).statusCode,
    ).toBe(200);
    const taskId = await dressingChangedNow(f.owner, f.childId).then(() => `fever:${f.childId}`);
    const reading = await f.third.post("/api/vitals", {
      childId: f.childId,
      kind: "temperature",
      value: 38.6,
      date: todayIn(ZONE, now()),
      time: timeIn(ZONE, now()),
      site: "axillary",
    });
    expect(reading.statusCode, reading.body).toBe(201);
    await t.scheduler.runDue();
    expect(await counts(f, taskId)).toEqual([1, 1, 1, 0]);
    const [alert] = await inbox(f.owner, taskId);
    expect(alert).toMatchObject({ urgent: true, taskKind: "fever" });
    // The team called: the alert stops, for everyone.
    const answered = await f.second.post(`/api/tasks/${taskId}/done`, {});
    expect(answered.statusCode, answered.body).toBe(200);
    await pass(f.all, 30 * MINUTE);
    expect(await counts(f, taskId)).toEqual([1, 1, 1, 0]);
  });

  it("tell everyone at once when the PN has not started by its latest start time, and stop when the bag is logged", async () => {
    const f = await familyOfFour();
    const today = todayIn(ZONE, now());
    const prescription = await f.owner.post("/api/pn-prescriptions", {
      childId: f.childId,
      startDate: today,
      bagVolumeMl: 1000,
      infusionHours: 12,
    });
    expect(prescription.statusCode, prescription.body).toBe(201);
    // The family's round has run and waits for its next task; the latest start set now moves it.
    await t.scheduler.runDue();
    const latest = timeIn(ZONE, new Date(now().getTime() + 2 * 60 * MINUTE));
    // The family writes 12-hour times: so does the reminder.
    expect((await f.owner.patch("/api/family", { timeFormat: "12h" })).statusCode).toBe(200);
    const set = await f.owner.patch("/api/family/task-settings", { pnLatestStartTime: latest });
    expect(set.statusCode, set.body).toBe(200);
    const taskId = `pn-start:${f.childId}`;
    await untilDue(f, taskId);
    expect(await counts(f, taskId)).toEqual([1, 1, 1, 0]);
    expect((await inbox(f.third, taskId))[0]).toMatchObject({ urgent: true, title: "Start the PN infusion" });
    expect((await inbox(f.third, taskId))[0]?.body).toContain(
      `Latest start ${formatTimeOfDay(latest, "12h")}: not started is urgent`,
    );
    // The bag goes up: Ben logs tonight's TPN entry, and the alert stops for everyone.
    const entry = await f.second.post("/api/tpn", {
      childId: f.childId,
      date: today,
      volume: "1000",
      duration: 12,
    });
    expect(entry.statusCode, entry.body).toBe(201);
    await t.scheduler.runDue();
    for (const user of [f.owner, f.second, f.third]) {
      expect((await inbox(user, taskId)).every((n) => n.ackAt !== null)).toBe(true);
    }
    await pass(f.all, 30 * MINUTE);
    expect(await counts(f, taskId)).toEqual([1, 1, 1, 0]);
    const history: TaskHistoryRecord[] = (await f.owner.get(`/api/tasks/${taskId}/history`)).json();
    expect(history[0]!.done).toMatchObject({ by: "Ben Member" });
  });

  it("act once from a notification's Done or Snooze: a used or expired link is refused, and a viewer has none", async () => {
    const f = await familyOfFour();
    const topic = `care-${f.owner.id.slice(0, 8)}`;
    const saved = await setNotifications(f.owner, {
      ntfy: { enabled: true, server: ntfy.url, topic, token: null },
      showDetails: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const taskId = await dressingChangedNow(f.owner, f.childId);
    const sentBefore = ntfy.received.length;
    await untilDue(f, taskId);
    const actionsOf = (message: { body: Record<string, unknown> }) =>
      Object.fromEntries(
        (message.body.actions as { label: string; url: string }[]).map((a) => [
          a.label,
          new URL(a.url).pathname,
        ]),
      );
    const messages = () =>
      ntfy.received
        .slice(sentBefore)
        .filter((m) => m.path === "/" && m.body.topic === topic && m.body.title === "Dressing change");
    expect(messages()).toHaveLength(1);
    const first = actionsOf(messages()[0]!);
    expect(Object.keys(first)).toEqual(["Done", "Snooze"]);
    const act = (path: string, body: object = {}) =>
      t.app.inject({ method: "POST", url: path, payload: body });

    // Snooze works once.
    const snoozed = await act(first.Snooze!, { minutes: 15 });
    expect(snoozed.statusCode, snoozed.body).toBe(200);
    // From a notification, with no session: it says what was done, not the task's words.
    expect(snoozed.json()).toMatchObject({ action: "snooze", title: null });
    expect((await act(first.Snooze!)).statusCode).toBe(410);
    expect((await act(first.Snooze!)).json().message).toBe("This link was used already.");
    // A guessed token is nothing.
    expect((await act("/api/reminder-actions/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")).statusCode).toBe(
      404,
    );

    // Snoozed: nothing for 15 minutes, then the next round with new links; the first Done has expired.
    await pass(f.all, 14 * MINUTE);
    expect(messages()).toHaveLength(1);
    await pass(f.all, MINUTE);
    expect(messages()).toHaveLength(2);
    const expired = await act(first.Done!);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toMatch(/expired/);
    const preview = await t.app.inject({ method: "GET", url: first.Done! });
    expect(preview.json()).toMatchObject({ action: "done", state: "expired", doneLabel: "Done" });

    // The second round's Done logs the dressing change, by the owner, and stops everyone's reminders.
    const second = actionsOf(messages()[1]!);
    const done = await act(second.Done!);
    expect(done.statusCode, done.body).toBe(200);
    expect((await act(second.Done!)).statusCode).toBe(410);
    const after = await task(f.owner, taskId);
    expect(after.lastDone).toMatchObject({ byId: f.owner.id });
    expect(after.state).toBe("ok");
    await t.scheduler.runDue();
    expect((await inbox(f.owner, taskId)).every((n) => n.ackAt)).toBe(true);

    // The viewer was never told, so never given a link; a viewer's write from the app is refused.
    expect(await counts(f, taskId)).toMatchObject([2, 0, 0, 0]);
    expect((await f.viewer.post(`/api/tasks/${taskId}/snooze`, {})).statusCode).toBe(403);
  });

  it("email a reminder whose links open a page that asks first, and act once from it", async () => {
    const f = await familyOfFour();
    await confirmEmail(t, f.owner, smtp.received);
    const saved = await setNotifications(f.owner, { email: true, showDetails: true });
    expect(saved.statusCode, saved.body).toBe(200);
    const taskId = await dressingChangedNow(f.owner, f.childId);
    await untilDue(f, taskId);
    const mail = mailsTo(smtp.received, f.owner.email).find((m) => m.subject?.includes("Dressing change"));
    expect(mail, "the reminder's email").toBeDefined();
    const links = [...(mail!.text ?? "").matchAll(new RegExp(`${SITE}/act/([A-Za-z0-9_-]+)`, "g"))].map(
      (m) => m[1]!,
    );
    expect(links).toHaveLength(2);
    const [done, snooze] = links;
    // Opening a link (a mail scanner does) changes nothing: it says what it is for.
    const preview = await t.app.inject({ method: "GET", url: `/api/reminder-actions/${done}` });
    expect(preview.json()).toMatchObject({ action: "done", state: "ready", title: null });
    const signedIn = await t.app.inject({
      method: "GET",
      url: `/api/reminder-actions/${done}`,
      headers: { cookie: f.owner.cookie },
    });
    expect(signedIn.json()).toMatchObject({ action: "done", state: "ready", title: "Dressing change" });
    // A program's API token is not the person on a link made for them: it is told what anyone is.
    const { token } = await makeToken(f.owner);
    const program = await t.app.inject({
      method: "GET",
      url: `/api/reminder-actions/${done}`,
      remoteAddress: uniqueAddress(),
      headers: { authorization: `Bearer ${token}`, cookie: f.owner.cookie },
    });
    expect(program.json()).toMatchObject({ action: "done", state: "ready", title: null });
    expect((await task(f.owner, taskId)).state).toBe("due");
    // The person's press acts, once.
    const acted = await t.app.inject({ method: "POST", url: `/api/reminder-actions/${done}`, payload: {} });
    expect(acted.statusCode, acted.body).toBe(200);
    expect((await task(f.owner, taskId)).state).toBe("ok");
    const late = await t.app.inject({ method: "GET", url: `/api/reminder-actions/${snooze}` });
    expect(late.json().state).toBe("answered");
    const refused = await t.app.inject({
      method: "POST",
      url: `/api/reminder-actions/${snooze}`,
      payload: {},
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("Already taken care of.");
    const refusedSignedIn = await t.app.inject({
      method: "POST",
      url: `/api/reminder-actions/${snooze}`,
      payload: {},
      headers: { cookie: f.owner.cookie },
    });
    expect(refusedSignedIn.json().message).toMatch(/^Already done by you at /);
  });

  it("stop the ladder for everyone when one says they are on it from the inbox", async () => {
    const f = await familyOfFour();
    const taskId = await dressingChangedNow(f.owner, f.childId);
    await untilDue(f, taskId);
    await pass(f.all, 15 * MINUTE);
    await pass(f.all, 15 * MINUTE);
    expect(await counts(f, taskId)).toEqual([3, 1, 0, 0]);
    const [latest] = await inbox(f.second, taskId);
    expect((await f.second.post(`/api/notifications/${latest!.id}/ack`)).statusCode).toBe(200);
    await pass(f.all, 60 * MINUTE);
    expect(await counts(f, taskId)).toEqual([3, 1, 0, 0]);
    const history: TaskHistoryRecord[] = (await f.owner.get(`/api/tasks/${taskId}/history`)).json();
    expect(history[0]!.acknowledged).toMatchObject({ by: "Ben Member" });
    expect(history[0]!.done).toBeNull();
  });

  it("refuse a Done for a due time someone already answered, naming who", async () => {
    const f = await familyOfFour();
    const taskId = await dressingChangedNow(f.owner, f.childId);
    const dueAt = await untilDue(f, taskId);
    const first = await f.second.post(`/api/tasks/${taskId}/done`, { dueAt: dueAt.toISOString() });
    expect(first.statusCode, first.body).toBe(200);
    const again = await f.third.post(`/api/tasks/${taskId}/done`, { dueAt: dueAt.toISOString() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Already done by Ben Member at ${timeIn(ZONE, now())}.`);
  });

  it("check the rota's people: only the family's caregivers", async () => {
    const f = await familyOfFour();
    const refused = await f.owner.put("/api/family/reminders", { onDuty: { "1": f.viewer.id }, order: [] });
    expect(refused.statusCode).toBe(400);
    const bad = await f.owner.put("/api/family/reminders", { onDuty: { someday: f.owner.id } });
    expect(bad.statusCode).toBe(400);
    const rota = (await f.owner.get("/api/family/reminders")).json();
    expect(rota.caregivers.map((c: { name: string }) => c.name)).toEqual([
      "Ann Owner",
      "Ben Member",
      "Cleo Member",
    ]);
    expect((await f.viewer.put("/api/family/reminders", { onDuty: {} })).statusCode).toBe(403);
  });
});
