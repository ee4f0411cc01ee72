import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invite, markEmailConfirmed } from "../../../../tests/helpers/family";
import { latestToken, outboxMessages } from "../../../../tests/helpers/mail";
import { addChild } from "../../../../tests/helpers/owned-crud-contract";
import { buildTestApp, signUp, type TestApp } from "../../../../tests/helpers/test-app";
import { queryRows } from "../../../../tests/helpers/test-database";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("invitations", () => {
  it("are links of at least 128 random bits, stored hashed, shown once and listed while pending", async () => {
    const owner = await signUp(t.app, { lastName: "Okafor" });
    const sent = await invite(owner, { role: "viewer" });
    expect(sent.url).toMatch(/\/join\?token=[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(sent.token, "base64url").length * 8).toBeGreaterThanOrEqual(128);
    const stored = await queryRows(t.database, sql`select * from family_invitations where id = ${sent.id}`);
    expect(JSON.stringify(stored)).not.toContain(sent.token);
    const pending = (await owner.get("/api/family/invitations")).json();
    expect(pending).toEqual([expect.objectContaining({ id: sent.id, role: "viewer", email: sent.email })]);
    expect(JSON.stringify(pending)).not.toContain(sent.token);
    // Opening it, signed out, says only who invites, to what role: whoever holds the link learns
    // neither the family's name, nor the inviter's full name, the invitee's address or the children.
    await addChild(owner, "Zuri");
    const preview = await t.app.inject({
      method: "POST",
      url: "/api/invitations/preview",
      payload: { token: sent.token },
    });
    expect(preview.json()).toEqual({ invitedByName: "Maria", role: "viewer", expiresAt: sent.expiresAt });
    for (const secret of ["Okafor", sent.email, "Zuri"]) expect(preview.body).not.toContain(secret);
  });

  it("needs a signed-in person to accept, and works once", async () => {
    const owner = await signUp(t.app);
    const { token, email } = await invite(owner);
    const signedOut = await t.app.inject({
      method: "POST",
      url: "/api/invitations/accept",
      payload: { token },
    });
    expect(signedOut.statusCode).toBe(401);
    const first = await signUp(t.app, { email });
    await markEmailConfirmed(t, first);
    expect((await first.post("/api/invitations/accept", { token })).statusCode).toBe(200);
    const second = await signUp(t.app);
    const reused = await second.post("/api/invitations/accept", { token });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(
      "This invitation has already been used. Ask the family for a new one if you need it.",
    );
    expect((await first.post("/api/invitations/accept", { token })).statusCode).toBe(409);
    expect((await owner.get("/api/family/invitations")).json()).toEqual([]);
    expect((await owner.get("/api/family/members")).json()).toHaveLength(2);
  });

  it("refuses a revoked, an expired and a guessed link, each with a clear message, and joins nobody", async () => {
    const owner = await signUp(t.app);
    const revoked = await invite(owner);
    expect((await owner.delete(`/api/family/invitations/${revoked.id}`)).statusCode).toBe(204);
    expect((await owner.delete(`/api/family/invitations/${revoked.id}`)).statusCode).toBe(404);
    const expiring = await invite(owner);
    const answer = async (token: string) => {
      // Somebody who signs up when the link arrives (a week is past a session's day).
      const person = await signUp(t.app);
      const response = await person.post("/api/invitations/accept", { token });
      return [response.statusCode, response.json().message];
    };
    expect(await answer(revoked.token)).toEqual([
      410,
      "This invitation was withdrawn by the family. Ask them for a new one if you need it.",
    ]);
    t.clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
    expect(await answer(expiring.token)).toEqual([
      410,
      "This invitation has expired: invitations work for 7 days. Ask the family for a new one.",
    ]);
    expect(await answer("not-a-real-token")).toEqual([
      404,
      "This invitation link is not valid. Check that you opened the whole link, or ask the family for a new one.",
    ]);
    const [members] = await queryRows(
      t.database,
      sql`select count(*)::int as n from family_members where family_id = ${owner.familyId}`,
    );
    expect(members).toEqual({ n: 1 });
    // Another family's owner cannot revoke a family's invitation.
    const again = await signUp(t.app);
    const other = await signUp(t.app);
    const pending = await invite(again);
    expect((await other.delete(`/api/family/invitations/${pending.id}`)).statusCode).toBe(404);
  });

  it("joins only the account with the invited address, once it is confirmed; another account asks the owner, who may let it in", async () => {
    const owner = await signUp(t.app);
    const sam = await addChild(owner, "Sam");
    const sent = await invite(owner, { role: "caregiver", childIds: [sam] });
    const members = async () => (await owner.get("/api/family/members")).json() as { userId: string }[];

    // Reported: an invitation to X accepted by a signed-in Y joined Y with the role and children.
    const other = await signUp(t.app, { firstName: "Yan", lastName: "Other" });
    await markEmailConfirmed(t, other);
    const refused = await other.post("/api/invitations/accept", { token: sent.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message:
        "This invitation was sent to another email address. Sign in with the account that uses it, or ask the family's owner to let this account join.",
    });

    // The invited address, not yet confirmed: confirmed through its link, then accepted.
    const invited = await signUp(t.app, { email: sent.email });
    const unconfirmed = await invited.post("/api/invitations/accept", { token: sent.token });
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.json()).toEqual({
      message: `Confirm your email address first: open the link we sent to ${sent.email}, then accept again.`,
    });
    expect(await members()).toHaveLength(1);
    const confirmed = await t.app.inject({
      method: "POST",
      url: "/api/auth/email-confirmation/confirm",
      payload: { token: latestToken(await outboxMessages(t.dataDir), sent.email) },
    });
    expect(confirmed.statusCode).toBe(200);
    const accepted = await invited.post("/api/invitations/accept", { token: sent.token });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ familyId: owner.familyId, role: "caregiver" });

    // Another invitation, asked for by another account: the owner sees who and lets them in.
    const second = await invite(owner, { role: "viewer" });
    const asked = await other.post("/api/invitations/request", { token: second.token });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({
      message:
        "Your request is with Maria, who sees it on the family's page and can let this account join. Once they do, the family is in your list of families.",
    });
    const pending = (await owner.get("/api/family/invitations")).json();
    expect(pending).toEqual([
      expect.objectContaining({
        id: second.id,
        email: second.email,
        requestedByName: "Yan Other",
        requestedByEmail: other.email,
      }),
    ]);
    // Nobody asked with the first one (used) or a fresh one: nothing to let in.
    const fresh = await invite(owner);
    expect((await owner.post(`/api/family/invitations/${fresh.id}/approve`)).statusCode).toBe(409);
    const approved = await owner.post(`/api/family/invitations/${second.id}/approve`);
    expect(approved.statusCode).toBe(204);
    const joined = (await members()).find((m) => m.userId === other.id);
    expect(joined).toMatchObject({ role: "viewer", childIds: null });
    expect((await other.get("/api/auth/user")).json().families).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: owner.familyId, role: "viewer" })]),
    );
    // The link is used: it lets nobody else in, the address it was sent to included.
    const late = await signUp(t.app, { email: second.email });
    await markEmailConfirmed(t, late);
    expect((await late.post("/api/invitations/accept", { token: second.token })).statusCode).toBe(409);
    expect((await owner.get("/api/family/invitations")).json().map((i: { id: string }) => i.id)).toEqual([
      fresh.id,
    ]);
  });

  it("is saved in the outbox without mail settings when the owner's address is confirmed, and is never mailed otherwise", async () => {
    const owner = await signUp(t.app);
    const unconfirmed = await invite(owner);
    expect(unconfirmed.delivery).toBe("none");
    await queryRows(t.database, sql`update users set confirmed_email = email where id = ${owner.id}`);
    const mailed = await invite(owner);
    expect(mailed.delivery).toBe("outbox");
  });
});
