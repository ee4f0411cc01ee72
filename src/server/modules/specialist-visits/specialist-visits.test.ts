import { afterAll, beforeAll, describe, it } from "vitest";
import { expectListedByDateThenTime } from "../../../../tests/helpers/list-order";
import { ownedCrudContract } from "../../../../tests/helpers/owned-crud-contract";
import { buildTestApp, signUp, type TestApp } from "../../../../tests/helpers/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("specialist visits", () => {
  ownedCrudContract(() => t, {
    path: "/api/specialist-visits",
    valid: {
      doctorName: "Dr. Okafor",
      specialty: "Gastroenterology",
      date: "2026-12-01",
      time: "09:30",
      location: "Clinic B",
    },
    change: { followUpNeeded: "Repeat liver panel in 4 weeks", time: "10:15" },
    updateMethod: "PATCH",
    required: ["doctorName", "specialty", "date"],
    invalid: { date: "2026-02-30", time: "25:00" },
    linksChild: "optional",
    dates: { date: "future" },
  });

  it("lists visits of the same day by time, newest first, those without a time after them", async () => {
    const user = await signUp(t.app);
    await expectListedByDateThenTime(user, "/api/specialist-visits", (date, time) => ({
      doctorName: "Dr. Nguyen",
      specialty: "GI",
      date,
      time,
    }));
  });
});
