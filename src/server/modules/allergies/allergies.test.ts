import { afterAll, beforeAll, describe } from "vitest";
import { ownedCrudContract } from "../../../../tests/helpers/owned-crud-contract";
import { buildTestApp, type TestApp } from "../../../../tests/helpers/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("medical allergies", () => {
  ownedCrudContract(() => t, {
    path: "/api/allergies",
    valid: { allergen: "Latex", reaction: "Hives", severity: "severe", dateDiscovered: "2024-03-10" },
    change: { severity: "life-threatening", treatment: "EpiPen" },
    updateMethod: "PATCH",
    required: ["allergen", "reaction", "severity"],
    invalid: { severity: "extreme" },
    linksChild: "optional",
    dates: { dateDiscovered: "any" },
  });
});
