import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { childInput } from "./children";

describe("a child's date of birth", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2026, 10, 24, 9, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const issues = (dateOfBirth: string) =>
    childInput
      .safeParse({ name: "Sam", dateOfBirth })
      .error?.issues.map((i) => ({ path: i.path.join("."), message: i.message })) ?? [];

  it("may be today, and not tomorrow", () => {
    expect(issues("2026-11-24")).toEqual([]);
    expect(issues("2026-11-25")).toEqual([
      { path: "dateOfBirth", message: "Date of birth cannot be in the future" },
    ]);
  });

  it("may not be before 1900", () => {
    expect(issues("1900-01-01")).toEqual([]);
    expect(issues("1899-12-31")).toEqual([
      { path: "dateOfBirth", message: "Date of birth cannot be before 1900" },
    ]);
  });
});
