import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownedCrudContract } from "../../../../tests/helpers/owned-crud-contract";
import { buildTestApp, signUp, type TestApp } from "../../../../tests/helpers/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("medications", () => {
  ownedCrudContract(() => t, {
    path: "/api/medications",
    valid: {
      name: "Ursodiol",
      dosage: "60 mg",
      frequency: "Twice daily",
      prescribedBy: "Dr. Patel",
      startDate: "2026-01-05",
      sideEffects: "nausea, diarrhea",
      isActive: "true",
    },
    change: { isActive: "false", endDate: "2026-11-01" },
    updateMethod: "PATCH",
    required: ["name", "dosage", "frequency"],
    invalid: { isActive: "yes" },
    linksChild: "optional",
    dates: { startDate: "future", endDate: "future" },
  });

  it("refuses an end date before the start date (400 on endDate), also by a PATCH of one date", async () => {
    const user = await signUp(t.app);
    const med = { name: "Ursodiol", dosage: "60 mg", frequency: "Twice daily", startDate: "2026-03-01" };
    const endBeforeStart = [{ path: "endDate", message: "End date cannot be before the start date" }];
    const refused = await user.post("/api/medications", { ...med, endDate: "2026-02-28" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual(endBeforeStart);
    expect((await user.get("/api/medications")).json()).toEqual([]);

    const sameDay = await user.post("/api/medications", { ...med, endDate: "2026-03-01" });
    expect(sameDay.statusCode).toBe(201);
    const record = sameDay.json();
    const earlier = await user.patch(`/api/medications/${record.id}`, { endDate: "2026-02-01" });
    expect(earlier.statusCode).toBe(400);
    expect(earlier.json().issues).toEqual(endBeforeStart);
    const later = await user.patch(`/api/medications/${record.id}`, { startDate: "2026-03-02" });
    expect(later.statusCode).toBe(400);
    expect(later.json().issues).toEqual(endBeforeStart);
    expect((await user.get(`/api/medications/${record.id}`)).json()).toEqual(record);
  });

  it("is active unless marked otherwise, with side effects as a trimmed list", async () => {
    const user = await signUp(t.app);
    const med = (
      await user.post("/api/medications", {
        name: "Vitamin D",
        dosage: "400 IU",
        frequency: "Daily",
        sideEffects: "",
      })
    ).json();
    expect(med).toMatchObject({ isActive: "true", sideEffects: [] });
  });
});
