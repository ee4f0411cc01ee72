import { afterEach, describe, expect, it } from "vitest";
import { followAccountTimeFormat, followAccountTimeZone } from "./family-clock";
import { dataAge, dataAgeText, keptOffline, OFFLINE_MAX_AGE_MS, offlineBuster } from "./offline-answers";

const NOW = Date.parse("2026-11-28T08:40:00Z");
const loaded = (dataUpdatedAt = NOW) => ({ status: "success", dataUpdatedAt });

describe("which answers this device keeps", () => {
  it("keeps the records, the dashboard and the care summary", () => {
    expect(keptOffline(["vitals", "pages", { kind: "temperature", childId: "c1" }], loaded(), NOW)).toBe(
      true,
    );
    expect(keptOffline(["dashboard", "stats"], loaded(), NOW)).toBe(true);
    expect(keptOffline(["care-summary", { childId: null }], loaded(), NOW)).toBe(true);
    expect(keptOffline(["care-team"], loaded(), NOW)).toBe(true);
  });

  it("never keeps who is signed in, the clinic's links or what means nothing later", () => {
    for (const key of [
      ["auth", "user"],
      ["auth", "passkeys"],
      ["share-links"],
      ["restores", "job-1"],
      ["account-storage"],
    ]) {
      expect(keptOffline(key, loaded(), NOW), key.join("/")).toBe(false);
    }
  });

  it("keeps only what loaded, and for 30 days at most", () => {
    expect(keptOffline(["notes"], { status: "error", dataUpdatedAt: 0 }, NOW)).toBe(false);
    expect(keptOffline(["notes"], { status: "pending", dataUpdatedAt: 0 }, NOW)).toBe(false);
    expect(keptOffline(["notes"], loaded(NOW - OFFLINE_MAX_AGE_MS), NOW)).toBe(true);
    expect(keptOffline(["notes"], loaded(NOW - OFFLINE_MAX_AGE_MS - 1), NOW)).toBe(false);
  });

  it("drops what an older app or an older schema kept", () => {
    expect(offlineBuster("0.1.0")).not.toBe(offlineBuster("0.2.0"));
    expect(offlineBuster("0.1.0")).toMatch(/^0\.1\.0:\d+$/);
  });
});

describe("how old the data shown may be", () => {
  const fresh = { hasData: true, dataUpdatedAt: NOW - 60_000, errorUpdatedAt: 0 };
  const failed = { hasData: true, dataUpdatedAt: NOW - 3_600_000, errorUpdatedAt: NOW };
  const missing = { hasData: false, dataUpdatedAt: 0, errorUpdatedAt: NOW };

  it("says nothing while online and every refresh worked", () => {
    expect(dataAge([fresh], true)).toBeNull();
    expect(dataAge([], true)).toBeNull();
    // A list that never loaded says so itself; the shell has no time to give for it.
    expect(dataAge([fresh, missing], true)).toBeNull();
  });

  it("offline: everything shown may be old, since its oldest fetch", () => {
    expect(dataAge([fresh, failed], false)).toEqual({ offline: true, asOf: failed.dataUpdatedAt });
    expect(dataAge([missing], false)).toEqual({ offline: true, asOf: null });
  });

  it("online: the answers whose last refresh failed", () => {
    expect(dataAge([fresh, failed], true)).toEqual({ offline: false, asOf: failed.dataUpdatedAt });
  });
});

describe("the shell's words", () => {
  afterEach(() => {
    followAccountTimeZone(null);
    followAccountTimeFormat(null);
  });

  it("gives the time on the family's clock, its way", () => {
    followAccountTimeZone("Europe/Paris");
    const asOf = Date.parse("2026-11-28T01:40:00Z");
    const now = new Date(NOW);
    expect(dataAgeText({ offline: true, asOf }, now)).toBe("Offline · as of 02:40");
    followAccountTimeFormat("12h");
    expect(dataAgeText({ offline: true, asOf }, now)).toBe("Offline · as of 2:40 AM");
    followAccountTimeZone("America/Chicago");
    // 19:40 the evening before in Chicago, where it is 02:40 now.
    expect(dataAgeText({ offline: false, asOf }, now)).toBe("Not up to date · as of yesterday 7:40 PM");
  });

  it("names the day when it is older than yesterday, and no time when nothing is shown", () => {
    followAccountTimeZone("Europe/Paris");
    expect(dataAgeText({ offline: true, asOf: Date.parse("2026-11-20T07:00:00Z") }, new Date(NOW))).toBe(
      "Offline · as of Nov 20, 2026 08:00",
    );
    expect(dataAgeText({ offline: true, asOf: null }, new Date(NOW))).toBe("Offline");
  });
});
