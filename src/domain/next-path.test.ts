import { describe, expect, it } from "vitest";
import { safeNextPath } from "./next-path";

describe("the path after signing in", () => {
  it("keeps a path of this site, with its query", () => {
    expect(safeNextPath("/tpn?log=today")).toBe("/tpn?log=today");
    expect(safeNextPath("/medications")).toBe("/medications");
  });

  it.each([
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "",
    " /tpn",
    undefined,
    42,
  ])("sends %j to the dashboard", (next) => {
    expect(safeNextPath(next)).toBe("/");
  });
});
