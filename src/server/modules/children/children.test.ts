import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownedCrudContract } from "../../../../tests/helpers/owned-crud-contract";
import { buildTestApp, signUp, type TestApp } from "../../../../tests/helpers/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("children", () => {
  ownedCrudContract(() => t, {
    path: "/api/children",
    valid: {
      name: "Sam",
      dateOfBirth: "2019-04-02",
      age: 7,
      gender: "male",
      medicalDiagnosis: "Short bowel syndrome",
      avatarColor: "#10B981",
      notes: "",
    },
    change: { name: "Samuel", notes: "Loves dinosaurs" },
    updateMethod: "PUT",
    required: ["name"],
    invalid: { gender: "other", age: 26 },
  });

  it("uses the spec's name message, defaults and nulls", async () => {
    const user = await signUp(t.app);
    const missing = await user.post("/api/children", { name: "", userId: "" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues).toEqual([{ path: "name", message: "Name is required" }]);
    const child = (
      await user.post("/api/children", {
        name: "Ava",
        dateOfBirth: null,
        age: null,
        gender: "",
        medicalDiagnosis: null,
        notes: null,
        avatarColor: "#3B82F6",
        userId: "",
      })
    ).json();
    expect(child).toMatchObject({
      name: "Ava",
      avatarColor: "#3B82F6",
      gender: null,
      age: null,
      isActive: 1,
    });
    expect(child.updatedAt).toEqual(expect.any(String));
  });

  it("accepts ages 0 to 25 only", async () => {
    const user = await signUp(t.app);
    expect((await user.post("/api/children", { name: "Baby", age: 0 })).statusCode).toBe(201);
    expect((await user.post("/api/children", { name: "Adult", age: 25 })).statusCode).toBe(201);
    expect((await user.post("/api/children", { name: "Too old", age: 26 })).statusCode).toBe(400);
    expect((await user.post("/api/children", { name: "Negative", age: -1 })).statusCode).toBe(400);
  });

  it("lists children in the order they were added", async () => {
    const user = await signUp(t.app);
    for (const name of ["Zoe", "Ava", "Max"]) await user.post("/api/children", { name });
    expect((await user.get("/api/children")).json().map((c: { name: string }) => c.name)).toEqual([
      "Zoe",
      "Ava",
      "Max",
    ]);
  });

  it("deleting a child deletes its TPN entries and unlinks its other records", async () => {
    const user = await signUp(t.app);
    const child = (await user.post("/api/children", { name: "Sam" })).json();
    await user.post("/api/tpn", { childId: child.id, date: "2026-11-20", calories: "850" });
    const visit = (
      await user.post("/api/specialist-visits", {
        childId: child.id,
        doctorName: "Dr. O",
        specialty: "GI",
        date: "2026-11-21",
      })
    ).json();
    expect((await user.delete(`/api/children/${child.id}`)).statusCode).toBe(204);
    expect((await user.get("/api/tpn")).json()).toEqual([]);
    expect((await user.get("/api/specialist-visits")).json()).toEqual([
      { ...visit, childId: null, updatedAt: expect.any(String) },
    ]);
  });
});
