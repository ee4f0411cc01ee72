import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invite, joinFamily, markEmailConfirmed } from "../../../../tests/helpers/family";
import { addChild } from "../../../../tests/helpers/owned-crud-contract";
import { buildTestApp, signUp, type TestApp, uniqueEmail } from "../../../../tests/helpers/test-app";
import { queryRows } from "../../../../tests/helpers/test-database";
import { today } from "../../../domain/dates";
import { ACCESS_CACHE_MS } from "../../lib/family-access";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Everything a family holds, counted in the database: a refused request must leave it the same. */
const familyContent = async (familyId: string) =>
  (
    await queryRows(
      t.database,
      sql`select (select count(*) from children where family_id = ${familyId})::int as children,
                 (select count(*) from tpn_entries where family_id = ${familyId})::int as tpn,
                 (select count(*) from notes where family_id = ${familyId})::int as notes,
                 (select count(*) from family_members where family_id = ${familyId})::int as members,
                 (select count(*) from family_invitations where family_id = ${familyId})::int as invitations,
                 (select count(*) from audit_log where family_id = ${familyId})::int as audit,
                 (select name || '|' || time_zone from families where id = ${familyId}) as family`,
    )
  )[0];

const tpnEntry = (childId: string) => ({ childId, date: today(), volume: "1200", duration: 12 });

describe("a family of several caregivers", () => {
  it("lets an invited caregiver read and write the owner's records, and names who did what", async () => {
    const owner = await signUp(t.app, { firstName: "Maria", lastName: "Lopez" });
    const sam = await addChild(owner, "Sam");
    const first = (await owner.post("/api/tpn", tpnEntry(sam))).json();
    const grace = await joinFamily(t, owner, { role: "caregiver", firstName: "Grace" });

    const me = (await grace.get("/api/auth/user")).json();
    expect(me).toMatchObject({ familyId: owner.familyId, familyName: "The Lopez family", role: "caregiver" });
    expect(me.families.map((f: { name: string; role: string }) => [f.name, f.role])).toEqual(
      expect.arrayContaining([["The Lopez family", "caregiver"]]),
    );
    expect((await grace.get("/api/children")).json().map((c: { name: string }) => c.name)).toEqual(["Sam"]);
    expect((await grace.get(`/api/tpn?childId=${sam}`)).json()).toHaveLength(1);

    const added = await grace.post("/api/tpn", { ...tpnEntry(sam), volume: "900" });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ createdByName: "Grace Member", updatedByName: "Grace Member" });
    const changed = await grace.put(`/api/tpn/${first.id}`, { ...tpnEntry(sam), volume: "1100" });
    expect(changed.json()).toMatchObject({ createdByName: "Maria Lopez", updatedByName: "Grace Member" });

    // The owner sees the entry, who added it, and the member in Recent Activity.
    const list = (await owner.get(`/api/tpn?childId=${sam}`)).json();
    expect(list.find((e: { id: string }) => e.id === added.json().id)).toMatchObject({
      createdByName: "Grace Member",
      createdBy: grace.id,
    });
    const activity = (await owner.get("/api/dashboard/activity")).json();
    expect(activity[0]).toMatchObject({ action: "update", entity: "tpn_entry", actorName: "Grace Member" });
    expect(activity[1]).toMatchObject({ action: "create", entity: "tpn_entry", actorName: "Grace Member" });
    // The audit keeps the actor apart from the family.
    const [audit] = await queryRows(
      t.database,
      sql`select family_id as "familyId", actor_id as "actorId" from audit_log where entity_id = ${added.json().id}`,
    );
    expect(audit).toEqual({ familyId: owner.familyId, actorId: grace.id });
  });

  it("refuses a viewer's every write with 403 and changes nothing, and lets them read", async () => {
    const owner = await signUp(t.app);
    const sam = await addChild(owner);
    const note = (
      await owner.post("/api/notes", { title: "Night", content: "Calm", category: "general" })
    ).json();
    const viewer = await joinFamily(t, owner, { role: "viewer" });
    expect((await viewer.get("/api/children")).statusCode).toBe(200);
    expect((await viewer.get(`/api/notes/${note.id}`)).statusCode).toBe(200);

    const before = await familyContent(owner.familyId);
    const refused = [
      await viewer.post("/api/tpn", tpnEntry(sam)),
      await viewer.post("/api/children", { name: "Ana" }),
      await viewer.patch(`/api/notes/${note.id}`, { title: "Changed" }),
      await viewer.delete(`/api/notes/${note.id}`),
      await viewer.delete(`/api/children/${sam}`),
      // Even a body that is not valid: the role is checked before the body is read.
      await viewer.post("/api/notes", { title: 7 }),
      await viewer.post("/api/family/invitations", { email: uniqueEmail(), role: "viewer" }),
      await viewer.post("/api/share-links", { childId: sam }),
      await viewer.delete("/api/account/child-profile"),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual(Array(refused.length).fill(403));
    expect(refused[0]!.json().message).toBe("Your role in this family can read records but not change them.");
    expect(await familyContent(owner.familyId)).toEqual(before);
  });

  it("keeps member management and the family's settings to the owner", async () => {
    const owner = await signUp(t.app);
    const caregiver = await joinFamily(t, owner, { role: "caregiver" });
    const before = await familyContent(owner.familyId);
    const refused = [
      await caregiver.get("/api/family/members"),
      await caregiver.patch(`/api/family/members/${owner.id}`, { role: "viewer" }),
      await caregiver.delete(`/api/family/members/${owner.id}`),
      await caregiver.get("/api/family/invitations"),
      await caregiver.post("/api/family/invitations", { email: uniqueEmail(), role: "caregiver" }),
      await caregiver.patch("/api/family", { name: "Mine now" }),
      await caregiver.delete("/api/family"),
      await caregiver.put("/api/profile", { firstName: "Grace", timeZone: "Asia/Tokyo" }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual(Array(refused.length).fill(403));
    expect(refused[0]!.json().message).toBe("Only the family's owner can do this.");
    expect(await familyContent(owner.familyId)).toEqual(before);
    // What is the person's own stays theirs: their name.
    expect((await caregiver.put("/api/profile", { firstName: "Gracie" })).json()).toMatchObject({
      firstName: "Gracie",
      role: "caregiver",
    });
  });

  it("writes times one way per family: the owner's locale at sign-up, then the owner's choice for every member", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { email: uniqueEmail(), password: "correct horse battery staple", timeFormat: "12h" },
      headers: { "x-forwarded-for": "10.77.0.1" },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().timeFormat).toBe("12h");
    const owner = await signUp(t.app);
    expect((await owner.get("/api/auth/user")).json().timeFormat).toBe("24h");
    const caregiver = await joinFamily(t, owner, { role: "caregiver" });
    expect((await caregiver.patch("/api/family", { timeFormat: "12h" })).statusCode).toBe(403);
    expect((await owner.patch("/api/family", { timeFormat: "12h" })).json().timeFormat).toBe("12h");
    expect((await caregiver.get("/api/auth/user")).json().timeFormat).toBe("12h");
    expect((await owner.patch("/api/family", { timeFormat: "9h" })).statusCode).toBe(400);
  });

  it("lists the members for the owner, changes a role, and the change holds from the member's next request", async () => {
    const owner = await signUp(t.app, { firstName: "Maria", lastName: "Lopez" });
    const sam = await addChild(owner);
    const member = await joinFamily(t, owner, { role: "caregiver", firstName: "Tom" });
    const members = (await owner.get("/api/family/members")).json();
    expect(members.map((m: { name: string; role: string }) => [m.name, m.role])).toEqual([
      ["Maria Lopez", "owner"],
      ["Tom Member", "caregiver"],
    ]);
    expect((await member.post("/api/tpn", tpnEntry(sam))).statusCode).toBe(201);
    const changed = await owner.patch(`/api/family/members/${member.id}`, { role: "viewer" });
    expect(changed.statusCode).toBe(200);
    expect((await member.post("/api/tpn", tpnEntry(sam))).statusCode).toBe(403);
    expect((await member.get("/api/auth/user")).json().role).toBe("viewer");
  });

  it("refuses a removed member's next request for the family's records", async () => {
    const owner = await signUp(t.app);
    const sam = await addChild(owner);
    const entry = (await owner.post("/api/tpn", tpnEntry(sam))).json();
    const member = await joinFamily(t, owner);
    expect((await member.get(`/api/tpn/${entry.id}`)).statusCode).toBe(200);
    expect((await owner.delete(`/api/family/members/${member.id}`)).statusCode).toBe(204);
    expect((await member.get(`/api/tpn/${entry.id}`)).statusCode).toBe(404);
    expect((await member.get(`/api/children/${sam}`)).statusCode).toBe(404);
    expect((await member.post("/api/tpn", tpnEntry(sam))).statusCode).toBe(404);
    expect((await member.get("/api/children")).json()).toEqual([]);
    const me = (await member.get("/api/auth/user")).json();
    expect(me.familyId).not.toBe(owner.familyId);
    expect(me.families.map((f: { id: string }) => f.id)).not.toContain(owner.familyId);
    // And the owner cannot be removed, nor change their own role.
    expect((await owner.delete(`/api/family/members/${owner.id}`)).statusCode).toBe(409);
    expect((await owner.patch(`/api/family/members/${owner.id}`, { role: "viewer" })).statusCode).toBe(409);
    // Somebody who is not a member is answered like a missing one.
    const stranger = await signUp(t.app);
    expect((await owner.delete(`/api/family/members/${stranger.id}`)).statusCode).toBe(404);
    expect((await owner.patch(`/api/family/members/${stranger.id}`, { role: "viewer" })).statusCode).toBe(
      404,
    );
  });
});

describe("a membership limited to some children", () => {
  it("hides the other children and everything of theirs: lists, records, counts, the heatmap, exports, photos", async () => {
    const owner = await signUp(t.app);
    const sam = await addChild(owner, "Sam");
    const ana = await addChild(owner, "Ana");
    const anaEntry = (await owner.post("/api/tpn", tpnEntry(ana))).json();
    await owner.post("/api/tpn", tpnEntry(sam));
    const anaSymptom = (
      await owner.post("/api/symptoms", { childId: ana, date: today(), symptoms: ["fever"], painLevel: 4 })
    ).json();
    await owner.post("/api/symptoms", { childId: sam, date: today(), symptoms: ["nausea"], painLevel: 2 });
    const familyNote = (await owner.post("/api/notes", { title: "Pharmacy", content: "Call Monday" })).json();
    const lab = await owner.post("/api/lab-tests", {
      childId: ana,
      testName: "CBC",
      date: today(),
      status: "pending",
    });
    expect(lab.statusCode).toBe(201);

    const sitter = await joinFamily(t, owner, { role: "caregiver", childIds: [sam] });
    expect((await sitter.get("/api/auth/user")).json()).toMatchObject({ childIds: [sam] });
    expect((await sitter.get("/api/children")).json().map((c: { name: string }) => c.name)).toEqual(["Sam"]);
    for (const url of [`/api/children/${ana}`, `/api/tpn/${anaEntry.id}`, `/api/symptoms/${anaSymptom.id}`]) {
      expect((await sitter.get(url)).statusCode, url).toBe(404);
    }
    expect((await sitter.get(`/api/tpn?childId=${ana}`)).json()).toEqual([]);
    expect((await sitter.get("/api/symptoms")).json().map((s: { symptoms: string[] }) => s.symptoms)).toEqual(
      [["nausea"]],
    );
    // The family's own records (linked to no child) are everyone's.
    expect((await sitter.get(`/api/notes/${familyNote.id}`)).statusCode).toBe(200);
    const stats = (await sitter.get("/api/dashboard/stats")).json();
    expect(stats).toMatchObject({ tpnEntries: 1, symptomEntries: 1, labTests: 0 });
    const heatmap = JSON.stringify((await sitter.get(`/api/symptoms/heatmap?today=${today()}`)).json());
    expect(heatmap).toContain("nausea");
    expect(heatmap).not.toContain("fever");
    const exported = (await sitter.get("/api/account/export")).body;
    expect(exported).toContain("Sam");
    expect(exported).not.toContain("Ana");
    expect(exported).not.toContain(anaEntry.id);
    expect((await sitter.get(`/api/account/export?childId=${ana}`)).statusCode).toBe(404);
    expect((await sitter.get(`/api/care-summary?childId=${ana}`)).json()).toEqual([]);
    const activity = JSON.stringify((await sitter.get("/api/dashboard/activity")).json());
    expect(activity).not.toContain("Ana");

    // Writing to the other child is refused as if it did not exist, and so is adding a child.
    const before = await familyContent(owner.familyId);
    expect((await sitter.post("/api/tpn", tpnEntry(ana))).statusCode).toBe(404);
    expect((await sitter.put(`/api/tpn/${anaEntry.id}`, tpnEntry(sam))).statusCode).toBe(404);
    expect((await sitter.delete(`/api/tpn/${anaEntry.id}`)).statusCode).toBe(404);
    const moved = await sitter.post("/api/tpn", tpnEntry(sam));
    expect((await sitter.put(`/api/tpn/${moved.json().id}`, tpnEntry(ana))).statusCode).toBe(404);
    await sitter.delete(`/api/tpn/${moved.json().id}`);
    const adding = await sitter.post("/api/children", { name: "Leo" });
    expect(adding.statusCode).toBe(403);
    expect(await familyContent(owner.familyId)).toMatchObject({ ...before, audit: expect.any(Number) });
    expect((await sitter.post("/api/share-links", { childId: ana })).statusCode).toBe(404);
  });

  it("serves a photo of another child to nobody limited away from it, and the child's own to its member", async () => {
    const owner = await signUp(t.app);
    const sam = await addChild(owner, "Sam");
    const ana = await addChild(owner, "Ana");
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c33" } })
      .jpeg()
      .toBuffer();
    const upload = async (childId: string) => {
      const { uploadURL } = (await owner.post("/api/objects/upload", { size: photo.length })).json();
      const put = await t.app.inject({
        method: "PUT",
        url: uploadURL,
        headers: { cookie: owner.cookie, "content-type": "image/jpeg" },
        payload: photo,
      });
      expect(put.statusCode).toBeLessThan(300);
      const { objectPath } = (
        await owner.put("/api/objects/metadata", { photoUrl: uploadURL.split("?")[0] })
      ).json();
      const record = await owner.post("/api/medical-photos", {
        title: "Exit site",
        category: "wound",
        severity: "mild",
        dateTaken: today(),
        photoUrl: objectPath,
        childId,
      });
      expect(record.statusCode).toBe(201);
      return objectPath as string;
    };
    const samPhoto = await upload(sam);
    const anaPhoto = await upload(ana);
    const sitter = await joinFamily(t, owner, { childIds: [sam] });
    const status = async (url: string) =>
      (await t.app.inject({ method: "GET", url, headers: { cookie: sitter.cookie } })).statusCode;
    expect([await status(samPhoto), await status(`${samPhoto}/thumbnail`)]).toEqual([200, 200]);
    expect([await status(anaPhoto), await status(`${anaPhoto}/thumbnail`)]).toEqual([404, 404]);
    expect(
      (await sitter.get("/api/medical-photos")).json().map((p: { photoUrl: string }) => p.photoUrl),
    ).toEqual([samPhoto]);
  });

  it("refuses children that are not the family's, and lets the owner widen the membership to every child", async () => {
    const owner = await signUp(t.app);
    const sam = await addChild(owner, "Sam");
    const ana = await addChild(owner, "Ana");
    const other = await signUp(t.app);
    const theirs = await addChild(other);
    const refused = await owner.post("/api/family/invitations", {
      email: uniqueEmail(),
      role: "caregiver",
      childIds: [theirs],
    });
    expect(refused.statusCode).toBe(404);
    expect(
      (
        await owner.post("/api/family/invitations", { email: uniqueEmail(), role: "viewer", childIds: [] })
      ).json(),
    ).toMatchObject({ issues: [{ path: "childIds", message: "Choose at least one child, or every child" }] });
    const sitter = await joinFamily(t, owner, { childIds: [sam] });
    expect((await owner.patch(`/api/family/members/${sitter.id}`, { childIds: [theirs] })).statusCode).toBe(
      404,
    );
    expect((await owner.patch(`/api/family/members/${sitter.id}`, { childIds: null })).statusCode).toBe(200);
    expect((await sitter.get("/api/children")).json().map((c: { id: string }) => c.id)).toEqual([sam, ana]);
  });
});

describe("switching families", () => {
  it("moves every screen to the chosen family, remembers it on the device, and refuses a family the person is not in", async () => {
    const owner = await signUp(t.app, { lastName: "Lopez" });
    await addChild(owner, "Sam");
    const grandma = await signUp(t.app, { firstName: "Rosa", lastName: "Diaz" });
    await markEmailConfirmed(t, grandma);
    await addChild(grandma, "Rosa's own");
    const { token } = await invite(owner, { role: "viewer", email: grandma.email });
    const accepted = await grandma.post("/api/invitations/accept", { token });
    const familyCookie = accepted.cookies.find((c) => c.name === "family")!;
    const onDevice = (cookie: string) => (url: string) =>
      t.app.inject({ method: "GET", url, headers: { cookie } });
    const lopez = onDevice(`${grandma.cookie}; family=${familyCookie.value}`);
    expect((await lopez("/api/children")).json().map((c: { name: string }) => c.name)).toEqual(["Sam"]);
    const switched = await t.app.inject({
      method: "PUT",
      url: "/api/auth/family",
      headers: { cookie: `${grandma.cookie}; family=${familyCookie.value}` },
      payload: { familyId: grandma.familyId },
    });
    expect(switched.json()).toMatchObject({ familyId: grandma.familyId, role: "owner" });
    const own = onDevice(
      `${grandma.cookie}; family=${switched.cookies.find((c) => c.name === "family")!.value}`,
    );
    expect((await own("/api/children")).json().map((c: { name: string }) => c.name)).toEqual(["Rosa's own"]);
    const stranger = await signUp(t.app);
    expect((await grandma.put("/api/auth/family", { familyId: stranger.familyId })).statusCode).toBe(404);
    expect((await grandma.put("/api/auth/family", { familyId: "nope" })).statusCode).toBe(400);
  });
});

describe("the family's clock", () => {
  it("is set by the owner through the profile and followed by every member", async () => {
    const owner = await signUp(t.app, { timeZone: "America/Chicago" });
    const member = await joinFamily(t, owner);
    expect((await member.get("/api/auth/user")).json().timeZone).toBe("America/Chicago");
    expect(
      (await owner.put("/api/profile", { firstName: "Maria", timeZone: "Pacific/Auckland" })).json(),
    ).toMatchObject({
      timeZone: "Pacific/Auckland",
    });
    t.clock.advance(ACCESS_CACHE_MS);
    expect((await member.get("/api/auth/user")).json().timeZone).toBe("Pacific/Auckland");
    // The same zone sent back by a member is no change, and allowed.
    expect(
      (await member.put("/api/profile", { firstName: "G", timeZone: "Pacific/Auckland" })).statusCode,
    ).toBe(200);
  });
});

describe("leaving, handing over and deleting", () => {
  it("lets a member leave, and an owner hand the family over, then leave", async () => {
    const owner = await signUp(t.app);
    await addChild(owner);
    const member = await joinFamily(t, owner);
    const leaving = await owner.post("/api/family/leave");
    expect(leaving.statusCode).toBe(409);
    expect(leaving.json().message).toContain("hand it over");
    expect((await owner.patch(`/api/family/members/${member.id}`, { role: "owner" })).statusCode).toBe(200);
    expect((await member.get("/api/auth/user")).json().role).toBe("owner");
    expect((await owner.get("/api/auth/user")).json().role).toBe("caregiver");
    expect((await owner.post("/api/family/leave")).statusCode).toBe(200);
    expect((await member.get("/api/family/members")).json().map((m: { userId: string }) => m.userId)).toEqual(
      [member.id],
    );
  });

  it("refuses to delete the account of an owner whose family has other members, with a clear message", async () => {
    const owner = await signUp(t.app, { lastName: "Nguyen" });
    await joinFamily(t, owner);
    const refused = await owner.delete("/api/account/user");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "You own The Nguyen family, which has other members. Hand it over to another member or delete the family on Family & Sharing before you delete your account.",
    );
    expect((await owner.get("/api/auth/user")).statusCode).toBe(200);
  });

  it("deletes a family with all its records, invitations and members, and leaves its members their accounts", async () => {
    const owner = await signUp(t.app);
    const sam = await addChild(owner);
    await owner.post("/api/tpn", tpnEntry(sam));
    const member = await joinFamily(t, owner);
    await invite(owner);
    const deleted = await owner.delete("/api/family");
    expect(deleted.json()).toEqual({ message: "The family and all of its records have been deleted." });
    const [left] = await queryRows(
      t.database,
      sql`select (select count(*) from families where id = ${owner.familyId})::int as families,
                 (select count(*) from tpn_entries where family_id = ${owner.familyId})::int as tpn,
                 (select count(*) from family_invitations where family_id = ${owner.familyId})::int as invitations,
                 (select count(*) from family_members where family_id = ${owner.familyId})::int as members`,
    );
    expect(left).toEqual({ families: 0, tpn: 0, invitations: 0, members: 0 });
    // Both still sign in, each to a family of their own.
    expect((await member.get("/api/auth/user")).json().familyId).not.toBe(owner.familyId);
    const afterwards = (await owner.get("/api/auth/user")).json();
    expect(afterwards.familyId).not.toBe(owner.familyId);
    expect(afterwards.role).toBe("owner");
  });
});
