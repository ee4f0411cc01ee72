import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { mailsTo, outboxMessages } from "../../../../tests/helpers/mail";
import { createSoftPasskey, type SoftPasskey } from "../../../../tests/helpers/passkey-authenticator";
import {
  buildTestApp,
  clientFor,
  sessionCookie,
  signUp,
  type TestApp,
  type TestUser,
  uniqueAddress,
} from "../../../../tests/helpers/test-app";
import { queryRows } from "../../../../tests/helpers/test-database";
import { CHALLENGE_LIFETIME_MS } from "./passkeys.routes";

/**
 * The origin the app sees for injected requests (no PUBLIC_URL: the request's host, `localhost:80`,
 * read as a browser writes its origin: without the scheme's default port).
 */
const ORIGIN = "http://localhost";
const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

let t: TestApp;
beforeAll(async () => {
  // Starts a session for any account, as the OpenID Connect callback does after its provider.
  t = await buildTestApp({}, (app) => {
    app.get("/test-sign-in", async (request, reply) => {
      await reply.signIn((request.query as { id: string }).id);
      return reply.send({ ok: true });
    });
  });
});
afterAll(() => t.close());

/** Adds a new software passkey to `user`'s account through the two registration routes. */
async function addPasskey(user: TestUser, userAgent = PHONE, device?: object): Promise<SoftPasskey> {
  const passkey = createSoftPasskey(ORIGIN);
  const options = await user.post("/api/auth/passkeys/registration/options");
  expect(options.statusCode).toBe(200);
  const body = options.json();
  expect(body.authenticatorSelection).toMatchObject({
    residentKey: "required",
    userVerification: "preferred",
  });
  const verify = await t.app.inject({
    method: "POST",
    url: "/api/auth/passkeys/registration/verify",
    headers: { cookie: user.cookie, "user-agent": userAgent },
    payload: { response: passkey.register(body), ...(device ? { device } : {}) },
  });
  expect(verify.statusCode).toBe(201);
  return passkey;
}

async function authenticationOptions() {
  const response = await t.app.inject({ method: "POST", url: "/api/auth/passkeys/authentication/options" });
  expect(response.statusCode).toBe(200);
  return response.json() as { challenge: string; rpId: string; allowCredentials?: unknown[] };
}

const verifySignIn = (answer: unknown, remoteAddress = uniqueAddress()) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/passkeys/authentication/verify",
    payload: { response: answer },
    remoteAddress,
  });

describe("passkeys", () => {
  it("adds a passkey named by its device, and signs in with it without an email", async () => {
    const user = await signUp(t.app);
    const passkey = await addPasskey(user);
    const list = (await user.get("/api/auth/passkeys")).json();
    expect(list).toEqual([
      { id: expect.any(String), name: "Safari on iPhone", createdAt: expect.any(String), lastUsedAt: null },
    ]);

    const options = await authenticationOptions();
    // Discoverable credentials: the browser offers its own passkeys, nobody names an account.
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.rpId).toBe("localhost");
    const response = await verifySignIn(passkey.authenticate(options));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, email: user.email });
    const signedIn = clientFor(t.app, sessionCookie(response));
    expect((await signedIn.get("/api/auth/user")).json()).toMatchObject({ id: user.id });
    const [used] = (await user.get("/api/auth/passkeys")).json();
    expect(used.lastUsedAt).not.toBeNull();
    // The account's address is told: a passkey signs in without the password.
    const notice = await vi.waitFor(
      async () => {
        const [mail] = mailsTo(await outboxMessages(t.dataDir), user.email).filter((m) =>
          m.subject?.includes("passkey was added"),
        );
        expect(mail).toBeDefined();
        return mail!;
      },
      { timeout: 5000, interval: 20 },
    );
    expect(notice.subject).toBe("A passkey was added to your Medical Care Tracker account");
    expect(notice.text).toContain(
      "a passkey was added to your account. It signs in without your password. Settings lists your passkeys, and removes one you do not know.",
    );
  });

  it("names a passkey by the phone's model the page reads from the browser's client hints", async () => {
    const user = await signUp(t.app);
    const android =
      "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
    await addPasskey(user, android, { platform: "Android", model: "Pixel 7", mobile: true });
    const [passkey] = (await user.get("/api/auth/passkeys")).json();
    expect(passkey.name).toBe("Chrome on Pixel 7");
  });

  it("uses a challenge once, and not after it expired", async () => {
    const user = await signUp(t.app);
    const passkey = await addPasskey(user);
    const options = await authenticationOptions();
    expect((await verifySignIn(passkey.authenticate(options))).statusCode).toBe(200);
    // The same challenge again: refused, even signed anew.
    const replay = await verifySignIn(passkey.authenticate(options));
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toMatch(/did not sign you in/);

    const late = await authenticationOptions();
    t.clock.advance(CHALLENGE_LIFETIME_MS + 1000);
    expect((await verifySignIn(passkey.authenticate(late))).statusCode).toBe(401);
  });

  it("refuses an answer signed by another key or for another site", async () => {
    const user = await signUp(t.app);
    const passkey = await addPasskey(user);
    const options = await authenticationOptions();
    const forged = passkey.authenticate(options);
    const other = createSoftPasskey(ORIGIN);
    other.register({ challenge: "x", rp: {}, user: { id: "eA" } });
    const otherAnswer = other.authenticate(options);
    // The other key's signature under this passkey's id.
    expect(
      (
        await verifySignIn({
          ...forged,
          response: { ...forged.response, signature: otherAnswer.response.signature },
        })
      ).statusCode,
    ).toBe(401);
    const elsewhere = createSoftPasskey("https://evil.example");
    const elsewhereOptions = await authenticationOptions();
    const phished = passkey.authenticate(elsewhereOptions);
    const evilClientData = Buffer.from(
      JSON.stringify({
        type: "webauthn.get",
        challenge: elsewhereOptions.challenge,
        origin: "https://evil.example",
      }),
    ).toString("base64url");
    expect(
      (await verifySignIn({ ...phished, response: { ...phished.response, clientDataJSON: evilClientData } }))
        .statusCode,
    ).toBe(401);
    expect(elsewhere.id).not.toBe(passkey.id);
  });

  it("answers an unknown passkey 401 and counts it against the address like a sign-in", async () => {
    const stranger = createSoftPasskey(ORIGIN);
    stranger.register({ challenge: "x", rp: {}, user: { id: "eA" } });
    const address = "10.77.0.1";
    for (let i = 0; i < 10; i++) {
      const response = await verifySignIn(stranger.authenticate(await authenticationOptions()), address);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toMatch(/not known here/);
    }
    const user = await signUp(t.app);
    const passkey = await addPasskey(user);
    const blocked = await verifySignIn(passkey.authenticate(await authenticationOptions()), address);
    expect(blocked.statusCode).toBe(429);
  });

  it("signs in the account whichever way it was made: an OpenID Connect account too", async () => {
    const [row] = await queryRows(
      t.database,
      sql`insert into users (oidc_issuer, oidc_subject, first_name) values ('https://id.example', 'sub-1', 'Pat') returning id`,
    );
    const id = row!.id as string;
    const start = await t.app.inject({ method: "GET", url: "/api/auth/user" });
    expect(start.statusCode).toBe(401);
    const session = await t.app.inject({ method: "GET", url: `/test-sign-in?id=${id}` });
    const user = clientFor(t.app, sessionCookie(session), id);
    const passkey = await addPasskey(user);
    const response = await verifySignIn(passkey.authenticate(await authenticationOptions()));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, firstName: "Pat" });
  });

  it("renames and removes a passkey, only the account's own", async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const passkey = await addPasskey(user);
    const [row] = (await user.get("/api/auth/passkeys")).json();
    expect((await other.patch(`/api/auth/passkeys/${row.id}`, { name: "Mine" })).statusCode).toBe(404);
    expect((await other.delete(`/api/auth/passkeys/${row.id}`)).statusCode).toBe(404);
    const renamed = await user.patch(`/api/auth/passkeys/${row.id}`, { name: "  Maria's phone " });
    expect(renamed.json()).toMatchObject({ name: "Maria's phone" });
    expect((await user.patch(`/api/auth/passkeys/${row.id}`, { name: " " })).statusCode).toBe(400);
    expect((await user.delete(`/api/auth/passkeys/${row.id}`)).statusCode).toBe(204);
    expect((await user.get("/api/auth/passkeys")).json()).toEqual([]);
    const response = await verifySignIn(passkey.authenticate(await authenticationOptions()));
    expect(response.statusCode).toBe(401);
  });

  it("adds passkeys only for a signed-in person", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/auth/passkeys/registration/options" });
    expect(response.statusCode).toBe(401);
  });
});

describe("passkeys on a bare address", () => {
  it("says that passkeys need the server's name, not an address like 127.0.0.1", async () => {
    const user = await signUp(t.app);
    for (const url of [
      "/api/auth/passkeys/registration/options",
      "/api/auth/passkeys/authentication/options",
    ]) {
      const response = await t.app.inject({
        method: "POST",
        url,
        headers: { host: "127.0.0.1:3960", cookie: user.cookie, origin: "http://127.0.0.1:3960" },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        "Passkeys need this server's name, not its address (127.0.0.1). Open it at http://localhost:3960 on the server itself, or at the name set in PUBLIC_URL.",
      );
    }
  });
});
