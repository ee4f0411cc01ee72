import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildTestApp,
  clientFor,
  PASSWORD,
  sessionCookie,
  signUp,
  type TestApp,
  uniqueAddress,
  uniqueEmail,
} from "../../../../tests/helpers/test-app";
import { queryRows } from "../../../../tests/helpers/test-database";
import { SESSION_CACHE_MS } from "../../lib/session-store";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, ip = "127.0.0.1") =>
  t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password }, remoteAddress: ip });

describe("local accounts", () => {
  it("registers, answers the current user, and keeps names trimmed", async () => {
    const email = uniqueEmail();
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      remoteAddress: uniqueAddress(),
      payload: {
        email: `  ${email.toUpperCase()} `,
        password: PASSWORD,
        firstName: "  Ana ",
        lastName: " Ruiz",
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ email, firstName: "Ana", lastName: "Ruiz", childName: null });
    expect(response.json()).not.toHaveProperty("passwordHash");
    const me = await clientFor(t.app, sessionCookie(response)).get("/api/auth/user");
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(email);
  });

  it("refuses a second account with the same email (409) and short or long passwords (400)", async () => {
    const user = await signUp(t.app);
    const again = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      remoteAddress: uniqueAddress(),
      payload: { email: user.email, password: PASSWORD },
    });
    expect(again.statusCode).toBe(409);
    const short = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      remoteAddress: uniqueAddress(),
      payload: { email: uniqueEmail(), password: "x".repeat(11) },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().issues).toEqual([
      { path: "password", message: "Password must be at least 12 characters" },
    ]);
    const long = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      remoteAddress: uniqueAddress(),
      payload: { email: uniqueEmail(), password: "x".repeat(129) },
    });
    expect(long.statusCode).toBe(400);
  });

  it("signs in with the right password and rotates the session id", async () => {
    const user = await signUp(t.app);
    const response = await login(user.email, PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe(user.email);
    const fresh = sessionCookie(response);
    expect(fresh).not.toBe(user.cookie);
    // Signing in while signed in ends the old session.
    const again = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: user.email, password: PASSWORD },
      headers: { cookie: fresh },
    });
    expect(again.statusCode).toBe(200);
    expect((await clientFor(t.app, fresh).get("/api/auth/user")).statusCode).toBe(401);
    expect((await clientFor(t.app, sessionCookie(again)).get("/api/auth/user")).statusCode).toBe(200);
  });

  it("answers a wrong password with 401 and a clear message, the same as an unknown email", async () => {
    const user = await signUp(t.app);
    const wrong = await login(user.email, "not the password at all", "10.0.0.1");
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: "Invalid email or password" });
    expect(wrong.cookies.find((c) => c.name === "sid")).toBeUndefined();
    const unknown = await login(uniqueEmail(), PASSWORD, "10.0.0.1");
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ message: "Invalid email or password" });
  });

  it("answers the 11th failed sign-in of an account with 429 and Retry-After, even with the right password", async () => {
    const user = await signUp(t.app);
    for (let i = 0; i < 10; i++) {
      expect((await login(user.email, `wrong password ${i}`, `10.1.0.${i}`)).statusCode).toBe(401);
    }
    const blocked = await login(user.email, PASSWORD, "10.1.0.99");
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    expect(blocked.json().message).toMatch(/Too many failed sign-in attempts/);
  });

  it("limits failures per client address across accounts", async () => {
    for (let i = 0; i < 10; i++) {
      expect((await login(uniqueEmail(), "wrong password here", "10.2.0.1")).statusCode).toBe(401);
    }
    const user = await signUp(t.app);
    expect((await login(user.email, PASSWORD, "10.2.0.1")).statusCode).toBe(429);
    expect((await login(user.email, PASSWORD, "10.2.0.2")).statusCode).toBe(200);
  });

  it("sets the session cookie HttpOnly and SameSite=Lax, without Secure over plain http", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      remoteAddress: uniqueAddress(),
      payload: { email: uniqueEmail(), password: PASSWORD },
    });
    const cookie = response.cookies.find((c) => c.name === "sid");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.maxAge).toBe(24 * 60 * 60);
  });

  it("signs out: the session ends and the browser is sent to the landing page", async () => {
    const user = await signUp(t.app);
    const out = await user.get("/api/logout");
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe("/");
    expect((await user.get("/api/auth/user")).statusCode).toBe(401);
  });

  it("does not sign out on a cross-site request to /api/logout", async () => {
    const user = await signUp(t.app);
    const forged = await t.app.inject({
      method: "GET",
      url: "/api/logout",
      headers: { cookie: user.cookie, "sec-fetch-site": "cross-site", "sec-fetch-mode": "no-cors" },
    });
    expect(forged.statusCode).toBe(302);
    expect(forged.cookies.find((c) => c.name === "sid")).toBeUndefined();
    expect((await user.get("/api/auth/user")).statusCode).toBe(200);
    const sameSite = await t.app.inject({
      method: "GET",
      url: "/api/logout",
      headers: { cookie: user.cookie, "sec-fetch-site": "same-origin", "sec-fetch-mode": "navigate" },
    });
    expect(sameSite.statusCode).toBe(302);
    expect((await user.get("/api/auth/user")).statusCode).toBe(401);
  });

  it("sends /api/login to the landing page's sign-in form in local mode", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/login" });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/?signin=1");
    expect((await t.app.inject({ method: "GET", url: "/api/auth/config" })).json()).toEqual({
      mode: "local",
      allowSignup: true,
    });
  });
});

/**
 * A session row changed in the database reaches the server once what it remembers of the session
 * is SESSION_CACHE_MS old (as a sign-out through another server does): the app's clock is moved on
 * that far instead of waiting.
 */
const afterSessionCache = (app: TestApp) => app.clock.advance(SESSION_CACHE_MS);

describe("session lifetime", () => {
  const shiftSession = async (userId: string, field: "createdAt" | "lastSeenAt", minutesAgo: number) => {
    await queryRows(
      t.database,
      sql`
      update sessions set sess = jsonb_set(sess, ${`{${field}}`}::text[], to_jsonb(${new Date(t.clock.now().getTime() - minutesAgo * 60_000).toISOString()}::text))
      where user_id = ${userId}`,
    );
    afterSessionCache(t);
  };

  it("rejects a session more than 24 hours after sign-in, however active", async () => {
    const user = await signUp(t.app);
    await shiftSession(user.id, "createdAt", 23 * 60);
    expect((await user.get("/api/auth/user")).statusCode).toBe(200);
    await shiftSession(user.id, "createdAt", 24 * 60 + 1);
    const response = await user.get("/api/auth/user");
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: "Not signed in" });
  });

  it("rejects a session idle for longer than the idle timeout (120 minutes by default)", async () => {
    const user = await signUp(t.app);
    await shiftSession(user.id, "lastSeenAt", 119);
    expect((await user.get("/api/auth/user")).statusCode).toBe(200);
    await shiftSession(user.id, "lastSeenAt", 121);
    expect((await user.get("/api/auth/user")).statusCode).toBe(401);
  });
});

describe("a short idle timeout", () => {
  it("keeps a session alive that is used more often than the idle limit", async () => {
    const short = await buildTestApp({ SESSION_IDLE_MINUTES: "1" }, undefined, { sameDatabaseAs: t });
    try {
      const user = await signUp(short.app);
      // Used 45 s after the last request, then again 30 s later: never idle for a minute.
      const stepBack = async (seconds: number) => {
        await queryRows(
          short.database,
          sql`update sessions set sess = jsonb_set(sess, '{lastSeenAt}', to_jsonb(to_char(((sess->>'lastSeenAt')::timestamptz - make_interval(secs => ${seconds}::int)) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
              where user_id = ${user.id}`,
        );
        afterSessionCache(short);
      };
      await stepBack(45);
      expect((await user.get("/api/auth/user")).statusCode).toBe(200);
      await stepBack(30);
      expect((await user.get("/api/auth/user")).statusCode).toBe(200);
      await stepBack(61);
      expect((await user.get("/api/auth/user")).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe("the first visit", () => {
  async function register() {
    const email = uniqueEmail();
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      remoteAddress: uniqueAddress(),
      payload: { email, password: PASSWORD, firstName: "Ana" },
    });
    expect(response.statusCode).toBe(201);
    return { email, response, user: clientFor(t.app, sessionCookie(response)) };
  }

  it("lasts the session a sign-up starts, then ends on every device with the next sign-in", async () => {
    const { email, response, user } = await register();
    expect(response.json()).toMatchObject({ firstName: "Ana", firstVisit: true });
    // Reloads and profile changes are still the first visit; so is a failed sign-in elsewhere.
    expect((await user.get("/api/auth/user")).json()).toMatchObject({ firstVisit: true });
    expect((await user.put("/api/profile", { firstName: "Ana" })).json()).toMatchObject({ firstVisit: true });
    expect((await login(email, "not the password at all", uniqueAddress())).statusCode).toBe(401);
    expect((await user.get("/api/auth/user")).json()).toMatchObject({ firstVisit: true });

    const again = await login(email, PASSWORD, uniqueAddress());
    expect(again.json()).toMatchObject({ firstName: "Ana", firstVisit: false });
    expect((await clientFor(t.app, sessionCookie(again)).get("/api/auth/user")).json()).toMatchObject({
      firstVisit: false,
    });
    // The first device's session goes on, and is no longer the first visit either.
    const firstDevice = await user.get("/api/auth/user");
    expect(firstDevice.json()).toMatchObject({ firstVisit: false });
    expect(Object.keys(firstDevice.json()).sort()).toEqual([
      "childIds",
      "childName",
      "email",
      "emailConfirmed",
      "families",
      "familyId",
      "familyName",
      "feverThresholdC",
      "firstName",
      "firstVisit",
      "id",
      "lastName",
      "profileImageUrl",
      "role",
      "temperatureUnit",
      "timeFormat",
      "timeZone",
    ]);
    expect((await user.put("/api/profile", { firstName: "Ana" })).json()).toMatchObject({
      firstVisit: false,
    });
  });

  it("ends when the account signs out and in again", async () => {
    const { email, user } = await register();
    const out = await t.app.inject({ method: "GET", url: "/api/logout", headers: { cookie: user.cookie } });
    expect(out.statusCode).toBe(302);
    const back = await login(email, PASSWORD, uniqueAddress());
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ firstVisit: false });
  });

  it("records each sign-in on the account, and nothing on another account", async () => {
    const { email, response } = await register();
    const other = await signUp(t.app);
    const signIns = async (id: string) =>
      (
        await queryRows(
          t.database,
          sql`select last_sign_in_at is not null as last, previous_sign_in_at is not null as previous
              from users where id = ${id}`,
        )
      )[0];
    expect(await signIns(response.json().id)).toEqual({ last: true, previous: false });
    await login(email, PASSWORD, uniqueAddress());
    expect(await signIns(response.json().id)).toEqual({ last: true, previous: true });
    expect(await signIns(other.id)).toEqual({ last: true, previous: false });
  });
});

describe("profile and account", () => {
  it("updates the profile with trimmed names and never the email", async () => {
    const user = await signUp(t.app);
    const response = await user.put("/api/profile", {
      firstName: "  Lu ",
      lastName: " Chen  ",
      childName: " Sam ",
      email: "x@y.org",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      firstName: "Lu",
      lastName: "Chen",
      childName: "Sam",
      email: user.email,
    });
  });

  it("deletes the child profile: records and the child's name go, the account stays", async () => {
    const user = await signUp(t.app);
    await user.put("/api/profile", { firstName: "Lu", lastName: "Chen", childName: "Sam" });
    await user.post("/api/care-team", { name: "Dr. Patel", role: "Gastroenterologist" });
    const response = await user.delete("/api/account/child-profile");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: "The child profile and all care records have been deleted." });
    expect((await user.get("/api/care-team")).json()).toEqual([]);
    expect((await user.get("/api/auth/user")).json()).toMatchObject({ childName: null, firstName: "Lu" });
  });

  it("deletes the account with every record and session of that user only", async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    await user.post("/api/care-team", { name: "Dr. Patel", role: "Gastroenterologist" });
    await other.post("/api/care-team", { name: "Nurse Kim", role: "Home nurse" });
    const response = await user.delete("/api/account/user");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: "Your account and all of its data have been deleted." });
    expect((await user.get("/api/auth/user")).statusCode).toBe(401);
    expect((await login(user.email, PASSWORD, "10.3.0.1")).statusCode).toBe(401);
    const left = await queryRows(
      t.database,
      sql`
      select (select count(*) from care_team_members where family_id = ${user.familyId})::int as records,
             (select count(*) from sessions where user_id = ${user.id})::int as sessions,
             (select count(*) from audit_log where family_id = ${user.familyId})::int as audit`,
    );
    expect(left[0]).toEqual({ records: 0, sessions: 0, audit: 0 });
    expect((await other.get("/api/care-team")).json()).toHaveLength(1);
  });
});

describe("closed sign-up", () => {
  it("refuses registration with 403 when ALLOW_SIGNUP=false", async () => {
    const closed = await buildTestApp({ ALLOW_SIGNUP: "false" }, undefined, { sameDatabaseAs: t });
    try {
      const response = await closed.app.inject({
        method: "POST",
        url: "/api/auth/register",
        remoteAddress: uniqueAddress(),
        payload: { email: uniqueEmail(), password: PASSWORD },
      });
      expect(response.statusCode).toBe(403);
      expect((await closed.app.inject({ method: "GET", url: "/api/auth/config" })).json().allowSignup).toBe(
        false,
      );
    } finally {
      await closed.close();
    }
  });

  it("marks the cookie Secure with the __Host- prefix when PUBLIC_URL is https", async () => {
    const secure = await buildTestApp({ PUBLIC_URL: "https://care.example.org" }, undefined, {
      sameDatabaseAs: t,
    });
    try {
      const response = await secure.app.inject({
        method: "POST",
        url: "/api/auth/register",
        remoteAddress: uniqueAddress(),
        payload: { email: uniqueEmail(), password: PASSWORD },
      });
      const cookie = response.cookies.find((c) => c.name === "__Host-sid");
      expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/" });
    } finally {
      await secure.close();
    }
  });
});
