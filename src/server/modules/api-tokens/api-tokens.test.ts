import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeToken, tokenClient } from "../../../../tests/helpers/api-tokens";
import { joinFamily } from "../../../../tests/helpers/family";
import { addChild } from "../../../../tests/helpers/owned-crud-contract";
import {
  buildTestApp,
  PASSWORD,
  signUp,
  type TestApp,
  uniqueAddress,
} from "../../../../tests/helpers/test-app";
import { queryRows } from "../../../../tests/helpers/test-database";
import { MAX_FAILURES } from "../auth/login-limit.queries";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const TOKEN = /^mct_[0-9a-f]{32}_[A-Za-z0-9_-]{43}$/;

/** A family with two children, each with a medication. */
async function family() {
  const owner = await signUp(t.app, { timeZone: "America/Chicago" });
  const sam = await addChild(owner, "Sam");
  const ana = await addChild(owner, "Ana");
  const medication = async (childId: string, name: string) =>
    (
      await owner.post("/api/medications", {
        childId,
        name,
        dosage: "5 mL",
        frequency: "Daily",
        scheduleKind: "times",
        scheduleTimes: "08:00",
      })
    ).json().id as string;
  return { owner, sam, ana, samIron: await medication(sam, "Iron"), anaZinc: await medication(ana, "Zinc") };
}

const dose = (medicationId: string) => ({ medicationId, givenAt: t.clock.now().toISOString() });

async function rows(query: ReturnType<typeof sql>) {
  return queryRows(t.database, query);
}

describe("making a personal API token", () => {
  it("shows its secret once, keeps only its hash, and lists it without the secret", async () => {
    const { owner, sam } = await family();
    const created = await owner.post("/api/api-tokens", {
      name: "  Home Assistant  ",
      mode: "write",
      childIds: [sam],
    });
    expect(created.statusCode).toBe(201);
    const token = created.json();
    expect(token).toMatchObject({
      name: "Home Assistant",
      mode: "write",
      familyId: owner.familyId,
      familyName: "The Lopez family",
      timeZone: "America/Chicago",
      children: [{ id: sam, name: "Sam" }],
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(token.token).toMatch(TOKEN);
    expect(token.token).toContain(token.id.replaceAll("-", ""));
    // 90 days by default.
    expect(Date.parse(token.expiresAt) - Date.parse(token.createdAt)).toBe(90 * DAY);

    const listed = await owner.get("/api/api-tokens");
    expect(listed.statusCode).toBe(200);
    const { token: text, ...shown } = token;
    expect(listed.json()).toEqual([shown]);
    const secret = text.slice(-43);
    expect(listed.body).not.toContain(secret);
    const [stored] = await rows(sql`select secret_hash from api_tokens where id = ${token.id}`);
    expect(stored!.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(secret);
  });

  it("needs a name, lasts at most a year, and is limited only to children the person sees", async () => {
    const { owner } = await family();
    const other = await family();
    const refused = async (body: Record<string, unknown>) => {
      const response = await owner.post("/api/api-tokens", { name: "Script", mode: "read", ...body });
      return { status: response.statusCode, body: response.json() };
    };
    expect(await refused({ name: "   " })).toMatchObject({
      status: 400,
      body: { issues: [{ path: "name", message: "Name is required" }] },
    });
    expect(await refused({ name: "x".repeat(61) })).toMatchObject({
      status: 400,
      body: { issues: [{ path: "name", message: "Name must be at most 60 characters" }] },
    });
    expect(await refused({ expiresInDays: 366 })).toMatchObject({
      status: 400,
      body: { issues: [{ path: "expiresInDays", message: "A token lasts at most 365 days (one year)" }] },
    });
    expect(await refused({ mode: "admin" })).toMatchObject({ status: 400 });
    expect(await refused({ childIds: [other.sam] })).toMatchObject({ status: 404 });
    const year = await makeToken(owner, { expiresInDays: 365 });
    expect(Date.parse(year.expiresAt) - Date.parse(year.createdAt)).toBe(365 * DAY);
    expect((await owner.get("/api/api-tokens")).json()).toHaveLength(1);
  });
});

describe("a request sent with a token", () => {
  it("logs a dose as the person, and the family sees it was by the token", async () => {
    const { owner, samIron } = await family();
    const { token } = await makeToken(owner, { name: "Home Assistant" });
    const program = tokenClient(t.app, token);
    const logged = await program.post("/api/medication-doses", dose(samIron));
    expect(logged.statusCode, logged.body).toBe(201);
    expect(logged.json()).toMatchObject({
      medicationId: samIron,
      createdBy: owner.id,
      updatedBy: owner.id,
      createdByName: "Maria Lopez",
    });
    const [activity] = (await owner.get("/api/dashboard/activity")).json();
    expect(activity).toMatchObject({
      action: "create",
      entity: "medication_dose",
      actorId: owner.id,
      viaToken: "Home Assistant",
    });
    // What the person does in the app is theirs alone.
    await owner.post("/api/medication-doses", { ...dose(samIron), confirm: true });
    const [mine] = (await owner.get("/api/dashboard/activity")).json();
    expect(mine.viaToken).toBeNull();
  });

  it("of a read-only token reads, and every change is refused with 403", async () => {
    const { owner, samIron } = await family();
    const { token } = await makeToken(owner, { mode: "read" });
    const program = tokenClient(t.app, token);
    expect((await program.get("/api/medications")).statusCode).toBe(200);
    const refused = await program.post("/api/medication-doses", dose(samIron));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: "This API token can read records but not change them." });
    expect((await program.delete(`/api/medications/${samIron}`)).statusCode).toBe(403);
    expect((await owner.get("/api/medication-doses")).json()).toEqual([]);
    expect((await owner.get(`/api/medications/${samIron}`)).statusCode).toBe(200);
  });

  it("of a viewer's read-and-write token still cannot write, and follows the person's role as it changes", async () => {
    const { owner, samIron } = await family();
    const viewer = await joinFamily(t, owner, { role: "viewer" });
    const viewers = tokenClient(t.app, (await makeToken(viewer, { mode: "write" })).token);
    expect((await viewers.get("/api/medications")).statusCode).toBe(200);
    expect((await viewers.post("/api/medication-doses", dose(samIron))).statusCode).toBe(403);

    const caregiver = await joinFamily(t, owner, { role: "caregiver" });
    const caregivers = tokenClient(t.app, (await makeToken(caregiver, { mode: "write" })).token);
    expect((await caregivers.post("/api/medication-doses", dose(samIron))).statusCode).toBe(201);
    await owner.patch(`/api/family/members/${caregiver.id}`, { role: "viewer" });
    expect(
      (await caregivers.post("/api/medication-doses", { ...dose(samIron), confirm: true })).statusCode,
    ).toBe(403);
  });

  it("says who it acts as, in its one family, with the role it acts with", async () => {
    const { owner } = await family();
    const caregiver = await joinFamily(t, owner, { role: "caregiver" });
    // The caregiver's own family (made at sign-up) is not the token's business.
    const program = tokenClient(t.app, (await makeToken(caregiver, { mode: "read" })).token);
    const user = (await program.get("/api/auth/user")).json();
    expect(user).toMatchObject({ id: caregiver.id, familyId: owner.familyId, role: "viewer" });
    expect(user.families).toEqual([{ id: owner.familyId, name: "The Lopez family", role: "viewer" }]);
    const ownerToken = tokenClient(t.app, (await makeToken(owner, { mode: "write" })).token);
    expect((await ownerToken.get("/api/auth/user")).json()).toMatchObject({ role: "caregiver" });
    // Another family of the person's (their own, made at sign-up) is out of its reach.
    const families = (await caregiver.get("/api/auth/user")).json().families as { id: string }[];
    const own = families.find((f) => f.id !== owner.familyId)!.id;
    expect((await caregiver.get(`/api/family/changes?familyId=${own}`)).json().membership).not.toBeNull();
    const elsewhere = await program.get(`/api/family/changes?familyId=${own}`);
    expect(elsewhere.json()).toEqual({ mark: 0, membership: null });
  });

  it("sees only the children both the token and the person's membership allow: another child's records are 404", async () => {
    const { owner, sam, samIron, anaZinc } = await family();
    const samsOnly = tokenClient(t.app, (await makeToken(owner, { childIds: [sam] })).token);
    expect((await samsOnly.get(`/api/medications/${samIron}`)).statusCode).toBe(200);
    expect((await samsOnly.get(`/api/medications/${anaZinc}`)).statusCode).toBe(404);
    expect((await samsOnly.post("/api/medication-doses", dose(anaZinc))).statusCode).toBe(404);
    expect(((await samsOnly.get("/api/children")).json() as { name: string }[]).map((c) => c.name)).toEqual([
      "Sam",
    ]);
    // A sitter limited to Sam, with a token for every child they see: still Sam only.
    const sitter = await joinFamily(t, owner, { role: "caregiver", childIds: [sam] });
    const sitters = tokenClient(t.app, (await makeToken(sitter)).token);
    expect((await sitters.get(`/api/medications/${anaZinc}`)).statusCode).toBe(404);
    expect((await sitters.post("/api/medication-doses", dose(samIron))).statusCode).toBe(201);
    expect((await sitters.post("/api/medication-doses", dose(anaZinc))).statusCode).toBe(404);
  });

  it("answers another family's ids as missing", async () => {
    const { samIron } = await family();
    const stranger = await signUp(t.app);
    const strangers = tokenClient(t.app, (await makeToken(stranger)).token);
    expect((await strangers.get(`/api/medications/${samIron}`)).statusCode).toBe(404);
    expect((await strangers.post("/api/medication-doses", dose(samIron))).statusCode).toBe(404);
    expect((await strangers.delete(`/api/medications/${samIron}`)).statusCode).toBe(404);
  });

  it("reads no cookie: another person's session and family cookies do not change whom it acts as", async () => {
    const { owner, samIron } = await family();
    const { token } = await makeToken(owner);
    const stranger = await signUp(t.app);
    const cookie = `${stranger.cookie}; family=${stranger.familyId}`;
    const program = tokenClient(t.app, token, { cookie });
    expect((await program.get("/api/auth/user")).json()).toMatchObject({
      id: owner.id,
      familyId: owner.familyId,
    });
    const logged = await program.post("/api/medication-doses", dose(samIron));
    expect(logged.statusCode).toBe(201);
    expect(logged.json().createdBy).toBe(owner.id);
    // A token that does not work does not fall back to the cookies.
    const wrong = tokenClient(t.app, "mct_nonsense", { cookie });
    expect((await wrong.get("/api/auth/user")).statusCode).toBe(401);
    // Nor does a token reach the person's routes with someone's session beside it.
    expect((await program.get("/api/api-tokens")).statusCode).toBe(403);
  });

  it("is not refused as a cross-site write: no cookie of a browser is read for it", async () => {
    const { owner, samIron } = await family();
    const { token } = await makeToken(owner);
    const crossSite = { origin: "https://elsewhere.example", "sec-fetch-site": "cross-site" };
    const program = tokenClient(t.app, token, { headers: crossSite });
    expect((await program.post("/api/medication-doses", dose(samIron))).statusCode).toBe(201);
    const browser = await t.app.inject({
      method: "POST",
      url: "/api/medication-doses",
      headers: { cookie: owner.cookie, ...crossSite },
      payload: dose(samIron),
    });
    expect(browser.statusCode).toBe(403);
  });

  it("notes its last use at most once a minute", async () => {
    const { owner } = await family();
    const created = await makeToken(owner);
    const program = tokenClient(t.app, created.token);
    const lastUse = async () => (await owner.get("/api/api-tokens")).json()[0].lastUsedAt as string | null;
    await program.get("/api/children");
    const first = await lastUse();
    expect(first).toBe(t.clock.now().toISOString());
    t.clock.advance(59_000);
    await program.get("/api/children");
    expect(await lastUse()).toBe(first);
    t.clock.advance(1_000);
    await program.get("/api/children");
    expect(await lastUse()).toBe(t.clock.now().toISOString());
  });
});

describe("a token that does not work", () => {
  it("is 401 at once when revoked, and once expired, with the usual error envelope", async () => {
    const { owner } = await family();
    const expiring = await makeToken(owner, { expiresInDays: 1 });
    const program = tokenClient(t.app, expiring.token);
    const revoking = await makeToken(owner);
    const other = tokenClient(t.app, revoking.token);
    expect((await other.get("/api/children")).statusCode).toBe(200);
    expect((await owner.delete(`/api/api-tokens/${revoking.id}`)).statusCode).toBe(204);
    const revoked = await other.get("/api/children");
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toEqual({ message: "This API token was revoked." });
    // Revoking again changes nothing; the list shows when.
    expect((await owner.delete(`/api/api-tokens/${revoking.id}`)).statusCode).toBe(204);
    const listed = (await owner.get("/api/api-tokens")).json();
    expect(listed.find((x: { id: string }) => x.id === revoking.id).revokedAt).toBe(
      t.clock.now().toISOString(),
    );

    expect((await program.get("/api/children")).statusCode).toBe(200);
    t.clock.advance(DAY - 1);
    expect((await program.get("/api/children")).statusCode).toBe(200);
    t.clock.advance(1);
    const expired = await program.get("/api/children");
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: "This API token has expired. Make a new one in Settings." });
    expect(expired.headers["www-authenticate"]).toBe('Bearer error="invalid_token"');
  });

  it("is 401 when malformed, unknown, or its secret is wrong", async () => {
    const { owner } = await family();
    const { token, id } = await makeToken(owner);
    const wrongSecret = `${token.slice(0, -4)}AAAA`;
    const unknown = `mct_${"0".repeat(32)}_${token.slice(-43)}`;
    for (const sent of ["", "mct_", "not a token", wrongSecret, unknown, `${token}x`]) {
      const response = await tokenClient(t.app, sent).get("/api/children");
      expect(response.statusCode, sent).toBe(401);
      expect(response.json(), sent).toEqual({ message: "This API token is not valid." });
    }
    // None of them touched the real token.
    expect((await owner.get("/api/api-tokens")).json()).toEqual([
      expect.objectContaining({ id, lastUsedAt: null }),
    ]);
  });

  it("is counted with the address's sign-ins: after the limit, 429, for tokens and passwords alike", async () => {
    const { owner } = await family();
    const { token } = await makeToken(owner);
    const address = uniqueAddress();
    const wrong = tokenClient(t.app, `${token.slice(0, -4)}AAAA`, { address });
    for (let i = 0; i < MAX_FAILURES; i++) expect((await wrong.get("/api/children")).statusCode).toBe(401);
    const limited = await wrong.get("/api/children");
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/^Too many failed sign-in attempts from this address/);
    // The right token from that address waits too, as a right password would.
    expect((await tokenClient(t.app, token, { address }).get("/api/children")).statusCode).toBe(429);
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress: address,
      payload: { email: owner.email, password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(429);
    // Another address is not held up.
    expect((await tokenClient(t.app, token).get("/api/children")).statusCode).toBe(200);
    // Once the window has passed, the address may try again.
    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await tokenClient(t.app, token, { address }).get("/api/children")).statusCode).toBe(200);
  });

  it("is gone once the person leaves the family or is removed from it, or their account is deleted", async () => {
    const { owner, samIron } = await family();
    const removed = await joinFamily(t, owner, { role: "caregiver" });
    const leaving = await joinFamily(t, owner, { role: "caregiver" });
    const removedToken = tokenClient(t.app, (await makeToken(removed)).token);
    const leavingToken = tokenClient(t.app, (await makeToken(leaving)).token);
    expect((await removedToken.post("/api/medication-doses", dose(samIron))).statusCode).toBe(201);
    expect((await owner.delete(`/api/family/members/${removed.id}`)).statusCode).toBe(204);
    expect((await removedToken.get("/api/children")).statusCode).toBe(401);
    expect((await leaving.post("/api/family/leave")).statusCode).toBe(200);
    expect((await leavingToken.get("/api/children")).statusCode).toBe(401);
    expect(
      await rows(sql`select id from api_tokens where user_id in (${removed.id}, ${leaving.id})`),
    ).toEqual([]);

    const deleted = await signUp(t.app);
    await makeToken(deleted);
    expect((await deleted.delete("/api/account/user")).statusCode).toBe(200);
    expect(await rows(sql`select id from api_tokens where user_id = ${deleted.id}`)).toEqual([]);
  });
});

describe("what no token may do", () => {
  it("manage members, invitations, links, tokens, passkeys, the password, email or the account: 403, nothing changed", async () => {
    const { owner, sam } = await family();
    const member = await joinFamily(t, owner, { role: "caregiver" });
    const { token, id } = await makeToken(owner);
    const program = tokenClient(t.app, token);
    const refusals: [string, string, unknown?][] = [
      ["GET", "/api/family/members"],
      ["PATCH", `/api/family/members/${member.id}`, { role: "viewer" }],
      ["DELETE", `/api/family/members/${member.id}`],
      ["POST", "/api/family/invitations", { email: "someone@example.org", role: "viewer" }],
      ["GET", "/api/share-links"],
      ["POST", "/api/share-links", { childId: sam }],
      ["GET", "/api/api-tokens"],
      ["POST", "/api/api-tokens", { name: "Another", mode: "write" }],
      ["DELETE", `/api/api-tokens/${id}`],
      ["GET", "/api/auth/passkeys"],
      ["POST", "/api/auth/passkeys/registration/options"],
      ["POST", "/api/auth/password", { currentPassword: PASSWORD, newPassword: "another long password" }],
      ["POST", "/api/auth/email-confirmation"],
      ["PUT", "/api/profile", { email: "taken-over@example.org" }],
      ["PUT", "/api/auth/family", { familyId: owner.familyId }],
      ["PATCH", "/api/family", { name: "Renamed" }],
      ["DELETE", "/api/account/child-profile"],
      ["DELETE", "/api/account/user"],
      ["DELETE", "/api/family"],
    ];
    for (const [method, url, body] of refusals) {
      const response = await t.app.inject({
        method: method as "GET",
        url,
        remoteAddress: program.address,
        headers: { authorization: `Bearer ${token}` },
        ...(body === undefined ? {} : { payload: body as object }),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().message, `${method} ${url}`).toMatch(/^An API token cannot do this/);
    }
    // Everything is as it was: the member, the account, the token itself.
    expect((await owner.get("/api/family/members")).json()).toHaveLength(2);
    expect((await owner.get("/api/auth/user")).json()).toMatchObject({ email: owner.email });
    expect((await program.get("/api/children")).statusCode).toBe(200);
  });
});
