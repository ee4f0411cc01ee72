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
