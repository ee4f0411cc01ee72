import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectListedByDateThenTime } from "../../../../tests/helpers/list-order";
import { ownedCrudContract } from "../../../../tests/helpers/owned-crud-contract";
import { buildTestApp, signUp, type TestApp } from "../../../../tests/helpers/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("food diary", () => {
  ownedCrudContract(() => t, {
    path: "/api/food-diary",
    valid: {
      date: "2026-11-20",
      mealType: "breakfast",
      time: "07:45",
      foods: "oatmeal, banana",
      portion: "Half a cup",
      symptoms: "",
    },
    change: { reaction: "Mild bloating", mealType: "snack" },
    updateMethod: "PATCH",
    required: ["date", "mealType"],
    invalid: { mealType: "brunch" },
    linksChild: "optional",
    dates: { date: "past" },
  });

  it("stores foods and symptoms as trimmed lists", async () => {
    const user = await signUp(t.app);
    const entry = (
      await user.post("/api/food-diary", {
        date: "2026-11-20",
        mealType: "lunch",
        foods: "rice ,  broth,",
        symptoms: " gas ",
      })
    ).json();
    expect(entry).toMatchObject({ foods: ["rice", "broth"], symptoms: ["gas"] });
  });

  it("lists entries of the same day by time, newest first, those without a time after them", async () => {
    const user = await signUp(t.app);
    await expectListedByDateThenTime(user, "/api/food-diary", (date, time) => ({
      date,
      time,
      mealType: "snack",
    }));
  });
});
