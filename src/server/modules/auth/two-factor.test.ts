import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { joinFamily } from "../../../../tests/helpers/family";
import { mailsTo, outboxMessages } from "../../../../tests/helpers/mail";
import { createSoftPasskey } from "../../../../tests/helpers/passkey-authenticator";
import {
  buildTestApp,
  clientFor,
  PASSWORD,
  sessionCookie,
  signUp,
  type TestApp,
  type TestUser,
} from "../../../../tests/helpers/test-app";
import { queryRows } from "../../../../tests/helpers/test-database";
import { MAX_FAILURES } from "./login-limit.queries";
import { createPasswordReset } from "./password-reset";
import { PENDING_SIGN_IN_MS } from "./pending-sign-in";

/**
 * Two-factor sign-in for local accounts: set up in Settings with the app's first code, a code after
 * the password at every sign-in (TOTP, RFC 6238: this step and one either side, each step once),
 * ten single-use recovery codes, the code limited like a password, turned off with a code or the
 * password, and the owner seeing who uses it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const STEP_MS = 30_000;

let addresses = 0;
/** An address no other test uses. */
const address = () => {
  addresses += 1;
  return `10.47.${addresses >> 8}.${addresses & 255}`;
};

/** The code an authenticator app holding `secret` shows `steps` periods from the app's clock. */
const codeOf = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: t.clock.now().getTime() + steps * STEP_MS });

/** The cookies a response set, as the browser sends them back. */
const cookiesOf = (response: LightMyRequestResponse, ...names: string[]) =>
  response.cookies
    .filter((c) => names.includes(c.name))
    .map((c) => `${c.name}=${encodeURIComponent(c.value)}`)
    .join("; ");

/** A browser: its address and the cookies it keeps (the device cookie after a sign-in). */
interface Browser {
  ip: string;
  device?: string;
}

const passwordStep = (email: string, password: string, browser: Browser) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password },
    remoteAddress: browser.ip,
    ...(browser.device ? { headers: { cookie: browser.device } } : {}),
  });

/** The second step, with the pending sign-in the first one left (and the browser's device cookie). */
const codeStep = (pending: LightMyRequestResponse, code: string, browser: Browser) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/login/two-factor",
    payload: { code },
    remoteAddress: browser.ip,
    headers: {
      cookie: [cookiesOf(pending, "two_factor"), browser.device].filter(Boolean).join("; "),
    },
  });

/** Signs in with the password and then `code`; returns the code step's answer. */
async function signIn(user: TestUser, code: string, browser: Browser = { ip: address() }) {
  const first = await passwordStep(user.email, PASSWORD, browser);
  expect(first.statusCode).toBe(202);
  return codeStep(first, code, browser);
}

/** Turns two factors on for `user` as Settings does; the clock then moves on past the code used. */
async function turnOn(user: TestUser) {
  const setup = await user.post("/api/auth/two-factor/setup");
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json() as { secret: string; uri: string };
  const enabled = await user.post("/api/auth/two-factor/enable", {
    code: codeOf(secret),
    password: PASSWORD,
  });
  expect(enabled.statusCode).toBe(200);
  t.clock.advance(3 * STEP_MS);
  return { secret, recoveryCodes: enabled.json().recoveryCodes as string[] };
}

describe("two-factor sign-in", () => {
  it("is set up with the QR code's secret and the app's first code, then asks for a code after the password", async () => {
    const user = await signUp(t.app);
    expect((await user.get("/api/auth/two-factor")).json()).toEqual({
      state: "off",
      enabledAt: null,
      recoveryCodesLeft: null,
    });

    const setup = await user.post("/api/auth/two-factor/setup");
    expect(setup.statusCode).toBe(200);
    const { secret, uri } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const link = new URL(uri);
    expect(link.protocol).toBe("otpauth:");
    expect(link.searchParams.get("secret")).toBe(secret);
    expect(link.searchParams.get("issuer")).toBe("Medical Care Tracker");
    expect(decodeURIComponent(link.pathname)).toContain(user.email);
    // Until the first code confirms it, the password alone still signs in.
    expect((await passwordStep(user.email, PASSWORD, { ip: address() })).statusCode).toBe(200);

    const wrongCode = await user.post("/api/auth/two-factor/enable", {
      code: codeOf(secret, 3),
      password: PASSWORD,
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().issues).toEqual([{ path: "code", message: expect.any(String) }]);
    const wrongPassword = await user.post("/api/auth/two-factor/enable", {
      code: codeOf(secret),
      password: "not my password at all",
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().issues).toEqual([{ path: "password", message: expect.any(String) }]);

    const enabled = await user.post("/api/auth/two-factor/enable", {
      code: codeOf(secret),
      password: PASSWORD,
    });
    expect(enabled.statusCode).toBe(200);
    const { recoveryCodes } = enabled.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-z]{4}(-[0-9a-z]{4}){3}$/);
    expect((await user.get("/api/auth/two-factor")).json()).toEqual({
      state: "on",
      enabledAt: t.clock.now().toISOString(),
      recoveryCodesLeft: 10,
    });
    expect((await user.post("/api/auth/two-factor/setup")).statusCode).toBe(409);

    // The right password starts no session and earns no device cookie: the code comes next.
    const browser = { ip: address() };
    const first = await passwordStep(user.email, PASSWORD, browser);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ twoFactor: "required", message: expect.stringContaining("code") });
    expect(first.cookies.map((c) => c.name)).toEqual(["two_factor"]);
    expect(first.cookies[0]).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });
    const half = await t.app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: cookiesOf(first, "two_factor") },
    });
    expect(half.statusCode).toBe(401);

    // The code used to turn it on cannot sign in (its step is used); the next one can.
    expect((await codeStep(first, codeOf(secret), browser)).statusCode).toBe(401);
    t.clock.advance(STEP_MS);
    const signedIn = await codeStep(first, codeOf(secret), browser);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ id: user.id, email: user.email });
    expect(signedIn.cookies.map((c) => c.name)).toEqual(expect.arrayContaining(["sid", "device"]));
    const session = clientFor(t.app, sessionCookie(signedIn));
    expect((await session.get("/api/auth/user")).statusCode).toBe(200);
    // The pending sign-in is spent with it.
    expect(signedIn.cookies.find((c) => c.name === "two_factor")?.value).toBe("");
  });

  it("takes the current code and one step either side, each step once and never an earlier one", async () => {
    const user = await signUp(t.app);
    const { secret } = await turnOn(user);

    const tooLate = await signIn(user, codeOf(secret, 2));
    expect(tooLate.statusCode).toBe(401);
    expect(tooLate.json().message).toBe("This code is not right. Check the code in your app and try again.");
    expect((await signIn(user, codeOf(secret, -1))).statusCode).toBe(200);
    expect((await signIn(user, codeOf(secret, 1))).statusCode).toBe(200);
    // A code seen over a shoulder: used already, within its window.
    const replayed = await signIn(user, codeOf(secret, 1));
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().message).toBe("This code was used already. Wait for the next code in your app.");
    // The current step comes before the one just used: refused too.
    expect((await signIn(user, codeOf(secret))).statusCode).toBe(401);
    t.clock.advance(2 * STEP_MS);
    expect((await signIn(user, codeOf(secret))).statusCode).toBe(200);
    // Typed with a space, as some apps show it.
    t.clock.advance(STEP_MS);
    const spaced = codeOf(secret);
    expect((await signIn(user, `${spaced.slice(0, 3)} ${spaced.slice(3)}`)).statusCode).toBe(200);
  });

  it("signs in with a recovery code once, written in any case, with or without its dashes", async () => {
    const user = await signUp(t.app);
    const { recoveryCodes } = await turnOn(user);
    const [first, second] = recoveryCodes as [string, string];

    expect((await signIn(user, first)).statusCode).toBe(200);
    const again = await signIn(user, first);
    expect(again.statusCode).toBe(401);
    expect((await user.get("/api/auth/two-factor")).json().recoveryCodesLeft).toBe(9);
    expect((await signIn(user, second.replaceAll("-", "").toUpperCase())).statusCode).toBe(200);
    expect((await signIn(user, "0000-0000-0000-0000")).statusCode).toBe(401);
    expect((await user.get("/api/auth/two-factor")).json().recoveryCodesLeft).toBe(8);

    // New codes replace every old one, used or not; they need a code or the password.
    expect((await user.post("/api/auth/two-factor/recovery-codes", {})).statusCode).toBe(400);
    const renewed = await user.post("/api/auth/two-factor/recovery-codes", { password: PASSWORD });
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json().recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[2]);
    expect((await signIn(user, recoveryCodes[2]!)).statusCode).toBe(401);
    expect((await signIn(user, fresh[0]!)).statusCode).toBe(200);
  });

  it("limits wrong codes like passwords, while the parent's own browser still signs in", async () => {
    const user = await signUp(t.app);
    const { secret } = await turnOn(user);
    // The parent's phone signed in before (password and code): it keeps a device cookie.
    const phone: Browser = { ip: address() };
    const known = await signIn(user, codeOf(secret), phone);
    expect(known.statusCode).toBe(200);
    phone.device = cookiesOf(known, "device");
    t.clock.advance(STEP_MS);

    // Someone who knows the password guesses codes from their own browser.
    const stranger: Browser = { ip: address() };
    const pending = await passwordStep(user.email, PASSWORD, stranger);
    expect(pending.statusCode).toBe(202);
    expect(pending.cookies.some((c) => c.name === "device")).toBe(false);
    for (let i = 0; i < MAX_FAILURES; i++) {
      const guess = String((Number(codeOf(secret)) + 1 + i) % 1_000_000).padStart(6, "0");
      expect((await codeStep(pending, guess, stranger)).statusCode).toBe(401);
    }
    // Counted before the code is checked: now even the right code is refused, and so is the
    // password from any browser the account does not know.
    const limited = await codeStep(pending, codeOf(secret), stranger);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect((await passwordStep(user.email, PASSWORD, { ip: address() })).statusCode).toBe(429);

    // The parent's phone is counted on its own (docs/decisions/0005).
    const back = await signIn(user, codeOf(secret), phone);
    expect(back.statusCode).toBe(200);
    expect(back.json().id).toBe(user.id);
  });

  it("forgets a sign-in left at the code for ten minutes, or whose password changed meanwhile", async () => {
    const user = await signUp(t.app);
    const { secret } = await turnOn(user);
    const browser = { ip: address() };

    const slow = await passwordStep(user.email, PASSWORD, browser);
    t.clock.advance(PENDING_SIGN_IN_MS + 1000);
    const expired = await codeStep(slow, codeOf(secret), browser);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toContain("Enter your email and password again");

    const pending = await passwordStep(user.email, PASSWORD, browser);
    const changed = await user.post("/api/auth/password", {
      currentPassword: PASSWORD,
      newPassword: "a new password for the test",
    });
    expect(changed.statusCode).toBe(200);
    expect((await codeStep(pending, codeOf(secret), browser)).statusCode).toBe(401);

    // No pending sign-in at all, or a forged one.
    const none = await t.app.inject({
      method: "POST",
      url: "/api/auth/login/two-factor",
      payload: { code: codeOf(secret) },
      headers: { cookie: `two_factor=${user.id}.${Date.now() + 60_000}.forged` },
    });
    expect(none.statusCode).toBe(401);
  });

  it("is turned off with a code or the password, never with nothing or a wrong one", async () => {
    const user = await signUp(t.app);
    const { secret } = await turnOn(user);

    expect((await user.post("/api/auth/two-factor/disable", {})).statusCode).toBe(400);
    const wrongPassword = await user.post("/api/auth/two-factor/disable", { password: "a wrong password!" });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().issues).toEqual([{ path: "password", message: expect.any(String) }]);
    const wrongCode = await user.post("/api/auth/two-factor/disable", { code: codeOf(secret, 5) });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().issues).toEqual([{ path: "code", message: expect.any(String) }]);
    expect((await passwordStep(user.email, PASSWORD, { ip: address() })).statusCode).toBe(202);

    const off = await user.post("/api/auth/two-factor/disable", { code: codeOf(secret) });
    expect(off.statusCode).toBe(200);
    expect((await user.get("/api/auth/two-factor")).json().state).toBe("off");
    expect((await passwordStep(user.email, PASSWORD, { ip: address() })).statusCode).toBe(200);
    expect((await user.post("/api/auth/two-factor/disable", { password: PASSWORD })).statusCode).toBe(409);

    // And with the password, once on again.
    await turnOn(user);
    expect((await user.post("/api/auth/two-factor/disable", { password: PASSWORD })).statusCode).toBe(200);
    expect((await passwordStep(user.email, PASSWORD, { ip: address() })).statusCode).toBe(200);
  });

  it("tells the account's address when it is turned on or off, and signs out the other devices when turned on", async () => {
    const user = await signUp(t.app);
    const first = await passwordStep(user.email, PASSWORD, { ip: address() });
    expect(first.statusCode).toBe(200);
    const other = clientFor(t.app, sessionCookie(first), user.id, user.email);
    expect((await other.get("/api/auth/user")).statusCode).toBe(200);

    const { secret } = await turnOn(user);
    // This browser stays signed in; the other one signs in again, now with a code.
    expect((await user.get("/api/auth/user")).statusCode).toBe(200);
    expect((await other.get("/api/auth/user")).statusCode).toBe(401);
    const notices = async (count: number) =>
      vi.waitFor(
        async () => {
          const mails = mailsTo(await outboxMessages(t.dataDir), user.email).filter((m) =>
            m.subject?.startsWith("Two-factor sign-in is"),
          );
          expect(mails).toHaveLength(count);
          return mails;
        },
        { timeout: 5000, interval: 20 },
      );
    const [on] = await notices(1);
    expect(on!.subject).toBe("Two-factor sign-in is on for your Medical Care Tracker account");
    expect(on!.text).toMatch(
      /^On \w{3} \d{1,2}, \d{4} \d\d:\d\d \(UTC\), two-factor sign-in was turned on for your account\. Every sign-in now asks for a code from your authenticator app, and your other devices were signed out\.$/m,
    );

    expect((await user.post("/api/auth/two-factor/disable", { code: codeOf(secret) })).statusCode).toBe(200);
    const [, off] = await notices(2);
    expect(off!.subject).toBe("Two-factor sign-in is off for your Medical Care Tracker account");
    expect(off!.text).toContain(
      "two-factor sign-in was turned off for your account. Your password alone now signs you in.",
    );
  });

  it("stays on after a password reset by email", async () => {
    const user = await signUp(t.app);
    const { secret } = await turnOn(user);
    const link = await createPasswordReset(t.database.db, user.id, t.clock.now());
    const newPassword = "chosen from the reset link";
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/auth/password-reset/confirm",
      payload: { token: link.token, newPassword },
      remoteAddress: address(),
    });
    expect(reset.statusCode).toBe(200);

    const browser = { ip: address() };
    const first = await passwordStep(user.email, newPassword, browser);
    expect(first.statusCode).toBe(202);
    expect((await codeStep(first, codeOf(secret), browser)).statusCode).toBe(200);
  });

  it("keeps the secret sealed: the database alone makes no codes, and recovery codes outlive a new server key", async () => {
    const user = await signUp(t.app);
    const { secret, recoveryCodes } = await turnOn(user);
    const rows = await queryRows(
      t.database,
      sql`select secret from two_factor_secrets where user_id = ${user.id}`,
    );
    const stored = String(rows[0]?.secret);
    const bytes = Buffer.from(Secret.fromBase32(secret).buffer);
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(bytes.toString("base64url"));
    expect(stored).not.toContain(bytes.toString("hex"));
    const codes = await queryRows(
      t.database,
      sql`select code_hash from two_factor_recovery_codes where user_id = ${user.id}`,
    );
    expect(codes).toHaveLength(10);
    for (const code of recoveryCodes) {
      expect(JSON.stringify(codes)).not.toContain(code.replaceAll("-", ""));
    }

    // The same database under another SESSION_SECRET: the app's codes cannot be checked, and it
    // says so; a recovery code still signs in.
    const other = await buildTestApp({}, undefined, { sameDatabaseAs: t });
    try {
      const signInThere = async (code: string) => {
        const first = await other.app.inject({
          method: "POST",
          url: "/api/auth/login",
          payload: { email: user.email, password: PASSWORD },
          remoteAddress: address(),
        });
        expect(first.statusCode).toBe(202);
        return other.app.inject({
          method: "POST",
          url: "/api/auth/login/two-factor",
          payload: { code },
          headers: { cookie: cookiesOf(first, "two_factor") },
          remoteAddress: address(),
        });
      };
      const unreadable = await signInThere(codeOf(secret));
      expect(unreadable.statusCode).toBe(401);
      expect(unreadable.json().message).toContain("Use one of your recovery codes");
      expect((await signInThere(recoveryCodes[0]!)).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it("lets a passkey that checked who holds it sign in alone, and asks one that did not for the code", async () => {
    const user = await signUp(t.app);
    const { secret } = await turnOn(user);
    const passkey = createSoftPasskey("http://localhost");
    const options = (await user.post("/api/auth/passkeys/registration/options")).json();
    const added = await user.post("/api/auth/passkeys/registration/verify", {
      response: passkey.register(options),
    });
    expect(added.statusCode).toBe(201);

    const withPasskey = async (verified: boolean) => {
      const asked = await t.app.inject({ method: "POST", url: "/api/auth/passkeys/authentication/options" });
      return t.app.inject({
        method: "POST",
        url: "/api/auth/passkeys/authentication/verify",
        payload: { response: passkey.authenticate(asked.json(), { verified }) },
        remoteAddress: address(),
      });
    };
    const verified = await withPasskey(true);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().id).toBe(user.id);

    const browser = { ip: address() };
    const touched = await withPasskey(false);
    expect(touched.statusCode).toBe(202);
    expect(touched.cookies.map((c) => c.name)).toEqual(["two_factor"]);
    const done = await codeStep(touched, codeOf(secret), browser);
    expect(done.statusCode).toBe(200);
    expect(done.json().id).toBe(user.id);
  });

  it("shows the family's owner which members sign in with two factors", async () => {
    const owner = await signUp(t.app);
    const member = await joinFamily(t, owner, { firstName: "Grace" });
    const before = (await owner.get("/api/family/members")).json() as {
      userId: string;
      twoFactor: boolean;
    }[];
    expect(before.map((m) => m.twoFactor)).toEqual([false, false]);

    await turnOn(member);
    const after = (await owner.get("/api/family/members")).json() as { userId: string; twoFactor: boolean }[];
    expect(after.find((m) => m.userId === member.id)?.twoFactor).toBe(true);
    expect(after.find((m) => m.userId === owner.id)?.twoFactor).toBe(false);
    // Only the owner reads the members.
    expect((await member.get("/api/family/members")).statusCode).toBe(403);
  });
});
