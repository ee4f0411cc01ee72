import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownedCrudContract } from "../../../../tests/helpers/owned-crud-contract";
import { buildTestApp, signUp, type TestApp } from "../../../../tests/helpers/test-app";
import { addDays, today } from "../../../domain/dates";

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

  it("refuses a date of birth in the future or before 1900 (400 on dateOfBirth), and takes today", async () => {
    const user = await signUp(t.app);
    const born = (dateOfBirth: string) => user.post("/api/children", { name: "Baby", dateOfBirth });
    const tomorrow = await born(addDays(today(), 1));
    expect(tomorrow.statusCode).toBe(400);
    expect(tomorrow.json().issues).toEqual([
      { path: "dateOfBirth", message: "Date of birth cannot be in the future" },
    ]);
    const ancient = await born("1899-12-31");
    expect(ancient.json().issues).toEqual([
      { path: "dateOfBirth", message: "Date of birth cannot be before 1900" },
    ]);
    expect((await user.get("/api/children")).json()).toEqual([]);

    const newborn = await born(today());
    expect(newborn.statusCode).toBe(201);
    const moved = await user.put(`/api/children/${newborn.json().id}`, {
      name: "Baby",
      dateOfBirth: addDays(today(), 30),
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().issues.map((i: { path: string }) => i.path)).toEqual(["dateOfBirth"]);
  });

  it("keeps the gestational age at birth (weeks and days), optional, and refuses one out of range", async () => {
    const user = await signUp(t.app);
    const created = await user.post("/api/children", {
      name: "Kai",
      dateOfBirth: "2025-03-01",
      gestationalAgeWeeks: 30,
      gestationalAgeDays: 4,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ gestationalAgeWeeks: 30, gestationalAgeDays: 4 });
    const id = created.json().id;
    expect((await user.get(`/api/children/${id}`)).json()).toMatchObject({
      gestationalAgeWeeks: 30,
      gestationalAgeDays: 4,
    });
    // Weeks alone are whole weeks; the form sends text.
    const changed = await user.put(`/api/children/${id}`, { name: "Kai", gestationalAgeWeeks: "34" });
    expect(changed.json()).toMatchObject({ gestationalAgeWeeks: 34, gestationalAgeDays: null });
    const cleared = await user.put(`/api/children/${id}`, { name: "Kai", gestationalAgeWeeks: "" });
    expect(cleared.json()).toMatchObject({ gestationalAgeWeeks: null, gestationalAgeDays: null });
    expect((await user.post("/api/children", { name: "Ava" })).json()).toMatchObject({
      gestationalAgeWeeks: null,
      gestationalAgeDays: null,
    });

    const refused = async (body: Record<string, unknown>) => {
      const res = await user.post("/api/children", { name: "Odd", ...body });
      expect(res.statusCode).toBe(400);
      return res.json().issues;
    };
    expect(await refused({ gestationalAgeWeeks: 21 })).toEqual([
      { path: "gestationalAgeWeeks", message: "Gestational age (weeks) must be between 22 and 44" },
    ]);
    expect(await refused({ gestationalAgeWeeks: 30, gestationalAgeDays: 7 })).toEqual([
      { path: "gestationalAgeDays", message: "Gestational age (days) must be between 0 and 6" },
    ]);
    expect(await refused({ gestationalAgeDays: 3 })).toEqual([
      { path: "gestationalAgeWeeks", message: "Give the weeks of the gestational age with its days" },
    ]);
    expect((await user.get("/api/children")).json()).toHaveLength(2);
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
