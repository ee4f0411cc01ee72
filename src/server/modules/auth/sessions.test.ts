import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeToken, tokenClient } from "../../../../tests/helpers/api-tokens";
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
import { queryRows } from "../../../../tests/helpers/test-database";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const MAC_SAFARI =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
const MINUTE = 60 * 1000;

/** The person signs in again on another device: a browser of `userAgent`, from `address`. */
async function signInOn(
  app: FastifyInstance,
  user: TestUser,
  userAgent: string,
  address = uniqueAddress(),
  headers: Record<string, string> = {},
): Promise<TestUser> {
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email: user.email, password: PASSWORD },
    headers: { "user-agent": userAgent, ...headers },
    remoteAddress: address,
  });
  expect(response.statusCode, response.body).toBe(200);
  return clientFor(app, sessionCookie(response), user.id, user.email, user.familyId);
}

/** A person signed in on a phone and on a laptop (and on the browser that made the account). */
async function personOnTwoDevices() {
  const first = await signUp(t.app);
  const phone = await signInOn(t.app, first, ANDROID_CHROME, "10.9.0.1");
  const laptop = await signInOn(t.app, first, MAC_SAFARI, "10.9.0.2");
  return { first, phone, laptop };
}

async function devices(user: TestUser) {
  const response = await user.get("/api/auth/sessions");
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    id: string;
    browser: string | null;
    device: string | null;
    ip: string | null;
    signedInAt: string;
    lastUsedAt: string;
    current: boolean;
  }[];
}

describe("the signed-in devices", () => {
  it("lists each with its browser, system, address and times, this device first and marked", async () => {
    const { first, phone, laptop } = await personOnTwoDevices();
    const listed = await devices(phone);
    expect(listed).toHaveLength(3);
    const now = t.clock.now().toISOString();
    expect(listed[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      browser: "Chrome",
      device: "Android phone",
      ip: "10.9.0.1",
      signedInAt: now,
      lastUsedAt: now,
      current: true,
    });
    expect(listed.slice(1)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ browser: "Safari", device: "Mac", ip: "10.9.0.2", current: false }),
        // The test's own requests name no known browser.
        expect.objectContaining({ browser: null, device: null, current: false }),
      ]),
    );
    // Seen from the laptop, the laptop is this device.
    expect((await devices(laptop)).find((d) => d.current)).toMatchObject({
      browser: "Safari",
      device: "Mac",
    });
    expect((await devices(first)).filter((d) => d.current)).toHaveLength(1);

    // Neither a cookie's token nor the key the server keeps of it is in the list.
    const body = (await phone.get("/api/auth/sessions")).body;
    const kept = await queryRows(
      t.database,
      sql`select sid from sessions where user_id = ${phone.id} and expire > now() - interval '1 day'`,
    );
    expect(kept.length).toBeGreaterThanOrEqual(3);
    for (const row of kept) expect(body).not.toContain(String(row.sid));
    for (const user of [first, phone, laptop]) expect(body).not.toContain(user.cookie.split("=")[1]);
  });

  it("writes 'last used' at most once a minute, not at every request", async () => {
    const { phone, laptop } = await personOnTwoDevices();
    const signedInAt = t.clock.now().toISOString();
    const laptopIn = async () => (await devices(phone)).find((d) => d.browser === "Safari")!;
    t.clock.advance(30 * 1000);
    expect((await laptop.get("/api/auth/user")).statusCode).toBe(200);
    // Used 30 seconds later: not written yet (the session itself is no less alive).
    expect((await laptopIn()).lastUsedAt).toBe(signedInAt);
    t.clock.advance(40 * 1000);
    expect((await laptop.get("/api/auth/user")).statusCode).toBe(200);
    const used = await laptopIn();
    expect(used.lastUsedAt).toBe(t.clock.now().toISOString());
    expect(used.signedInAt).toBe(signedInAt);
  });

  it("signs one device out: its next request answers 401 at once, and it leaves the list", async () => {
    const { phone, laptop } = await personOnTwoDevices();
    // The laptop's session is in this process's memory (it was just used).
    expect((await laptop.get("/api/auth/user")).statusCode).toBe(200);
    const laptopId = (await devices(phone)).find((d) => d.browser === "Safari")!.id;
    const ended = await phone.delete(`/api/auth/sessions/${laptopId}`);
    expect(ended.statusCode).toBe(204);
    expect((await laptop.get("/api/auth/user")).statusCode).toBe(401);
    expect((await laptop.get("/api/notes")).statusCode).toBe(401);
    expect((await devices(phone)).map((d) => d.id)).not.toContain(laptopId);
    expect((await phone.get("/api/auth/user")).statusCode).toBe(200);
    // Once ended, it is gone.
    expect((await phone.delete(`/api/auth/sessions/${laptopId}`)).statusCode).toBe(404);
  });

  it("cannot end another person's session (404), which stays signed in", async () => {
    const { phone } = await personOnTwoDevices();
    const other = await signUp(t.app);
    const theirs = (await devices(other))[0]!.id;
    const refused = await phone.delete(`/api/auth/sessions/${theirs}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: "Session not found" });
    expect((await other.get("/api/auth/user")).statusCode).toBe(200);
    expect((await devices(other)).map((d) => d.id)).toEqual([theirs]);
    // Not an id at all: the same answer.
    expect((await phone.delete("/api/auth/sessions/not-an-id")).statusCode).toBe(404);
  });

  it("signs out everywhere else and keeps this device", async () => {
    const { first, phone, laptop } = await personOnTwoDevices();
    const response = await phone.post("/api/auth/sessions/sign-out-others");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ signedOut: 2 });
    expect((await laptop.get("/api/auth/user")).statusCode).toBe(401);
    expect((await first.get("/api/auth/user")).statusCode).toBe(401);
    expect((await phone.get("/api/auth/user")).statusCode).toBe(200);
    expect(await devices(phone)).toEqual([expect.objectContaining({ browser: "Chrome", current: true })]);
  });

  it("signs this device out when it names itself", async () => {
    const { phone, laptop } = await personOnTwoDevices();
    const own = (await devices(phone)).find((d) => d.current)!.id;
    const response = await phone.delete(`/api/auth/sessions/${own}`);
    expect(response.statusCode).toBe(204);
    expect(response.cookies.find((c) => c.name === "sid")?.value).toBe("");
    expect((await phone.get("/api/auth/user")).statusCode).toBe(401);
    expect((await laptop.get("/api/auth/user")).statusCode).toBe(200);
  });

  it("lists only sessions still alive", async () => {
    const { laptop } = await personOnTwoDevices();
    // The idle limit (120 minutes) passes for every device; the laptop is used again before it does.
    t.clock.advance(100 * MINUTE);
    expect((await laptop.get("/api/auth/user")).statusCode).toBe(200);
    t.clock.advance(30 * MINUTE);
    expect(await devices(laptop)).toEqual([expect.objectContaining({ browser: "Safari", current: true })]);
  });

  it("is the person's own: an API token can neither list nor end sessions (403)", async () => {
    const { phone, laptop } = await personOnTwoDevices();
    const laptopId = (await devices(phone)).find((d) => d.browser === "Safari")!.id;
    const program = tokenClient(t.app, (await makeToken(phone)).token);
    expect((await program.get("/api/auth/sessions")).statusCode).toBe(403);
    expect((await program.delete(`/api/auth/sessions/${laptopId}`)).statusCode).toBe(403);
    expect((await program.post("/api/auth/sessions/sign-out-others")).statusCode).toBe(403);
    expect((await laptop.get("/api/auth/user")).statusCode).toBe(200);
  });
});

describe("the address of a signed-in device", () => {
  it("is the client's behind a trusted proxy (TRUST_PROXY), the proxy's otherwise", async () => {
    const proxied = await buildTestApp({ TRUST_PROXY: "1" }, undefined, { sameDatabaseAs: t });
    try {
      const user = await signUp(proxied.app);
      const forwarded = { "x-forwarded-for": "203.0.113.7" };
      const behind = await signInOn(proxied.app, user, ANDROID_CHROME, "10.9.1.1", forwarded);
      expect((await devices(behind)).find((d) => d.current)?.ip).toBe("203.0.113.7");
      // Whatever a proxy forwards, the sign-in works (an address is kept to 64 characters).
      const odd = await signInOn(proxied.app, user, ANDROID_CHROME, "10.9.1.3", {
        "x-forwarded-for": "x".repeat(300),
      });
      expect((await devices(odd)).find((d) => d.current)?.ip).toBe("x".repeat(64));
      // Without TRUST_PROXY, the header is anyone's to write: the connection's address is kept.
      const direct = await signInOn(t.app, user, ANDROID_CHROME, "10.9.1.2", forwarded);
      expect((await devices(direct)).find((d) => d.current)?.ip).toBe("10.9.1.2");
    } finally {
      await proxied.close();
    }
  });
});
