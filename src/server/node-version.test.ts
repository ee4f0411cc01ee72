import { describe, expect, it } from "vitest";
import { nodeVersionProblem } from "./node-version";

describe("the Node.js the server runs on", () => {
  it("is 22.12 or newer, and an older one is named with what to do", () => {
    expect(nodeVersionProblem("v24.21.0")).toBeNull();
    expect(nodeVersionProblem("22.12.0")).toBeNull();
    expect(nodeVersionProblem("v23.0.0")).toBeNull();
    expect(nodeVersionProblem("v22.11.9")).toMatch(
      /^Medical Care Tracker needs Node\.js 22\.12\.0 or newer; this is Node\.js 22\.11\.9\./,
    );
    expect(nodeVersionProblem("v20.20.2")).toContain("npm start");
  });

  it("is the one the tests run on", () => {
    expect(nodeVersionProblem(process.version)).toBeNull();
  });
});
