import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildTestApp,
  PASSWORD,
  signUp,
  type TestApp,
  uniqueEmail,
} from "../../../../tests/helpers/test-app";
import { MAX_FAILURES } from "./login-limit.queries";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const login = (app: TestApp, email: string, password: string, ip: string, headers = {}) =>
  app.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password },
    remoteAddress: ip,
    headers,
  });

const statuses = (responses: { statusCode: number }[]) => {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
};

/** Requests sent at once: six times the allowance is a burst; 300 proved no more and took 5 times as long. */
const AT_ONCE = 6 * MAX_FAILURES;

describe("sign-in limits under parallel requests", () => {
  it("checks at most 10 passwords of one account, however many arrive at once", async () => {
    const user = await signUp(t.app);
    const responses = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) =>
        login(t, user.email, `wrong password ${i}`, `10.20.${i >> 8}.${i & 255}`),
      ),
    );
    // Every 401 is a password that was checked; the rest were refused before any check.
    expect(statuses(responses)).toEqual({ 401: MAX_FAILURES, 429: AT_ONCE - MAX_FAILURES });
    const blocked = responses.find((r) => r.statusCode === 429)!;
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    // Even the right password is refused until the window has passed.
    expect((await login(t, user.email, PASSWORD, "10.21.0.1")).statusCode).toBe(429);
  });

  it("checks at most 10 passwords from one address, across accounts", async () => {
    const responses = await Promise.all(
      Array.from({ length: AT_ONCE }, () => login(t, uniqueEmail(), "wrong password here", "10.22.0.1")),
    );
    expect(statuses(responses)).toEqual({ 401: MAX_FAILURES, 429: AT_ONCE - MAX_FAILURES });
  });

  it("lets a person sign in after a few typos, and a success clears the account's count", async () => {
    const user = await signUp(t.app);
    for (let i = 0; i < MAX_FAILURES - 1; i++)
      expect((await login(t, user.email, "typo typo typo", "10.23.0.1")).statusCode).toBe(401);
    expect((await login(t, user.email, PASSWORD, "10.23.0.1")).statusCode).toBe(200);
    // The account starts afresh: a full allowance of failures (each from an address of its own,
    // so only the account's count is in play) before it is refused. Had the typos stayed, the
    // second of these would be refused.
    const after = [];
    for (let i = 0; i < MAX_FAILURES + 1; i++)
      after.push((await login(t, user.email, "typo typo typo", `10.23.1.${i}`)).statusCode);
    expect(after).toEqual([...Array(MAX_FAILURES).fill(401), 429]);
  });
});

describe("sign-up limit", () => {
  it("refuses the 11th sign-up from one address within the hour with 429, without hashing its password", async () => {
    const counted = await buildTestApp();
    try {
      const register = (ip: string) =>
        counted.app.inject({
          method: "POST",
          url: "/api/auth/register",
          payload: { email: uniqueEmail(), password: PASSWORD },
          remoteAddress: ip,
        });
      const responses = await Promise.all(Array.from({ length: 30 }, () => register("10.24.0.1")));
      expect(statuses(responses)).toEqual({ 201: 10, 429: 20 });
      expect(counted.hashes()).toBe(10);
      const refused = responses.find((r) => r.statusCode === 429)!;
      expect(refused.json().message).toBe("Too many new accounts from this address. Please try again later.");
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect((await register("10.24.0.2")).statusCode).toBe(201);
    } finally {
      await counted.close();
    }
  });

  it("does not hash the password of an email that already has an account", async () => {
    const user = await signUp(t.app);
    const before = t.hashes();
    const again = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { email: user.email, password: PASSWORD },
      remoteAddress: "10.25.0.1",
    });
    expect(again.statusCode).toBe(409);
    expect(t.hashes()).toBe(before);
  });
});

describe("forwarded addresses", () => {
  const rotate = async (app: TestApp) => {
    const responses = [];
    for (let i = 0; i < MAX_FAILURES + 1; i++) {
      responses.push(
        await login(app, uniqueEmail(), "wrong password here", "192.0.2.10", {
          "x-forwarded-for": `198.51.100.${i}`,
        }),
      );
    }
    return responses.map((r) => r.statusCode);
  };

  it("are ignored unless TRUST_PROXY says so, even with PUBLIC_URL set", async () => {
    const app = await buildTestApp({ PUBLIC_URL: "https://care.example.org" });
    try {
      expect((await rotate(app)).at(-1)).toBe(429);
    } finally {
      await app.close();
    }
  });

  it("pick the client address behind a trusted proxy (TRUST_PROXY=1)", async () => {
    const app = await buildTestApp({ PUBLIC_URL: "https://care.example.org", TRUST_PROXY: "1" });
    try {
      expect((await rotate(app)).at(-1)).toBe(401);
    } finally {
      await app.close();
    }
  });
});
