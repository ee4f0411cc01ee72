import { sign } from "@fastify/cookie";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildTestApp,
  PASSWORD,
  signUp,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import { MAX_FAILURES } from "./login-limit.queries";

/**
 * A browser that has signed in to an account keeps a device cookie, and its sign-in attempts are
 * limited on their own, so a stranger's guesses cannot lock the parent out (OWASP, "Slow Down
 * Online Guessing Attacks with Device Cookies"; docs/decisions/0005).
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let addresses = 0;
/** An address no other test uses (each test's stranger and parent have their own). */
const address = () => {
  addresses += 1;
  return `10.31.${addresses >> 8}.${addresses & 255}`;
};

const login = (email: string, password: string, ip: string, cookie?: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password },
    remoteAddress: ip,
    ...(cookie ? { headers: { cookie } } : {}),
  });

const DEVICE_COOKIES = ["device", "__Host-device"];

/** A Cookie header as the browser sends it (the value as the server encoded it in Set-Cookie). */
const cookieHeader = (name: string, value: string) => `${name}=${encodeURIComponent(value)}`;

/** The name and (decoded) value of a response's device cookie. */
function deviceCookieOf(response: LightMyRequestResponse) {
  const cookie = response.cookies.find((c) => DEVICE_COOKIES.includes(c.name));
  if (!cookie) throw new Error(`no device cookie in response ${response.statusCode}: ${response.body}`);
  return cookie;
}

/** A response's device cookie as the browser sends it back. */
const deviceCookie = (response: LightMyRequestResponse) => {
  const { name, value } = deviceCookieOf(response);
  return cookieHeader(name, value);
};

/** Signs in from a browser of the account's owner and returns the device cookie it keeps. */
async function trustedBrowser(user: TestUser): Promise<string> {
  const response = await login(user.email, PASSWORD, address());
  expect(response.statusCode).toBe(200);
  return deviceCookie(response);
}

/** A stranger makes MAX_FAILURES wrong guesses: the account is now locked for any browser without a device cookie. */
async function lockOut(user: TestUser) {
  const stranger = address();
  for (let i = 0; i < MAX_FAILURES; i++) {
    expect((await login(user.email, `stranger's guess ${i}`, stranger)).statusCode).toBe(401);
  }
  const refused = await login(user.email, PASSWORD, address());
  expect(refused.statusCode).toBe(429);
  expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
}

const statuses = (responses: { statusCode: number }[]) => {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
};

describe("device cookies", () => {
  it("let a browser that signed in before sign in while a stranger has locked the account", async () => {
    const user = await signUp(t.app);
    const device = await trustedBrowser(user);
    await lockOut(user);
    const back = await login(user.email, PASSWORD, address(), device);
    expect(back.statusCode).toBe(200);
    expect(back.json().email).toBe(user.email);
    // The account starts afresh: the stranger's failures are gone.
    expect((await login(user.email, "a new guess", address())).statusCode).toBe(401);
  });

  it("are given at sign-in and sign-up: HttpOnly, SameSite=Lax, for a year, signed", async () => {
    const user = await signUp(t.app);
    const response = await login(user.email, PASSWORD, address());
    const cookie = response.cookies.find((c) => c.name === "device");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/", maxAge: 365 * 24 * 60 * 60 });
    expect(cookie?.secure).toBeFalsy();
    // The account it names, a random nonce (128 bits), and the server's signature (HMAC-SHA256).
    expect(cookie?.value).toMatch(new RegExp(`^${user.id}\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9+/]{43}$`));
    expect(response.json()).not.toHaveProperty("device");

    const register = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { email: `device-${user.email}`, password: PASSWORD },
      remoteAddress: address(),
    });
    expect(register.statusCode).toBe(201);
    expect(deviceCookieOf(register).value.startsWith(`${register.json().id}.`)).toBe(true);
    // Signing in again from the same browser keeps its device cookie, renewed for a year.
    const again = await login(user.email, PASSWORD, address(), deviceCookie(response));
    expect(deviceCookie(again)).toBe(deviceCookie(response));
  });

  it("still refuse a stranger without one after MAX_FAILURES, however many guesses arrive at once", async () => {
    const user = await signUp(t.app);
    const device = await trustedBrowser(user);
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login(user.email, `stranger's guess ${i}`, `10.32.0.${i}`)),
    );
    // Every 401 is a password that was checked; the rest were refused before any check.
    expect(statuses(responses)).toEqual({ 401: MAX_FAILURES, 429: 100 - MAX_FAILURES });
    const refused = responses.find((r) => r.statusCode === 429)!;
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/Too many failed sign-in attempts/);
    expect((await login(user.email, PASSWORD, "10.32.1.1")).statusCode).toBe(429);
    expect((await login(user.email, PASSWORD, "10.32.1.1", device)).statusCode).toBe(200);
  });

  it("give nothing when forged, tampered with, or made for another account", async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const own = deviceCookieOf(await login(user.email, PASSWORD, address()));
    const others = deviceCookieOf(await login(other.email, PASSWORD, address()));
    await lockOut(user);

    const [, otherNonce, otherSignature] = others.value.split(".") as [string, string, string];
    const [userId, nonce, signature] = own.value.split(".") as [string, string, string];
    expect(userId).toBe(user.id);
    /** One character of `text` changed. */
    const changed = (text: string) => `${text[0] === "A" ? "B" : "A"}${text.slice(1)}`;
    const attempts = {
      "another account's": others.value,
      "another account's, renamed": `${user.id}.${otherNonce}.${otherSignature}`,
      unsigned: `${user.id}.${nonce}`,
      "signed with another secret": sign(`${user.id}.${nonce}`, "a secret that is not the server's at all"),
      "with its signature changed": `${user.id}.${nonce}.${changed(signature)}`,
      "with its nonce changed": `${user.id}.${changed(nonce)}.${signature}`,
    };
    for (const [kind, value] of Object.entries(attempts)) {
      const response = await login(user.email, PASSWORD, address(), cookieHeader(own.name, value));
      expect({ kind, status: response.statusCode }).toEqual({ kind, status: 429 });
    }
    expect((await login(user.email, PASSWORD, address(), cookieHeader(own.name, own.value))).statusCode).toBe(
      200,
    );
  });

  it("are locked out by their own failures, one browser at a time", async () => {
    const user = await signUp(t.app);
    const device = await trustedBrowser(user);
    const otherBrowser = await trustedBrowser(user);
    await lockOut(user);
    const ip = address();
    // The account is locked for strangers, but this browser's guesses are counted on its own.
    for (let i = 0; i < MAX_FAILURES; i++) {
      expect((await login(user.email, `a typo ${i}`, ip, device)).statusCode).toBe(401);
    }
    // Now it is a stranger like any other, and the account is locked for strangers.
    const refused = await login(user.email, PASSWORD, ip, device);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // The parent's other browser is not affected.
    expect((await login(user.email, PASSWORD, ip, otherBrowser)).statusCode).toBe(200);
  });

  it("count a browser's failures neither against its address nor against the account", async () => {
    const user = await signUp(t.app);
    const device = await trustedBrowser(user);
    const ip = address();
    for (let i = 0; i < MAX_FAILURES; i++) {
      expect((await login(user.email, `a typo ${i}`, ip, device)).statusCode).toBe(401);
    }
    // Neither the address nor the account has used any of its allowance.
    const neighbour = await signUp(t.app);
    expect((await login(neighbour.email, PASSWORD, ip)).statusCode).toBe(200);
    const stranger = address();
    for (let i = 0; i < MAX_FAILURES; i++) {
      expect((await login(user.email, `stranger's guess ${i}`, stranger)).statusCode).toBe(401);
    }
  });

  it("start a browser afresh when it signs in: its failures are cleared", async () => {
    const user = await signUp(t.app);
    const device = await trustedBrowser(user);
    const ip = address();
    for (let i = 0; i < MAX_FAILURES - 1; i++) {
      expect((await login(user.email, `a typo ${i}`, ip, device)).statusCode).toBe(401);
    }
    expect((await login(user.email, PASSWORD, ip, device)).statusCode).toBe(200);
    await lockOut(user);
    // A full allowance again: had the typos stayed, the second of these would fall back to the locked account.
    const after = [];
    for (let i = 0; i < MAX_FAILURES; i++) {
      after.push((await login(user.email, `a typo ${i}`, ip, device)).statusCode);
    }
    expect(after).toEqual(Array(MAX_FAILURES).fill(401));
    expect((await login(user.email, PASSWORD, ip, device)).statusCode).toBe(429);
  });

  it("let a stolen one check at most its own allowance and the strangers', however many guesses arrive at once", async () => {
    const user = await signUp(t.app);
    const device = await trustedBrowser(user);
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login(user.email, `thief's guess ${i}`, `10.33.0.${i}`, device)),
    );
    expect(statuses(responses)).toEqual({ 401: 2 * MAX_FAILURES, 429: 100 - 2 * MAX_FAILURES });
  });

  it("are Secure with the __Host- prefix when PUBLIC_URL is https", async () => {
    const secure = await buildTestApp({ PUBLIC_URL: "https://care.example.org" }, undefined, {
      sameDatabaseAs: t,
    });
    try {
      const user = await signUp(secure.app);
      const response = await secure.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: user.email, password: PASSWORD },
        remoteAddress: address(),
      });
      expect(response.statusCode).toBe(200);
      const cookie = response.cookies.find((c) => c.name === "__Host-device");
      expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/" });
      expect(response.cookies.find((c) => c.name === "device")).toBeUndefined();
    } finally {
      await secure.close();
    }
  });
});
