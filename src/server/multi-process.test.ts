import { randomBytes, randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinFamily } from "../../tests/helpers/family";
import { jobClockOf } from "../../tests/helpers/job-clock";
import { buildTestApp, clientFor, PASSWORD, signUp, type TestApp } from "../../tests/helpers/test-app";
import { createTestClock, type TestClock } from "../../tests/helpers/test-clock";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { openPostgres } from "./db/client";
import { ACCESS_CACHE_MS } from "./lib/family-access";
import { NEXT_RUN } from "./lib/scheduler";
import { SESSION_CACHE_MS } from "./lib/session-store";
import { createPasswordHasher } from "./modules/auth/passwords";

/**
 * A second app server on `first`'s database, as another process behind a load balancer: its own
 * connection pool and memory, the same settings and data directory. `beforeReady` may declare jobs.
 */
async function secondServer(
  first: TestApp,
  secret: string,
  clock: TestClock,
  beforeReady?: (app: FastifyInstance) => void,
) {
  const database = openPostgres(first.databaseUrl!);
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: first.dataDir, SESSION_SECRET: secret }),
    db: database.db,
    logger: false,
    passwords: createPasswordHasher({ N: 2 ** 10, r: 8, p: 1 }),
    now: clock.now,
    jobs: { manual: true, setDatabaseTime: jobClockOf(database.db) },
  });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * Two app servers on one PostgreSQL database, as behind a load balancer: each has its own
 * connection pool and its own memory, and only the database in common.
 */
describe.runIf(process.env.TEST_DATABASE_URL)("two servers on one PostgreSQL database", () => {
  let first: TestApp;
  let second: FastifyInstance;
  let closeSecond: () => Promise<void>;
  const secondClock = createTestClock();
  beforeAll(async () => {
    const secret = randomBytes(32).toString("hex");
    first = await buildTestApp({ SESSION_SECRET: secret });
    ({ app: second, close: closeSecond } = await secondServer(first, secret, secondClock));
  });
  afterAll(async () => {
    await closeSecond?.();
    await first?.close();
  });

  it("share sign-ins and sign-outs: a session ended on one is refused by the other once its memory of it is stale", async () => {
    const user = await signUp(first.app);
    const onSecond = clientFor(second, user.cookie);
    expect((await onSecond.get("/api/auth/user")).statusCode).toBe(200);
    expect(
      (await onSecond.post("/api/notes", { title: "Both servers", content: "see this" })).statusCode,
    ).toBe(201);
    expect((await user.get("/api/notes")).json()).toHaveLength(1);

    const signOut = await user.get("/api/logout");
    expect(signOut.statusCode).toBe(302);
    // The second server remembers a session it has read for SESSION_CACHE_MS, not longer.
    secondClock.advance(SESSION_CACHE_MS);
    expect((await onSecond.get("/api/auth/user")).statusCode).toBe(401);
  });

  it("see a member's removal or change of role on either within a second", async () => {
    const owner = await signUp(first.app);
    const sam = (await owner.post("/api/children", { name: "Sam" })).json().id;
    const member = await joinFamily(first, owner, { role: "caregiver" });
    const onSecond = clientFor(second, member.cookie);
    const entry = { childId: sam, date: "2026-11-20", volume: "1000" };
    expect((await onSecond.post("/api/tpn", entry)).statusCode).toBe(201);

    expect((await owner.patch(`/api/family/members/${member.id}`, { role: "viewer" })).statusCode).toBe(200);
    secondClock.advance(ACCESS_CACHE_MS);
    expect((await onSecond.post("/api/tpn", entry)).statusCode).toBe(403);

    expect((await owner.delete(`/api/family/members/${member.id}`)).statusCode).toBe(204);
    secondClock.advance(ACCESS_CACHE_MS);
    expect((await onSecond.get(`/api/children/${sam}`)).statusCode).toBe(404);
    expect((await onSecond.get("/api/children")).json()).toEqual([]);
    // The cache is half a second: within one second of the removal, both processes refuse.
    expect(ACCESS_CACHE_MS).toBeLessThanOrEqual(1000);
  });

  it("share the sign-in limit: wrong passwords through both count together", async () => {
    const user = await signUp(first.app);
    const attempt = (app: FastifyInstance) =>
      app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: user.email, password: `${PASSWORD} wrong` },
        remoteAddress: "10.9.9.9",
      });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await attempt(first.app)).statusCode, (await attempt(second)).statusCode);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("two servers' jobs on one PostgreSQL database", () => {
  const MINUTE = 60 * 1000;
  /** Each run of a test job: which server ran it, and what. */
  const runs: { server: string; job: string }[] = [];
  const declareJobs = (server: string) => (app: FastifyInstance) => {
    app.scheduler.work("test-reminders", async (job) => {
      runs.push({ server, job: job.key });
    });
    app.scheduler.every("test-every-minute", MINUTE, async () => {
      runs.push({ server, job: NEXT_RUN });
    });
  };
  let first: TestApp;
  let second: FastifyInstance;
  let closeSecond: () => Promise<void>;
  beforeAll(async () => {
    const secret = randomBytes(32).toString("hex");
    first = await buildTestApp({ SESSION_SECRET: secret }, declareJobs("first"), { reminders: true });
    // One clock for both, as two processes read one database's time.
    ({ app: second, close: closeSecond } = await secondServer(
      first,
      secret,
      first.clock,
      declareJobs("second"),
    ));
  });
  afterAll(async () => {
    await closeSecond?.();
    await first?.close();
  });
  /** Both servers look for due jobs at once, twice each. */
  const bothRunDue = () =>
    Promise.all([
      first.scheduler.runDue(),
      second.scheduler.runDue(),
      first.scheduler.runDue(),
      second.scheduler.runDue(),
    ]);

  it("send each reminder once, whichever scheduled it and however many look for it at once", async () => {
    const keys = Array.from({ length: 30 }, () => randomUUID());
    const at = new Date(first.clock.now().getTime() + 60 * MINUTE);
    for (const [i, key] of keys.entries()) {
      await (i % 2 ? first.scheduler : second.scheduler).schedule("test-reminders", key, at, {});
    }
    // Moved by the other server: still one job.
    await second.scheduler.schedule("test-reminders", keys[0]!, at, { moved: true });
    first.clock.advance(60 * MINUTE);
    await bothRunDue();
    await bothRunDue();
    const reminded = runs.filter((run) => run.job !== NEXT_RUN).map((run) => run.job);
    expect(reminded.sort()).toEqual([...keys].sort());
  });

  it("send each of a family's reminders once, both servers running the rounds at once", async () => {
    const owner = await signUp(first.app);
    const caregiver = await joinFamily(first, owner, { firstName: "Ben" });
    const startAt = new Date(first.clock.now().getTime() + 10 * MINUTE);
    const tasks: string[] = [];
    for (let i = 0; i < 5; i++) {
      const created = await owner.post("/api/tasks", {
        title: `Flush the line ${i}`,
        intervalHours: 24,
        startAt: startAt.toISOString(),
      });
      expect(created.statusCode, created.body).toBe(201);
      tasks.push(`family:${created.json().id}`);
    }
    const inboxOf = async (user: typeof owner) =>
      ((await user.get("/api/notifications?limit=100")).json() as { taskId: string }[]).filter((n) =>
        tasks.includes(n.taskId),
      );
    for (const minutes of [10, 15, 15]) {
      first.clock.advance(minutes * MINUTE);
      await bothRunDue();
      await bothRunDue();
    }
    // Due, +15, +30: three rounds to the first caregiver, one to the next, each task's once.
    expect(await inboxOf(owner)).toHaveLength(3 * tasks.length);
    expect(await inboxOf(caregiver)).toHaveLength(tasks.length);
  });

  it("run a recurring job once a minute between them", async () => {
    runs.length = 0;
    for (let minute = 0; minute < 3; minute++) {
      first.clock.advance(MINUTE);
      await bothRunDue();
    }
    expect(runs.filter((run) => run.job === NEXT_RUN)).toHaveLength(3);
  });
});
