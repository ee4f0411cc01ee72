import { describe, expect, it } from "vitest";
import { loginHref, nextAfterSignIn } from "./next-after-sign-in";
import { sessionEndedReason } from "./session-ended";

describe("why the session ended", () => {
  it("names the idle limit in the configured minutes, and the 24 hours", () => {
    expect(sessionEndedReason("a=1; session_ended=idle-120")).toBe(
      "You were signed out after 2 hours without use, to keep your records private.",
    );
    expect(sessionEndedReason("session_ended=idle-45")).toMatch(/after 45 minutes without use/);
    expect(sessionEndedReason("session_ended=absolute")).toMatch(/24 hours after signing in/);
    expect(sessionEndedReason("session_ended=idle-x")).toBeUndefined();
    expect(sessionEndedReason("")).toBeUndefined();
  });
});

describe("where sign-in goes next", () => {
  it("goes to the opened screen or a safe next, never another site", () => {
    expect(nextAfterSignIn({ pathname: "/tpn-nutrition", search: "?add=1" })).toBe("/tpn-nutrition?add=1");
    expect(nextAfterSignIn({ pathname: "/", search: "?signin=1&next=%2Fnotes%3Fadd%3D1" })).toBe(
      "/notes?add=1",
    );
    expect(nextAfterSignIn({ pathname: "/", search: "?signin=1&next=%2F%2Fevil.example" })).toBe("/");
    expect(nextAfterSignIn({ pathname: "/", search: "?next=https%3A%2F%2Fevil.example" })).toBe("/");
    expect(nextAfterSignIn({ pathname: "/", search: "" })).toBe("/");
    expect(loginHref("/tpn-nutrition?add=1")).toBe("/api/login?next=%2Ftpn-nutrition%3Fadd%3D1");
    expect(loginHref("/")).toBe("/api/login");
  });
});
