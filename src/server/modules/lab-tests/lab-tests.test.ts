import { afterAll, beforeAll, describe } from "vitest";
import { ownedCrudContract } from "../../../../tests/helpers/owned-crud-contract";
import { buildTestApp, type TestApp } from "../../../../tests/helpers/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("lab tests", () => {
  ownedCrudContract(() => t, {
    path: "/api/lab-tests",
    valid: {
      testName: "Comprehensive metabolic panel",
      date: "2026-11-02",
      status: "pending",
      orderedBy: "Dr. Patel",
      normalRange: "",
    },
    change: { status: "completed", results: "Potassium 3.9 mmol/L" },
    updateMethod: "PATCH",
    required: ["testName", "date", "status"],
    invalid: { status: "lost" },
    linksChild: "optional",
    dates: { date: "future" },
  });
});
