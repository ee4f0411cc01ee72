import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinFamily } from "../../../../tests/helpers/family";
import { addChild } from "../../../../tests/helpers/owned-crud-contract";
import { buildTestApp, signUp, type TestApp, type TestUser } from "../../../../tests/helpers/test-app";
import { today } from "../../../domain/dates";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const markOf = async (user: TestUser) => {
  const response = await user.get("/api/family/changes");
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { mark: number }).mark;
};

describe("the family's change mark (what an open page asks to see another member's changes)", () => {
  it("goes up with every change any member makes, for every member, and not for a refused one or another family", async () => {
    const owner = await signUp(t.app);
    const sam = await addChild(owner, "Sam");
    const grandma = await joinFamily(t, owner, { role: "caregiver", firstName: "Rosa" });
    const viewer = await joinFamily(t, owner, { role: "viewer", firstName: "Ana" });
    const stranger = await signUp(t.app);

    const start = await markOf(viewer);
    expect(await markOf(owner)).toBe(start);
    const logged = await grandma.post("/api/tpn", {
      childId: sam,
      date: today(),
      volume: "1200",
      duration: 12,
    });
    expect(logged.statusCode).toBe(201);
    const afterLog = await markOf(owner);
    expect(afterLog).toBeGreaterThan(start);
    expect(await markOf(viewer)).toBe(afterLog);

    // Reading changes nothing: an open page that reloads on a change never sets another one off.
    for (const path of [
      "/api/tasks",
      "/api/dashboard/stats",
      "/api/tpn",
      "/api/medications",
      "/api/notifications",
    ]) {
      expect((await grandma.get(path)).statusCode, path).toBe(200);
    }
    expect(await markOf(owner)).toBe(afterLog);

    // Refused writes change nothing, the mark neither.
    expect((await grandma.post("/api/tpn", { childId: sam, date: today(), volume: "x" })).statusCode).toBe(
      400,
    );
    expect((await viewer.post("/api/tpn", { childId: sam, date: today(), volume: "900" })).statusCode).toBe(
      403,
    );
    expect(await markOf(owner)).toBe(afterLog);

    // A change of the settings that move tasks counts too.
    expect((await owner.patch("/api/family/task-settings", { labsEveryWeeks: 3 })).statusCode).toBe(200);
    const afterSettings = await markOf(grandma);
    expect(afterSettings).toBeGreaterThan(afterLog);

    // Another family's changes are its own.
    const strangerStart = await markOf(stranger);
    expect((await stranger.post("/api/children", { name: "Mia" })).statusCode).toBe(201);
    expect(await markOf(stranger)).toBeGreaterThan(strangerStart);
    expect(await markOf(owner)).toBe(afterSettings);
  });

  it("tells a member at their next poll that they were made a viewer, limited to another child, or removed", async () => {
    const owner = await signUp(t.app);
    const sam = await addChild(owner, "Sam");
    const ana = await addChild(owner, "Ana");
    const grace = await joinFamily(t, owner, { role: "caregiver", firstName: "Grace" });
    // The open page asks about the family it shows.
    const poll = async () => {
      const response = await grace.get(`/api/family/changes?familyId=${owner.familyId}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as {
        mark: number;
        membership: { role: string; childIds: string[] | null } | null;
      };
    };
    const start = await poll();
    expect(start.membership).toEqual({ role: "caregiver", childIds: null });

    // Made a viewer: the poll says so, and the mark moved (what she sees may have changed).
    expect((await owner.patch(`/api/family/members/${grace.id}`, { role: "viewer" })).statusCode).toBe(200);
    const viewer = await poll();
    expect(viewer.membership).toEqual({ role: "viewer", childIds: null });
    expect(viewer.mark).toBeGreaterThan(start.mark);

    // Limited to Ana: Sam is no longer hers to see.
    const limited = await owner.patch(`/api/family/members/${grace.id}`, {
      role: "caregiver",
      childIds: [ana],
    });
    expect(limited.statusCode).toBe(200);
    expect((await poll()).membership).toEqual({ role: "caregiver", childIds: [ana] });
    expect(sam).not.toBe(ana);

    // Removed: a plain answer, not an error, with nothing of the family's (not even its mark).
    expect((await owner.delete(`/api/family/members/${grace.id}`)).statusCode).toBe(204);
    expect(await poll()).toEqual({ mark: 0, membership: null });
    // Asked again (her page keeps asking until she moves on), the same answer.
    expect(await poll()).toEqual({ mark: 0, membership: null });

    // A family she never belonged to is answered the same way, and nonsense is a 400.
    const stranger = await signUp(t.app);
    const other = await stranger.get(`/api/family/changes?familyId=${owner.familyId}`);
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({ mark: 0, membership: null });
    expect((await stranger.get("/api/family/changes?familyId=nope")).statusCode).toBe(400);
    // Without a family named, the family in use (an older page).
    expect((await owner.get("/api/family/changes")).json().membership).toEqual({
      role: "owner",
      childIds: null,
    });
  });
});
