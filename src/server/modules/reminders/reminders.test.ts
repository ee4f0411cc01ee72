import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinFamily } from "../../../../tests/helpers/family";
import { confirmEmail, mailsTo } from "../../../../tests/helpers/mail";
import { type NtfyServer, startNtfyServer } from "../../../../tests/helpers/ntfy-server";
import { addChild } from "../../../../tests/helpers/owned-crud-contract";
import { startSmtpServer } from "../../../../tests/helpers/smtp-server";
import {
  buildTestApp,
  clientFor,
  PASSWORD,
  sessionCookie,
  signUp,
  type TestApp,
  type TestUser,
  uniqueAddress,
} from "../../../../tests/helpers/test-app";
import { timeIn, todayIn } from "../../../domain/clock";
import { addDays } from "../../../domain/dates";
import type { NotificationRecord } from "../../../domain/notifications";
import type { TaskHistoryRecord } from "../../../domain/reminders";
import type { Task } from "../../../domain/task-records";

const ZONE = "America/Chicago";
const SITE = "http://care.test";
const MINUTE = 60_000;

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
  // Tomorrow at 15:00 UTC: 09:00 in Chicago in winter, 10:00 in summer.
  const at = t.clock.now();
  t.clock.advance(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1, 15) - at.getTime());
});
afterAll(async () => {
  await t?.close();
  await Promise.all([ntfy?.close(), smtp?.close()]);
});

const now = () => t.clock.now();

type Notification = NotificationRecord & { createdAt: string; ackAt: string | null; dueAt: string | null };

interface Family {
  owner: TestUser;
  second: TestUser;
  third: TestUser;
  viewer: TestUser;
  all: TestUser[];
  childId: string;
}

/** A family of four: the owner, two caregivers (in the order they joined), and a viewer. */
async function familyOfFour(): Promise<Family> {
  const owner = await signUp(t.app, { timeZone: ZONE, firstName: "Ann", lastName: "Owner" });
  const second = await joinFamily(t, owner, { firstName: "Ben" });
  const third = await joinFamily(t, owner, { firstName: "Cleo" });
  const viewer = await joinFamily(t, owner, { role: "viewer", firstName: "Vera" });
  const childId = await addChild(owner);
  return { owner, second, third, viewer, all: [owner, second, third, viewer], childId };
}

/** Keeps a person signed in: a session lasts 24 hours at most, after which they sign in again. */
async function keepSignedIn(user: TestUser) {
  if ((await user.get("/api/auth/user")).statusCode === 200) return;
  const signedIn = await t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email: user.email, password: PASSWORD },
    remoteAddress: uniqueAddress(),
  });
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  const family = user.cookie.match(/family=[^;]+/)?.[0];
  const cookie = [sessionCookie(signedIn), family].filter(Boolean).join("; ");
  Object.assign(user, clientFor(t.app, cookie, user.id, user.email, user.familyId));
}

/** Lets `ms` pass, everyone still (or again) signed in, then runs what is due. */
async function pass(users: TestUser[], ms: number) {
  t.clock.advance(ms);
  for (const user of users) await keepSignedIn(user);
  await t.scheduler.runDue();
}

/** A person's notification settings: inbox and push by default, with the changes given. */
function setNotifications(user: TestUser, changes: Record<string, unknown>) {
  return user.put("/api/notification-settings", {
    push: true,
    email: false,
    ntfy: { enabled: false, server: "https://ntfy.sh", topic: null, token: null },
    quietHours: null,
    showDetails: false,
    ...changes,
  });
}

async function inbox(user: TestUser, taskId: string): Promise<Notification[]> {
  const response = await user.get("/api/notifications?limit=100");
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Notification[]).filter((n) => n.taskId === taskId);
}
const counts = (f: Family, taskId: string) =>
  Promise.all(f.all.map(async (user) => (await inbox(user, taskId)).length));

async function task(user: TestUser, id: string): Promise<Task> {
  const tasks: Task[] = (await user.get("/api/tasks")).json();
  const found = tasks.find((candidate) => candidate.id === id);
  expect(found, `task ${id}`).toBeDefined();
  return found!;
}

/** A line put in a month ago, and a transparent dressing changed now: due again in 7 days. */
async function dressingChangedNow(user: TestUser, childId: string) {
  const line = await user.post("/api/picc-lines", {
    childId,
    insertionDate: addDays(todayIn(ZONE, now()), -30),
    insertionSite: "right-arm",
    lineType: "double-lumen",
  });
  expect(line.statusCode, line.body).toBe(201);
  const lineId: string = line.json().id;
  await logDressing(user, childId, lineId);
  return `line-care:${lineId}:dressing`;
}

async function logDressing(user: TestUser, childId: string, piccLineId: string) {
  const logged = await user.post("/api/line-care", {
    childId,
    piccLineId,
    kind: "dressing",
    date: todayIn(ZONE, now()),
    time: timeIn(ZONE, now()),
    dressingType: "transparent",
  });
  expect(logged.statusCode, logged.body).toBe(201);
}

/** Moves the clock to a task's due time (everyone staying signed in) and runs what is due. */
async function untilDue(f: Family, taskId: string) {
  const dueAt = new Date((await task(f.owner, taskId)).dueAt!);
  await pass(f.all, dueAt.getTime() - now().getTime() - MINUTE);
  expect(await counts(f, taskId)).toEqual([0, 0, 0, 0]);
  await pass(f.all, MINUTE);
  return dueAt;
}

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
    await pass(f.all, 15 * MINUTE); // +60: everyone, urgent
    expect(await counts(f, taskId)).toEqual([5, 3, 1, 0]);
    for (const user of [f.owner, f.second, f.third])
      expect((await inbox(user, taskId))[0]!.urgent).toBe(true);

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
    expect(told.filter(([name]) => name === "Cleo Member")).toEqual([["Cleo Member", 5, true]]);
    expect(told.some(([name]) => name === "Vera Member")).toBe(false);
  });

  it("hold a step in a person's quiet hours unless it is urgent, and tell the one on duty first", async () => {
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
    // +60: urgent reaches everyone, quiet hours or not.
    expect(await counts(f, taskId)).toEqual([1, 5, 1, 0]);
    expect((await inbox(f.owner, taskId))[0]!.urgent).toBe(true);
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
    const set = await f.owner.patch("/api/family/task-settings", { pnLatestStartTime: latest });
    expect(set.statusCode, set.body).toBe(200);
    const taskId = `pn-start:${f.childId}`;
    await untilDue(f, taskId);
    expect(await counts(f, taskId)).toEqual([1, 1, 1, 0]);
    expect((await inbox(f.third, taskId))[0]).toMatchObject({ urgent: true, title: "Start the PN infusion" });
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
    expect(snoozed.json()).toMatchObject({ action: "snooze", title: "Dressing change" });
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
    expect(preview.json()).toMatchObject({ action: "done", state: "ready", title: "Dressing change" });
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
    expect(refused.json().message).toMatch(/^Already done by Ann Owner at /);
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
