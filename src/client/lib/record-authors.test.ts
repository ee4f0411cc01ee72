import { describe, expect, it } from "vitest";
import {
  type AuthoredRecord,
  authorsDetail,
  authorsParts,
  authorsText,
  personLabel,
  whenText,
} from "./record-authors";

const MARIA = "11111111-1111-4111-8111-111111111111";
const TOM = "22222222-2222-4222-8222-222222222222";
const NOBODY = "33333333-3333-4333-8333-333333333333";

/** 15:00 on 1 March 2026 in Chicago (UTC-6). */
const now = new Date("2026-03-01T21:00:00Z");
const reader = { viewerId: NOBODY, timeZone: "America/Chicago", now };

function record(overrides: Partial<AuthoredRecord>): AuthoredRecord {
  return {
    createdAt: "2025-11-24T18:00:00.000Z",
    updatedAt: "2025-11-24T18:00:00.000Z",
    createdBy: MARIA,
    updatedBy: MARIA,
    createdByName: "Maria Lopez",
    updatedByName: "Maria Lopez",
    ...overrides,
  };
}

describe("authorsText", () => {
  it("names who added a record not changed since, and when", () => {
    expect(authorsText(record({}), reader)).toBe("Added by Maria, Nov 24, 2025");
    const thisYear = record({ createdAt: "2026-02-10T18:00:00Z", updatedAt: "2026-02-10T18:00:00Z" });
    expect(authorsText(thisYear, reader)).toBe("Added by Maria, Feb 10");
  });

  it("names who changed it when someone else did, with the change's time", () => {
    const changed = record({ updatedAt: "2026-03-01T19:00:00Z", updatedBy: TOM, updatedByName: "Tom Lopez" });
    expect(authorsText(changed, reader)).toBe("Added by Maria · changed by Tom, 2 hours ago");
  });

  it("names the person once when they added and changed it", () => {
    const changed = record({ updatedAt: "2026-03-01T20:55:00Z" });
    expect(authorsText(changed, reader)).toBe("Added and changed by Maria, 5 minutes ago");
  });

  it("says you for the reader's own additions and changes", () => {
    const mine = { ...reader, viewerId: MARIA };
    expect(authorsText(record({ createdAt: now, updatedAt: now }), mine)).toBe("Added by you, just now");
    const changedByTom = record({ updatedAt: "2026-02-28T12:00:00Z", updatedBy: TOM, updatedByName: "Tom" });
    expect(authorsText(changedByTom, mine)).toBe("Added by you · changed by Tom, Feb 28");
    const changedByMe = record({ createdBy: TOM, createdByName: "Tom", updatedAt: "2026-03-01T20:00:00Z" });
    expect(authorsText(changedByMe, mine)).toBe("Added by Tom · changed by you, 1 hour ago");
  });

  it("says nothing of who when the name is gone", () => {
    const restored = record({ createdBy: null, updatedBy: null, createdByName: null, updatedByName: null });
    expect(authorsText(restored, reader)).toBe("Added Nov 24, 2025");
    const changed = { ...restored, updatedAt: "2026-03-01T18:00:00Z" };
    expect(authorsText(changed, reader)).toBe("Added Nov 24, 2025 · changed 3 hours ago");
    const changedByTom = { ...changed, updatedBy: TOM, updatedByName: "Tom" };
    expect(authorsText(changedByTom, reader)).toBe("Added Nov 24, 2025 · changed by Tom, 3 hours ago");
    const changerGone = record({ updatedAt: "2026-03-01T18:00:00Z", updatedBy: null, updatedByName: null });
    expect(authorsText(changerGone, reader)).toBe("Added by Maria · changed 3 hours ago");
  });

  it("does not take the same person's account, gone, for somebody named", () => {
    const gone = record({ createdByName: null, updatedByName: null, updatedAt: "2026-03-01T18:00:00Z" });
    expect(authorsText(gone, reader)).toBe("Added Nov 24, 2025 · changed 3 hours ago");
  });
});

describe("whenText", () => {
  it("is relative within a day, else the family's date", () => {
    expect(whenText("2026-03-01T20:59:30Z", reader)).toBe("just now");
    expect(whenText("2026-03-01T20:59:00Z", reader)).toBe("1 minute ago");
    expect(whenText("2026-03-01T08:00:00Z", reader)).toBe("13 hours ago");
    // 02:00 UTC on 1 March is still 28 February in Chicago.
    expect(whenText("2026-02-28T02:00:00Z", reader)).toBe("Feb 27");
    expect(whenText("2026-01-01T03:00:00Z", reader)).toBe("Dec 31, 2025");
  });

  it("reads a time a little ahead (another device's clock) as now", () => {
    expect(whenText("2026-03-01T21:00:05Z", reader)).toBe("just now");
  });
});

describe("personLabel", () => {
  it("is you, the first name, or nothing", () => {
    expect(personLabel(MARIA, "Maria Lopez", MARIA)).toBe("you");
    expect(personLabel(MARIA, " Maria  de la Cruz ", TOM)).toBe("Maria");
    expect(personLabel(MARIA, "grace.l@example.org", TOM)).toBe("grace.l");
    expect(personLabel(MARIA, "Maria de la Cruz", TOM, { full: true })).toBe("Maria de la Cruz");
    expect(personLabel(MARIA, null, TOM)).toBeNull();
    expect(personLabel(MARIA, "  ", TOM)).toBeNull();
    expect(personLabel(null, null, null)).toBeNull();
  });
});

describe("authorsParts", () => {
  it("keeps the change apart from the addition, or gives one part", () => {
    const changed = record({ updatedAt: "2026-03-01T19:00:00Z", updatedBy: TOM, updatedByName: "Tom" });
    expect(authorsParts(changed, reader)).toEqual(["Added by Maria", "changed by Tom, 2 hours ago"]);
    expect(authorsParts(record({}), reader)).toEqual(["Added by Maria, Nov 24, 2025"]);
  });
});

describe("authorsDetail", () => {
  it("gives the exact times in the family's zone", () => {
    const changed = record({ updatedAt: "2026-03-01T19:05:00Z", updatedBy: TOM, updatedByName: "Tom" });
    expect(authorsDetail(changed, reader)).toBe(
      "Added by Maria Lopez on Nov 24, 2025 12:00 · changed by Tom on Mar 1, 2026 13:05",
    );
  });
});
