import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildTestApp,
  PASSWORD,
  signUp,
  type TestApp,
  uniqueAddress,
  uniqueEmail,
} from "../../../../tests/helpers/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ SESSION_IDLE_MINUTES: "120" });
});
afterAll(() => t.close());

const MINUTE = 60 * 1000;

describe("where sign-in lands (local accounts)", () => {
  it("passes a path of this site on to the sign-in form", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/login?next=%2Ftpn%3Flog%3Dtoday" });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/?signin=1&next=%2Ftpn%3Flog%3Dtoday");
  });

  it.each([
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "javascript:alert(1)",
    "/\n/evil.example",
  ])("refuses a next of %j: the sign-in form goes to the dashboard", async (next) => {
    const response = await t.app.inject({
      method: "GET",
      url: `/api/login?next=${encodeURIComponent(next)}`,
    });
    expect(response.statusCode).toBe(302);
    const location = response.headers.location as string;
    expect(location.startsWith("/?signin=1")).toBe(true);
    expect(location).not.toContain("evil");
  });
});

/** The `session_ended` cookie an answer set, or undefined. */
const endedCookie = (response: { cookies: { name: string; value: string }[] }) =>
  response.cookies.find((c) => c.name === "session_ended" && c.value)?.value;

describe("saying why a session ended", () => {
  it("tells an idle session from one signed out", async () => {
    const user = await signUp(t.app);
    t.clock.advance(121 * MINUTE);
    const response = await user.get("/api/auth/user");
    expect(response.statusCode).toBe(401);
    expect(endedCookie(response)).toBe("idle-120");
    const cookie = response.cookies.find((c) => c.name === "session_ended")!;
    // The page reads it: not HttpOnly.
    expect(cookie.httpOnly).toBeFalsy();

    const other = await signUp(t.app);
    await other.get("/api/logout");
    expect(endedCookie(await other.get("/api/auth/user"))).toBeUndefined();
  });

  it("says the 24-hour limit ended a session, also once the browser dropped its cookie", async () => {
    const user = await signUp(t.app);
    for (let hour = 0; hour < 24; hour++) {
      t.clock.advance(60 * MINUTE);
      if (hour < 23) expect((await user.get("/api/auth/user")).statusCode).toBe(200);
    }
    const response = await user.get("/api/auth/user");
    expect(response.statusCode).toBe(401);
    expect(endedCookie(response)).toBe("absolute");

    const signUpResponse = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { email: uniqueEmail(), password: PASSWORD },
      remoteAddress: uniqueAddress(),
    });
    const started = signUpResponse.cookies.find((c) => c.name === "session_started")!;
    t.clock.advance(24 * 60 * MINUTE + MINUTE);
    // The browser dropped the session cookie at its 24 hours: only the session's start is left.
    const dropped = await t.app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: `session_started=${started.value}` },
    });
    expect(dropped.statusCode).toBe(401);
    expect(endedCookie(dropped)).toBe("absolute");
  });

  it("forgets why at the next sign-in", async () => {
    const user = await signUp(t.app);
    t.clock.advance(121 * MINUTE);
    const ended = await user.get("/api/auth/user");
    expect(endedCookie(ended)).toBe("idle-120");
    const again = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: user.email, password: PASSWORD },
      headers: { cookie: "session_ended=idle-120" },
    });
    expect(again.statusCode).toBe(200);
    expect(again.cookies.find((c) => c.name === "session_ended")).toMatchObject({ value: "" });
  });
});
