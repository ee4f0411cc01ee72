import { describe, expect, it } from "vitest";
import { followAccountTimeFormat } from "@/client/lib/family-clock";
import type { ApiToken } from "@/domain/api-tokens";
import { tokenDates, tokenScope } from "./api-token-texts";

const token: ApiToken = {
  id: "11111111-1111-4111-8111-111111111111",
  name: "Home Assistant",
  familyId: "22222222-2222-4222-8222-222222222222",
  familyName: "The Lopez family",
  timeZone: "America/Chicago",
  mode: "write",
  children: null,
  createdAt: "2026-11-20T14:30:00.000Z",
  expiresAt: "2027-02-18T14:30:00.000Z",
  lastUsedAt: null,
  revokedAt: null,
};

describe("a token in the Settings list", () => {
  it("says what it may do and for which children", () => {
    expect(tokenScope(token)).toBe("Read and write · Every child");
    expect(tokenScope({ mode: "read", children: [{ id: "a", name: "Sam" }] })).toBe("Read only · Sam");
    expect(
      tokenScope({
        mode: "read",
        children: [
          { id: "a", name: "Sam" },
          { id: "b", name: "Ana" },
          { id: "c", name: "Leo" },
        ],
      }),
    ).toBe("Read only · Sam, Ana and Leo");
  });

  it("gives its times on its family's clock, and whether it still works", () => {
    followAccountTimeFormat("24h");
    const now = new Date("2026-12-01T00:00:00Z");
    expect(tokenDates(token, now)).toEqual({
      state: "active",
      until: "Works until Feb 18, 2027 08:30",
      made: "Made Nov 20, 2026 08:30",
      used: "Not used yet",
    });
    expect(tokenDates({ ...token, lastUsedAt: "2026-11-21T01:05:00.000Z" }, now).used).toBe(
      "Last used Nov 20, 2026 19:05",
    );
    expect(tokenDates(token, new Date("2027-02-18T14:30:00Z"))).toMatchObject({
      state: "expired",
      until: "Expired Feb 18, 2027 08:30",
    });
    expect(tokenDates({ ...token, revokedAt: "2026-11-22T15:00:00.000Z" }, now)).toMatchObject({
      state: "revoked",
      until: "Revoked Nov 22, 2026 09:00",
    });
  });
});
