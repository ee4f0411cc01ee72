import { describe, expect, it } from "vitest";
import { addDays } from "../../../domain/dates";
import { nightOf } from "./backup-schedule";
import { archivesToKeep, type DatedArchive } from "./retention";

const DEFAULT = { daily: 7, weekly: 4, monthly: 12 };
const night = (date: string, zone = "UTC") => nightOf(date, { hour: 3, minute: 30 }, zone);

/** A year of nightly backups, the policy applied after each night as the job does. */
function simulateYear(
  first: string,
  nights: number,
  zone: string,
  keep = DEFAULT,
  skip = (_: number) => false,
) {
  let kept: DatedArchive[] = [];
  const made: DatedArchive[] = [];
  for (let day = 0; day < nights; day++) {
    if (skip(day)) continue;
    const date = addDays(first, day);
    const archive = { name: date, createdAt: night(date, zone) };
    made.push(archive);
    kept.push(archive);
    const keepNow = archivesToKeep(kept, keep, zone);
    kept = kept.filter((a) => keepNow.has(a.name));
  }
  return { kept: kept.map((a) => a.name).sort(), made };
}

describe("which backups are kept", () => {
  it("keeps 7 days, 4 weeks and 12 months after a year of nights", () => {
    const { kept } = simulateYear("2026-01-01", 365, "UTC");
    expect(kept).toEqual([
      // the newest of each month (December's is among the days)
      "2026-01-31",
      "2026-02-28",
      "2026-03-31",
      "2026-04-30",
      "2026-05-31",
      "2026-06-30",
      "2026-07-31",
      "2026-08-31",
      "2026-09-30",
      "2026-10-31",
      "2026-11-30",
      // the newest of each ISO week: W50 (Dec 7-13), W51, W52 (Dec 21-27) and W53 (the last days)
      "2026-12-13",
      "2026-12-20",
      // the last 7 days
      "2026-12-25",
      "2026-12-26",
      "2026-12-27",
      "2026-12-28",
      "2026-12-29",
      "2026-12-30",
      "2026-12-31",
    ]);
  });

  it("keeps on each night what it would keep of the whole year at once", () => {
    for (const zone of ["UTC", "Europe/Berlin", "America/Chicago", "Pacific/Auckland"]) {
      // Nights missed here and there (the server was off), some months without any.
      const skip = (day: number) => day % 11 === 3 || (day > 100 && day < 140) || day % 29 === 0;
      for (const keep of [
        DEFAULT,
        { daily: 2, weekly: 0, monthly: 3 },
        { daily: 0, weekly: 5, monthly: 0 },
      ]) {
        const { kept, made } = simulateYear("2026-02-10", 400, zone, keep, skip);
        expect(kept, `${zone} ${JSON.stringify(keep)}`).toEqual([...archivesToKeep(made, keep, zone)].sort());
        expect(kept.length).toBeLessThanOrEqual(keep.daily + keep.weekly + keep.monthly + 1);
        expect(kept).toContain(made.at(-1)!.name);
      }
    }
  });

  it("reads days in the server's time zone", () => {
    // 23:30 in New York on the 1st is the 2nd in UTC: two backups on one New York day.
    const archives = [
      { name: "late", createdAt: new Date("2026-03-02T04:30:00Z") },
      { name: "early", createdAt: new Date("2026-03-01T14:00:00Z") },
      { name: "before", createdAt: new Date("2026-02-28T14:00:00Z") },
    ];
    const keep = { daily: 2, weekly: 0, monthly: 0 };
    expect([...archivesToKeep(archives, keep, "America/New_York")].sort()).toEqual(["before", "late"]);
    expect([...archivesToKeep(archives, keep, "UTC")].sort()).toEqual(["early", "late"]);
  });

  it("always keeps the newest, and keeps nothing else with every count at 0", () => {
    const archives = ["2026-05-01", "2026-05-02", "2026-05-03"].map((d) => ({
      name: d,
      createdAt: night(d),
    }));
    expect([...archivesToKeep(archives, { daily: 0, weekly: 0, monthly: 0 }, "UTC")]).toEqual(["2026-05-03"]);
    expect(archivesToKeep([], DEFAULT, "UTC").size).toBe(0);
  });

  it("keeps the newest of a day that has several (one asked for in the evening)", () => {
    const archives = [
      { name: "night", createdAt: night("2026-05-02") },
      { name: "evening", createdAt: new Date("2026-05-02T19:00:00Z") },
      { name: "day-before", createdAt: night("2026-05-01") },
    ];
    expect([...archivesToKeep(archives, { daily: 2, weekly: 0, monthly: 0 }, "UTC")].sort()).toEqual([
      "day-before",
      "evening",
    ]);
  });
});
