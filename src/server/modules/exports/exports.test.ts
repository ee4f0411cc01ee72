import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addChild } from "../../../../tests/helpers/owned-crud-contract";
import { buildTestApp, signUp, type TestApp } from "../../../../tests/helpers/test-app";
import { CARE_RECORD_TABLES } from "../../db/schema/owned-tables";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("JSON export", () => {
  it("downloads every record of the user, and only theirs, as one JSON file", async () => {
    const user = await signUp(t.app, { firstName: "Ana" });
    const other = await signUp(t.app);
    const childId = await addChild(user, "Sam");
    await user.post("/api/tpn", { childId, date: "2026-11-20", calories: "850.50" });
    await user.post("/api/notes", { title: "Pump", content: "Ramp 1 hour", tags: "pump" });
    await other.post("/api/notes", { title: "Someone else's note", content: "private" });

    const response = await user.get("/api/account/export");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="tpn-tracker-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers["cache-control"]).toBe("no-store");

    const file = response.json();
    expect(file).toMatchObject({
      format: "medical-care-tracker-export",
      version: 1,
      account: { email: user.email, firstName: "Ana" },
    });
    expect(
      Object.keys(file)
        .filter((k) => !["format", "version", "exportedAt", "account"].includes(k))
        .sort(),
    ).toEqual(Object.keys(CARE_RECORD_TABLES).sort());
    expect(file.children).toEqual([expect.objectContaining({ id: childId, name: "Sam" })]);
    expect(file.tpnEntries).toEqual([
      expect.objectContaining({ childId, calories: "850.50", date: "2026-11-20" }),
    ]);
    expect(file.notes).toEqual([expect.objectContaining({ title: "Pump", tags: ["pump"] })]);
    expect(file.medications).toEqual([]);
    expect(JSON.stringify(file)).not.toContain("Someone else's note");
    expect(JSON.stringify(file)).not.toContain("userId");
    expect(JSON.stringify(file)).not.toContain("passwordHash");
  });
});
