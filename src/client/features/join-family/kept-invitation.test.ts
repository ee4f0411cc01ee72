import { describe, expect, it } from "vitest";
import { keptInvitation } from "./kept-invitation";

describe("the invitation kept across a sign-in", () => {
  it("takes the token of the address first, as a link just opened", () => {
    const stored = JSON.stringify({ token: "old", acceptAfterSignIn: true });
    expect(keptInvitation("?token=abc", stored)).toEqual({ token: "abc", acceptAfterSignIn: false });
    expect(keptInvitation("?token=abc", null)).toEqual({ token: "abc", acceptAfterSignIn: false });
  });

  it("else the one kept in the tab, with whether to accept on return", () => {
    expect(keptInvitation("", JSON.stringify({ token: "abc", acceptAfterSignIn: true }))).toEqual({
      token: "abc",
      acceptAfterSignIn: true,
    });
    expect(keptInvitation("?token=", JSON.stringify({ token: "abc" }))).toEqual({
      token: "abc",
      acceptAfterSignIn: false,
    });
  });

  it("finds nothing in an empty or damaged store", () => {
    expect(keptInvitation("", null)).toBeNull();
    expect(keptInvitation("", "not json")).toBeNull();
    expect(keptInvitation("", JSON.stringify({ token: "" }))).toBeNull();
    expect(keptInvitation("", JSON.stringify(["abc"]))).toBeNull();
  });
});
