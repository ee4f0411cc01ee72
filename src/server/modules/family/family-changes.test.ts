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
});
