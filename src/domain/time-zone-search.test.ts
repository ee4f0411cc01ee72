import { describe, expect, it } from "vitest";
import { findTimeZone, timeZoneChoices } from "./time-zone-search";

describe("finding the family's time zone by a city", () => {
  it("takes a city that names a zone, in any case and with spaces", () => {
    expect(findTimeZone("Honolulu")).toBe("Pacific/Honolulu");
    expect(findTimeZone("honolulu ")).toBe("Pacific/Honolulu");
    expect(findTimeZone("new york")).toBe("America/New_York");
    expect(findTimeZone("Los Angeles")).toBe("America/Los_Angeles");
  });

  it("takes a common city that no zone is named after", () => {
    expect(findTimeZone("Boston")).toBe("America/New_York");
    expect(findTimeZone("san francisco")).toBe("America/Los_Angeles");
    expect(findTimeZone("Manchester")).toBe("Europe/London");
  });

  it("takes a zone's own name, in any case, and a choice as the list writes it", () => {
    expect(findTimeZone("europe/paris")).toBe("Europe/Paris");
    expect(findTimeZone("UTC")).toBe("UTC");
    expect(findTimeZone("Boston (America/New_York)")).toBe("America/New_York");
  });

  it("finds nothing for what is not a place", () => {
    expect(findTimeZone("Atlantis")).toBeUndefined();
    expect(findTimeZone("")).toBeUndefined();
  });

  it("offers the cities and zones that start with what was typed", () => {
    expect(timeZoneChoices("hono")).toContain("Honolulu (Pacific/Honolulu)");
    expect(timeZoneChoices("bost")).toContain("Boston (America/New_York)");
  });
});
