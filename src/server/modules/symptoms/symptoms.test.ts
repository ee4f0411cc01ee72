import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectListedByDateThenTime } from "../../../../tests/helpers/list-order";
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
    dates: { date: "past" },
  });

  it("stores comma-separated symptoms as a trimmed list, and none as an empty list", async () => {
    const user = await signUp(t.app);
    const typed = await user.post("/api/symptoms", {
      date: "2026-11-20",
      symptoms: " nausea ,, belly pain , ",
    });
    expect(typed.json().symptoms).toEqual(["nausea", "belly pain"]);
    const none = await user.post("/api/symptoms", { date: "2026-11-21", symptoms: " , ", painLevel: 3 });
    expect(none.json()).toMatchObject({ symptoms: [], painLevel: 3, severity: null });
  });

  it("refuses an entry with neither a symptom nor a pain level (400 on symptoms), also by a PATCH", async () => {
    const user = await signUp(t.app);
    const empty = [{ path: "symptoms", message: "Enter at least one symptom or a pain level" }];
    const created = await user.post("/api/symptoms", { date: "2026-11-20", symptoms: "", severity: "mild" });
    expect(created.statusCode).toBe(400);
    expect(created.json().issues).toEqual(empty);
    expect((await user.get("/api/symptoms")).json()).toEqual([]);

    // A PATCH sends only what changes: the stored entry it completes must still say something.
    const entry = (await user.post("/api/symptoms", { date: "2026-11-20", symptoms: "fever" })).json();
    const emptied = await user.patch(`/api/symptoms/${entry.id}`, { symptoms: [] });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json()).toEqual({
      message: "Invalid body: symptoms: Enter at least one symptom or a pain level",
      issues: empty,
    });
    expect((await user.get(`/api/symptoms/${entry.id}`)).json()).toEqual(entry);
    const painOnly = await user.patch(`/api/symptoms/${entry.id}`, { symptoms: [], painLevel: 5 });
    expect(painOnly.json()).toMatchObject({ symptoms: [], painLevel: 5 });
  });

  it("accepts pain levels as whole numbers only", async () => {
    const user = await signUp(t.app);
    expect((await user.post("/api/symptoms", { date: "2026-11-20", painLevel: "6" })).json().painLevel).toBe(
      6,
    );
    expect((await user.post("/api/symptoms", { date: "2026-11-20", painLevel: 2.5 })).statusCode).toBe(400);
  });

  it("lists symptom entries of the same day by time, newest first, those without a time after them", async () => {
    const user = await signUp(t.app);
    await expectListedByDateThenTime(user, "/api/symptoms", (date, time) => ({
      date,
      time,
      symptoms: "nausea",
    }));
  });
});
