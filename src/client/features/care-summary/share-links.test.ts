import { describe, expect, it } from "vitest";
import { SHARE_LINK_DEFAULT_HOURS, SHARE_LINK_MAX_HOURS } from "@/domain/family";
import { DEFAULT_EXPIRY_HOURS, EXPIRY_CHOICES, expiryLabel, linkState, viewsLabel } from "./share-links";

describe("a clinic link's expiry choices", () => {
  it("offers 24 hours, 3 days, 7 days and 30 days, 3 days first chosen, all within what the server takes", () => {
    expect(EXPIRY_CHOICES.map((c) => c.label)).toEqual(["24 hours", "3 days", "7 days", "30 days"]);
    expect(DEFAULT_EXPIRY_HOURS).toBe(SHARE_LINK_DEFAULT_HOURS);
    expect(expiryLabel(DEFAULT_EXPIRY_HOURS)).toBe("3 days");
    for (const { hours } of EXPIRY_CHOICES) {
      expect(hours).toBeGreaterThanOrEqual(1);
      expect(hours).toBeLessThanOrEqual(SHARE_LINK_MAX_HOURS);
    }
  });

  it("names a length no choice offers in days or hours", () => {
    expect(expiryLabel(168)).toBe("7 days");
    expect(expiryLabel(48)).toBe("2 days");
    expect(expiryLabel(1)).toBe("1 hour");
    expect(expiryLabel(36)).toBe("36 hours");
  });
});

describe("a clinic link's state", () => {
  const now = new Date("2026-11-27T12:00:00Z");

  it("works until its time, not at it", () => {
    expect(linkState({ expiresAt: "2026-11-27T12:00:01.000Z", revokedAt: null }, now)).toBe("active");
    expect(linkState({ expiresAt: "2026-11-27T12:00:00.000Z", revokedAt: null }, now)).toBe("expired");
    expect(linkState({ expiresAt: "2026-11-20T08:00:00.000Z", revokedAt: null }, now)).toBe("expired");
  });

  it("is withdrawn once revoked, before or after its time", () => {
    const revokedAt = "2026-11-26T09:00:00.000Z";
    expect(linkState({ expiresAt: "2026-11-30T12:00:00.000Z", revokedAt }, now)).toBe("withdrawn");
    expect(linkState({ expiresAt: "2026-11-26T12:00:00.000Z", revokedAt }, now)).toBe("withdrawn");
  });
});

describe("a clinic link's views", () => {
  it("counts them in words, saying when the list may hold only the newest", () => {
    expect(viewsLabel(0)).toBe("Not opened yet");
    expect(viewsLabel(1)).toBe("Opened once");
    expect(viewsLabel(7)).toBe("Opened 7 times");
    expect(viewsLabel(50)).toBe("Opened 50 times or more");
  });
});
