import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectListedByDateThenTime } from "../../../../tests/helpers/list-order";
import { ownedCrudContract } from "../../../../tests/helpers/owned-crud-contract";
import { buildTestApp, signUp, type TestApp } from "../../../../tests/helpers/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("physical therapy sessions", () => {
  ownedCrudContract(() => t, {
    path: "/api/physical-therapy",
    valid: {
      date: "2026-11-19",
      time: "14:00",
      therapist: "Jo Rivera, PT",
      location: "Home",
      exercises: "bridges, tummy time",
      duration: 45,
      nextSession: "2026-11-26",
    },
    change: { progress: "Held head up for 30 seconds", duration: 60 },
    updateMethod: "PATCH",
    required: ["date", "therapist"],
    invalid: { duration: "forty", nextSession: "next week" },
    linksChild: "optional",
    dates: { date: "past", nextSession: "future" },
  });

  it("stores exercises as a trimmed list and an empty duration as null", async () => {
    const user = await signUp(t.app);
    const session = (
      await user.post("/api/physical-therapy", {
        date: "2026-11-19",
        therapist: "Jo",
        exercises: " rolls , , squats",
        duration: "",
      })
    ).json();
    expect(session).toMatchObject({ exercises: ["rolls", "squats"], duration: null });
  });

  it("lists sessions of the same day by time, newest first, those without a time after them", async () => {
    const user = await signUp(t.app);
    await expectListedByDateThenTime(user, "/api/physical-therapy", (date, time) => ({
      date,
      time,
      therapist: "Ana",
    }));
  });
});
