import { describe, expect, it } from "vitest";
import { newRecoveryCodes, openSecret, recoveryCodeHash, sealSecret, totpStep } from "./totp";

/** RFC 6238, appendix B: the SHA-1 seed and the code at T = 59 s (94287082, of which 6 digits are kept). */
const RFC_SEED = Buffer.from("12345678901234567890");
const at = (seconds: number) => new Date(seconds * 1000);

describe("TOTP codes", () => {
  it("checks the RFC 6238 test vector, one step either side and no further", () => {
    expect(totpStep(RFC_SEED, "287082", at(59))).toBe(1);
    // Typed with a space.
    expect(totpStep(RFC_SEED, "287 082", at(59))).toBe(1);
    // The same code a step later (a phone a little behind) and a step earlier (a little ahead).
    expect(totpStep(RFC_SEED, "287082", at(89))).toBe(1);
    expect(totpStep(RFC_SEED, "287082", at(29))).toBe(1);
    expect(totpStep(RFC_SEED, "287082", at(119))).toBeNull();
    expect(totpStep(RFC_SEED, "287083", at(59))).toBeNull();
  });

  it("seals a secret so that only this server's key opens it, for its own account", () => {
    const sealed = sealSecret(RFC_SEED, "account-a", "a server secret of at least 32 characters");
    expect(sealed).not.toContain(RFC_SEED.toString("base64url"));
    expect(openSecret(sealed, "account-a", "a server secret of at least 32 characters")).toEqual(RFC_SEED);
    expect(openSecret(sealed, "account-b", "a server secret of at least 32 characters")).toBeUndefined();
    expect(openSecret(sealed, "account-a", "another server secret, also 32 characters")).toBeUndefined();
    expect(
      openSecret(`${sealed}x`, "account-a", "a server secret of at least 32 characters"),
    ).toBeUndefined();
    expect(
      openSecret("not sealed", "account-a", "a server secret of at least 32 characters"),
    ).toBeUndefined();
  });

  it("makes ten different recovery codes, read back however they are typed", () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
    const hash = recoveryCodeHash("1o0a-bcde-fghj-kmnp");
    expect(recoveryCodeHash("10 0A BCDE FGHJ KMNP")).toBe(hash);
    expect(recoveryCodeHash("lOOa-bcde-fghj-kmnp")).toBe(hash);
    expect(recoveryCodeHash("iooabcdefghjkmnp")).toBe(hash);
    expect(recoveryCodeHash("2o0a-bcde-fghj-kmnp")).not.toBe(hash);
  });
});
