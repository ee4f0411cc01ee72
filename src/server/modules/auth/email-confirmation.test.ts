import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  confirmationToken,
  latestToken,
  mailsTo,
  outboxFiles,
  outboxMessages,
} from "../../../../tests/helpers/mail";
import { portWithNothingListening, startSmtpServer } from "../../../../tests/helpers/smtp-server";
import {
  buildTestApp,
  PASSWORD,
  signUp,
  type TestApp,
  uniqueAddress,
  uniqueEmail,
} from "../../../../tests/helpers/test-app";
import { queryRows } from "../../../../tests/helpers/test-database";
import {
  CONFIRMATION_LIFETIME_MS,
  createEmailConfirmation,
  redeemEmailConfirmation,
} from "./email-confirmation.queries";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const NOT_SENT = "The mail server did not accept the message; nothing was sent. Please try again later.";
const SAVED_IN_OUTBOX =
  "This server has no mail settings, so the confirmation link was saved in the server's mail outbox instead of being sent. The person who runs this server can pass it on to you.";

const confirm = (token: unknown, cookie?: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/email-confirmation/confirm",
    payload: { token },
    ...(cookie ? { headers: { cookie } } : {}),
  });

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const tokenRows = (app: TestApp, userId: string) =>
  queryRows(
    app.database,
    sql`select token_hash, email, used_at, expires_at, created_at from email_confirmations where user_id = ${userId} order by created_at`,
  );

describe("confirming the email address of a new account", () => {
  it("sends a link at sign-up that confirms the address, signed out as well as in", async () => {
    const user = await signUp(t.app);
    expect((await user.get("/api/auth/user")).json()).toMatchObject({
      email: user.email,
      emailConfirmed: false,
    });
    const [mail, ...more] = mailsTo(await outboxMessages(t.dataDir), user.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe("Confirm your email address for Medical Care Tracker");
    // No text the person typed (their name) opens the message.
    expect(mail!.text).toMatch(/^Hello,\n\nSomeone, probably you, created a Medical Care Tracker account/);
    expect(mail!.text).not.toContain("Maria");
    const token = confirmationToken(mail!)!;
    // 32 random bytes (256 bits), in base64url.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail!.text).toContain(`http://localhost/confirm-email?token=${token}`);

    // Only the token's SHA-256 is stored: a copy of the table confirms nothing.
    const [row] = await tokenRows(t, user.id);
    expect(row).toMatchObject({ token_hash: sha256(token), email: user.email, used_at: null });
    expect(JSON.stringify(await tokenRows(t, user.id))).not.toContain(token);
    const lifetime =
      new Date(row!.expires_at as string).getTime() - new Date(row!.created_at as string).getTime();
    expect(lifetime).toBe(48 * 60 * 60 * 1000);

    const response = await confirm(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: "Thank you: your email address is confirmed." });
    expect((await user.get("/api/auth/user")).json()).toMatchObject({ emailConfirmed: true });
  });

  it("confirms when opened signed in, even as another account: the link's account is the one confirmed", async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const token = latestToken(await outboxMessages(t.dataDir), user.email);
    expect((await confirm(token, other.cookie)).statusCode).toBe(200);
    expect((await user.get("/api/auth/user")).json().emailConfirmed).toBe(true);
    expect((await other.get("/api/auth/user")).json().emailConfirmed).toBe(false);
  });

  it("uses each link once", async () => {
    const user = await signUp(t.app);
    const token = latestToken(await outboxMessages(t.dataDir), user.email);
    expect((await confirm(token)).statusCode).toBe(200);
    const again = await confirm(token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message:
        "This link has already been used. If your email address is not confirmed yet, ask for a new link in Settings.",
    });
  });

  it("refuses a link past its 48 hours, and says so", async () => {
    const user = await signUp(t.app);
    const token = latestToken(await outboxMessages(t.dataDir), user.email);
    // The link as it would be 48 hours and a second later.
    await t.database.db.execute(
      sql`update email_confirmations set expires_at = now() - interval '1 second' where user_id = ${user.id}`,
    );
    const response = await confirm(token);
    expect(response.statusCode).toBe(410);
    expect(response.json()).toEqual({
      message: "This link has expired: links work for 48 hours. Sign in and ask for a new link in Settings.",
    });
    expect((await user.get("/api/auth/user")).json().emailConfirmed).toBe(false);
  });

  it("counts the 48 hours from when the link was made", async () => {
    const user = await signUp(t.app);
    const made = new Date("2026-03-01T08:00:00Z");
    const late = await createEmailConfirmation(t.database.db, { userId: user.id, email: user.email }, made);
    const inTime = await createEmailConfirmation(t.database.db, { userId: user.id, email: user.email }, made);
    const madePlus = (ms: number) => new Date(made.getTime() + ms);
    expect(
      await redeemEmailConfirmation(t.database.db, late.token, madePlus(CONFIRMATION_LIFETIME_MS + 1000)),
    ).toBe("expired");
    expect(
      await redeemEmailConfirmation(t.database.db, inTime.token, madePlus(CONFIRMATION_LIFETIME_MS - 1000)),
    ).toBe("confirmed");
    expect(CONFIRMATION_LIFETIME_MS).toBe(48 * 60 * 60 * 1000);
  });

  it("answers an unknown or malformed link with 404 and confirms nothing", async () => {
    const user = await signUp(t.app);
    const token = latestToken(await outboxMessages(t.dataDir), user.email);
    const changed = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const wrong of [changed, "x", "a".repeat(500)]) {
      const response = await confirm(wrong);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        message:
          "This link is not valid. Check that you opened the whole link from the email, or ask for a new one in Settings.",
      });
    }
    expect((await confirm(undefined)).statusCode).toBe(400);
    expect((await confirm(42)).statusCode).toBe(400);
    expect((await user.get("/api/auth/user")).json().emailConfirmed).toBe(false);
  });

  it("lets only one of two simultaneous uses of a link succeed", async () => {
    const user = await signUp(t.app);
    const token = latestToken(await outboxMessages(t.dataDir), user.email);
    const answers = await Promise.all([confirm(token), confirm(token), confirm(token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
  });
});

describe("sending the link again", () => {
  it("sends a new link, up to 3 an hour per account, then answers 429 with Retry-After", async () => {
    const user = await signUp(t.app);
    for (let i = 0; i < 3; i++) {
      const response = await user.post("/api/auth/email-confirmation");
      expect({ i, status: response.statusCode, body: response.json() }).toEqual({
        i,
        status: 200,
        body: { message: SAVED_IN_OUTBOX },
      });
      expect(response.body).not.toContain(t.dataDir);
    }
    const refused = await user.post("/api/auth/email-confirmation");
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(3500);
    expect(refused.json()).toEqual({
      message:
        "You have asked for 3 confirmation links in the last hour. Please wait 60 minutes and try again.",
    });
    // The sign-up's link and three more: the newest works.
    const mails = mailsTo(await outboxMessages(t.dataDir), user.email);
    expect(mails).toHaveLength(4);
    expect((await confirm(latestToken(mails, user.email))).statusCode).toBe(200);
    expect((await user.get("/api/auth/user")).json().emailConfirmed).toBe(true);
  });

  it("does not send a link to an address already confirmed", async () => {
    const user = await signUp(t.app);
    await confirm(latestToken(await outboxMessages(t.dataDir), user.email));
    const response = await user.post("/api/auth/email-confirmation");
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: "Your email address is already confirmed." });
    expect(mailsTo(await outboxMessages(t.dataDir), user.email)).toHaveLength(1);
  });

  it("mails no link to a public host the request named itself, without PUBLIC_URL", async () => {
    // A confirmed address lets its account accept invitations sent to it: a link to another site
    // would hand that to whoever runs the site.
    const email = uniqueEmail();
    const registered = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { host: "care.evil.example" },
      payload: { email, password: PASSWORD },
      remoteAddress: uniqueAddress(),
    });
    expect(registered.statusCode).toBe(201);
    const cookie = registered.cookies.find((c) => c.name === "sid")!;
    const again = await t.app.inject({
      method: "POST",
      url: "/api/auth/email-confirmation",
      headers: { host: "care.evil.example", cookie: `sid=${cookie.value}` },
    });
    expect(again.statusCode).toBe(503);
    expect(again.json()).toEqual({
      message:
        "This server does not know its own address, so it cannot send links. Ask whoever runs it to set PUBLIC_URL.",
    });
    expect(mailsTo(await outboxMessages(t.dataDir), email)).toEqual([]);
  });

  it("needs a signed-in account", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/auth/email-confirmation", payload: {} });
    expect(response.statusCode).toBe(401);
  });
});

describe("links through a mail server", () => {
  it("sends the link through SMTP, to PUBLIC_URL's address", async () => {
    const smtp = await startSmtpServer();
    const app = await buildTestApp({ ...smtp.env, PUBLIC_URL: "https://care.example.org" });
    try {
      const user = await signUp(app.app);
      expect(smtp.received).toHaveLength(1);
      const token = confirmationToken(smtp.received[0]!)!;
      expect(smtp.received[0]!.text).toContain(`https://care.example.org/confirm-email?token=${token}`);
      const again = await user.post("/api/auth/email-confirmation");
      expect(again.json()).toEqual({
        message: `We sent a new confirmation link to ${user.email}. It works for 48 hours.`,
      });
      expect(smtp.received).toHaveLength(2);
    } finally {
      await app.close();
      await smtp.close();
    }
  });

  it("answers 503 when the mail server refuses, keeps no link, and does not count the attempt", async () => {
    const smtp = await startSmtpServer();
    const app = await buildTestApp(smtp.env);
    try {
      smtp.refuse(true);
      // The account is made even when its link cannot be sent: it can ask again from Settings.
      const user = await signUp(app.app);
      expect((await user.get("/api/auth/user")).json()).toMatchObject({ emailConfirmed: false });
      expect(await tokenRows(app, user.id)).toEqual([]);
      for (let i = 0; i < 4; i++) {
        const response = await user.post("/api/auth/email-confirmation");
        expect({ i, status: response.statusCode, body: response.json() }).toEqual({
          i,
          status: 503,
          body: { message: NOT_SENT },
        });
      }
      expect(await tokenRows(app, user.id)).toEqual([]);
      expect(outboxFiles(app.dataDir)).toEqual([]);
      smtp.refuse(false);
      for (let i = 0; i < 3; i++)
        expect((await user.post("/api/auth/email-confirmation")).statusCode).toBe(200);
      expect((await user.post("/api/auth/email-confirmation")).statusCode).toBe(429);
      expect(smtp.received).toHaveLength(3);
    } finally {
      await app.close();
      await smtp.close();
    }
  });

  it("answers 503 when nothing listens at the mail server's address", async () => {
    const port = await portWithNothingListening();
    const app = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "care@example.org" });
    try {
      const email = uniqueEmail();
      const signUpResponse = await app.app.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: { email, password: PASSWORD },
        remoteAddress: uniqueAddress(),
      });
      expect(signUpResponse.statusCode).toBe(201);
      expect(signUpResponse.json()).toMatchObject({ email, emailConfirmed: false });
      const user = await signUp(app.app);
      const response = await user.post("/api/auth/email-confirmation");
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: NOT_SENT });
      expect(await tokenRows(app, user.id)).toEqual([]);
      expect(outboxFiles(app.dataDir)).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
