import { expect } from "vitest";
import { timeIn, todayIn } from "../../src/domain/clock";
import { addDays } from "../../src/domain/dates";
import type { NotificationRecord } from "../../src/domain/notifications";
import type { Task } from "../../src/domain/task-records";
import { joinFamily } from "./family";
import { addChild } from "./owned-crud-contract";
import {
  clientFor,
  PASSWORD,
  sessionCookie,
  signUp,
  type TestApp,
  type TestUser,
  uniqueAddress,
} from "./test-app";

/** The reminders' tests: a family of four on a test app's clock, and what each person was told. */

export const ZONE = "America/Chicago";
export const MINUTE = 60_000;

export type Notification = NotificationRecord & {
  createdAt: string;
  ackAt: string | null;
  dueAt: string | null;
};

export interface Family {
  owner: TestUser;
  second: TestUser;
  third: TestUser;
  viewer: TestUser;
  all: TestUser[];
  childId: string;
}

/** Moves a test app's clock to tomorrow at 15:00 UTC: 09:00 in Chicago in winter, 10:00 in summer. */
export function startTomorrowMorning(t: TestApp) {
  const at = t.clock.now();
  t.clock.advance(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1, 15) - at.getTime());
}

/** The helpers, bound to the test app `app()` answers (made in the file's `beforeAll`). */
export function reminderHelpers(app: () => TestApp) {
  const now = () => app().clock.now();

  /** A family of four: the owner, two caregivers (in the order they joined), and a viewer. */
  async function familyOfFour(): Promise<Family> {
    const t = app();
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
    const t = app();
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
    app().clock.advance(ms);
    for (const user of users) await keepSignedIn(user);
    await app().scheduler.runDue();
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

  /** The person's inbox as the API answers it, in its order; of one task when given. */
  async function inbox(user: TestUser, taskId?: string): Promise<Notification[]> {
    const response = await user.get("/api/notifications?limit=100");
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as Notification[]).filter((n) => taskId === undefined || n.taskId === taskId);
  }
  const counts = (f: Family, taskId: string) =>
    Promise.all(f.all.map(async (user) => (await inbox(user, taskId)).length));

  async function task(user: TestUser, id: string): Promise<Task> {
    const tasks: Task[] = (await user.get("/api/tasks")).json();
    const found = tasks.find((candidate) => candidate.id === id);
    expect(found, `task ${id}`).toBeDefined();
    return found!;
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

  /** Moves the clock to a task's due time (everyone staying signed in) and runs what is due. */
  async function untilDue(f: Family, taskId: string) {
    const dueAt = new Date((await task(f.owner, taskId)).dueAt!);
    await pass(f.all, dueAt.getTime() - now().getTime() - MINUTE);
    expect(await counts(f, taskId)).toEqual([0, 0, 0, 0]);
    await pass(f.all, MINUTE);
    return dueAt;
  }

  return {
    now,
    familyOfFour,
    keepSignedIn,
    pass,
    setNotifications,
    inbox,
    counts,
    task,
    logDressing,
    dressingChangedNow,
    untilDue,
  };
}
