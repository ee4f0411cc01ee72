import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownedCrudContract } from "../../../../tests/helpers/owned-crud-contract";
import { buildTestApp, signUp, type TestApp } from "../../../../tests/helpers/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("symptom entries", () => {
  ownedCrudContract(() => t, {
    path: "/api/symptoms",
    valid: {
      date: "2026-11-20",
      time: "03:10",
      symptoms: "fever, chills",
      painLevel: 4,
      severity: "moderate",
    },
    change: { painLevel: 7, severity: "severe", symptoms: ["fever", "chills"] },
    updateMethod: "PATCH",
    required: ["date"],
    invalid: { severity: "unbearable", painLevel: 11 },
    linksChild: "optional",
  });

  it("stores comma-separated symptoms as a trimmed list, and none as an empty list", async () => {
    const user = await signUp(t.app);
    const typed = await user.post("/api/symptoms", {
      date: "2026-11-20",
      symptoms: " nausea ,, belly pain , ",
    });
    expect(typed.json().symptoms).toEqual(["nausea", "belly pain"]);
    const none = await user.post("/api/symptoms", { date: "2026-11-21" });
    expect(none.json()).toMatchObject({ symptoms: [], painLevel: null, severity: null });
  });

  it("accepts pain levels as whole numbers only", async () => {
    const user = await signUp(t.app);
    expect((await user.post("/api/symptoms", { date: "2026-11-20", painLevel: "6" })).json().painLevel).toBe(
      6,
    );
    expect((await user.post("/api/symptoms", { date: "2026-11-20", painLevel: 2.5 })).statusCode).toBe(400);
  });
});
