import { describe, expect, it } from "vitest";
import { can, ROLES } from "./roles";

describe("what each role may do", () => {
  it("lets every role read, owners and caregivers write and share, and only the owner manage", () => {
    const table = Object.fromEntries(
      ROLES.map((role) => [
        role,
        (["read", "write", "share", "manage"] as const).filter((p) => can(role, p)),
      ]),
    );
    expect(table).toEqual({
      owner: ["read", "write", "share", "manage"],
      caregiver: ["read", "write", "share"],
      viewer: ["read"],
    });
  });
});
