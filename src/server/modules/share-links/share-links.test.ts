import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinFamily } from "../../../../tests/helpers/family";
import { addChild } from "../../../../tests/helpers/owned-crud-contract";
import { buildTestApp, signUp, type TestApp } from "../../../../tests/helpers/test-app";
import { queryRows } from "../../../../tests/helpers/test-database";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** What a clinic opening the link, signed out, from an address, is answered. */
const open = (url: string, address = "203.0.113.7") =>
  t.app.inject({ method: "GET", url: `/api/shared/${url.split("/shared/")[1]}`, remoteAddress: address });

describe("a read-only link for the clinic", () => {
  it("opens one child's care summary signed out, records every view, and shows nothing else", async () => {
    const owner = await signUp(t.app, { timeZone: "America/Chicago" });
    const sam = await addChild(owner, "Sam");
    await addChild(owner, "Ana");
    await owner.post("/api/allergies", {
      childId: sam,
      allergen: "Latex",
      reaction: "Hives",
      severity: "severe",
    });
    const iron = await owner.post("/api/medications", {
      childId: sam,
      name: "Iron",
      dosage: "5 mL",
      frequency: "Daily",
      scheduleKind: "times",
      scheduleTimes: "08:00",
    });
    await owner.post("/api/medication-doses", {
      medicationId: iron.json().id,
      givenAt: "2026-11-20T14:30:00Z",
    });
    const created = await owner.post("/api/share-links", { childId: sam });
    expect(created.statusCode).toBe(201);
    const link = created.json();
    expect(link.url).toMatch(/\/shared\/[A-Za-z0-9_-]{43}$/);
    const hours = (Date.parse(link.expiresAt) - t.clock.now().getTime()) / 3_600_000;
    expect(hours).toBe(72);

    const shared = await open(link.url);
    expect(shared.statusCode).toBe(200);
    expect(shared.headers["cache-control"]).toBe("no-store");
    const body = shared.json();
    expect(Object.keys(body).sort()).toEqual(["expiresAt", "summary", "timeZone"]);
    expect(body.summary.child.name).toBe("Sam");
    expect(body.summary.allergies).toEqual([expect.objectContaining({ allergen: "Latex" })]);
    // A dose's time is read on the family's clock, though nobody of the family is asking.
    expect(body.summary.medications).toEqual([
      expect.objectContaining({
        name: "Iron",
        schedule: "08:00",
        lastDose: "Given Nov 20, 2026 08:30 (America/Chicago) by Maria Lopez",
      }),
    ]);
    expect(JSON.stringify(body)).not.toContain("Ana");
    expect(body.timeZone).toBe("America/Chicago");
    t.clock.advance(60_000);
    await open(link.url, "198.51.100.4");

    const listed = (await owner.get("/api/share-links")).json();
    expect(listed).toEqual([
      expect.objectContaining({
        id: link.id,
        childName: "Sam",
        revokedAt: null,
        views: [
          { viewedAt: expect.any(String), address: "198.51.100.4" },
          { viewedAt: expect.any(String), address: "203.0.113.7" },
        ],
      }),
    ]);
    // Only the token's hash is kept.
    const token = link.url.split("/shared/")[1];
    const rows = await queryRows(t.database, sql`select * from share_links where id = ${link.id}`);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("stops working when revoked or expired, and a guessed link is the same 404 with no hint", async () => {
    const owner = await signUp(t.app);
    const sam = await addChild(owner);
    const revoked = (await owner.post("/api/share-links", { childId: sam })).json();
    const short = (await owner.post("/api/share-links", { childId: sam, expiresInHours: 1 })).json();
    expect((await open(revoked.url)).statusCode).toBe(200);
    expect((await owner.delete(`/api/share-links/${revoked.id}`)).statusCode).toBe(204);
    t.clock.advance(60 * 60 * 1000);
    const answers = [
      await open(revoked.url),
      await open(short.url),
      await open("/shared/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"),
    ];
    expect(answers.map((a) => [a.statusCode, a.json()])).toEqual(
      Array(3).fill([404, { message: "Not found" }]),
    );
    const [views] = await queryRows(
      t.database,
      sql`select count(*)::int as n from share_link_views v join share_links l on l.id = v.link_id
          where l.family_id = ${owner.familyId}`,
    );
    expect(views).toEqual({ n: 1 });
  });

  it("is made by an owner or a caregiver, for a child they see, for 1 hour to 30 days", async () => {
    const owner = await signUp(t.app);
    const sam = await addChild(owner);
    const caregiver = await joinFamily(t, owner, { role: "caregiver" });
    const viewer = await joinFamily(t, owner, { role: "viewer" });
    expect((await caregiver.post("/api/share-links", { childId: sam })).json()).toMatchObject({
      createdByName: "Grace Member",
    });
    expect((await viewer.post("/api/share-links", { childId: sam })).statusCode).toBe(403);
    expect((await viewer.get("/api/share-links")).statusCode).toBe(403);
    const tooLong = await owner.post("/api/share-links", { childId: sam, expiresInHours: 721 });
    expect(tooLong.json().issues).toEqual([
      { path: "expiresInHours", message: "A link lasts at most 720 hours (30 days)" },
    ]);
    expect((await owner.post("/api/share-links", { childId: sam, expiresInHours: 720 })).statusCode).toBe(
      201,
    );
    const other = await signUp(t.app);
    expect((await other.post("/api/share-links", { childId: sam })).statusCode).toBe(404);
    const link = (await owner.get("/api/share-links")).json()[0];
    expect((await other.delete(`/api/share-links/${link.id}`)).statusCode).toBe(404);
  });

  it("acts with its maker's current rights: nothing once they are removed, a viewer or limited to another child", async () => {
    const owner = await signUp(t.app);
    const sam = await addChild(owner, "Sam");
    const ana = await addChild(owner, "Ana");
    const caregiver = await joinFamily(t, owner, { role: "caregiver" });
    const made = async () => (await caregiver.post("/api/share-links", { childId: sam })).json();
    const status = async (link: { url: string }) => (await open(link.url)).statusCode;
    const member = (change: object) => owner.patch(`/api/family/members/${caregiver.id}`, change);

    const link = await made();
    expect(await status(link)).toBe(200);
    expect((await member({ role: "viewer" })).statusCode).toBe(200);
    expect(await status(link)).toBe(404);
    expect((await member({ role: "caregiver", childIds: [ana] })).statusCode).toBe(200);
    expect(await status(link)).toBe(404);
    // Given Sam back, the maker's link shows Sam again, as the maker could.
    expect((await member({ childIds: null })).statusCode).toBe(200);
    expect(await status(link)).toBe(200);
    expect((await owner.delete(`/api/family/members/${caregiver.id}`)).statusCode).toBe(204);
    expect(await status(link)).toBe(404);
    expect((await open(link.url)).json()).toEqual({ message: "Not found" });
    // The owner's own links go on.
    const owners = (await owner.post("/api/share-links", { childId: sam })).json();
    expect(await status(owners)).toBe(200);
  });

  it("names who gave a dose by their name, never by their email", async () => {
    // An account with no name (a person may leave both blank at sign-up).
    const owner = await signUp(t.app, { firstName: "", lastName: "" });
    const sam = await addChild(owner, "Sam");
    const iron = (
      await owner.post("/api/medications", {
        childId: sam,
        name: "Iron",
        dosage: "5 mL",
        frequency: "Daily",
        scheduleKind: "times",
        scheduleTimes: "08:00",
      })
    ).json();
    await owner.post("/api/medication-doses", { medicationId: iron.id, givenAt: "2026-11-20T14:30:00Z" });
    const link = (await owner.post("/api/share-links", { childId: sam })).json();
    const shared = (await open(link.url)).json();
    expect(JSON.stringify(shared)).not.toContain(owner.email);
    expect(shared.summary.medications[0].lastDose).toMatch(/^Given Nov 20, 2026 \d\d:30 \([^)]+\)$/);

    const caregiver = await joinFamily(t, owner, { role: "caregiver", firstName: "Grace" });
    await caregiver.post("/api/medication-doses", { medicationId: iron.id, givenAt: "2026-11-21T14:30:00Z" });
    const again = (await open(link.url)).json();
    expect(again.summary.medications[0].lastDose).toMatch(/ by Grace Member$/);
  });

  it("goes with its child", async () => {
    const owner = await signUp(t.app);
    const sam = await addChild(owner);
    const link = (await owner.post("/api/share-links", { childId: sam })).json();
    await owner.delete(`/api/children/${sam}`);
    expect((await open(link.url)).statusCode).toBe(404);
    expect((await owner.get("/api/share-links")).json()).toEqual([]);
  });
});
