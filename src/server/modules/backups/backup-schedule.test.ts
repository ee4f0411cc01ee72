import { describe, expect, it } from "vitest";
import { isNight, nextNight, nightsBetween } from "./backup-schedule";

const at330 = { hour: 3, minute: 30 };

describe("the nightly backup's time", () => {
  it("is the next 03:30 on the server's clock", () => {
    expect(nextNight(new Date("2026-05-01T12:00:00Z"), at330, "UTC")).toEqual(
      new Date("2026-05-02T03:30:00Z"),
    );
    expect(nextNight(new Date("2026-05-01T03:29:59Z"), at330, "UTC")).toEqual(
      new Date("2026-05-01T03:30:00Z"),
    );
    // Strictly after: a job that runs at 03:30 queues the next night's.
    expect(nextNight(new Date("2026-05-01T03:30:00Z"), at330, "UTC")).toEqual(
      new Date("2026-05-02T03:30:00Z"),
    );
    expect(nextNight(new Date("2026-05-01T12:00:00Z"), at330, "America/Chicago")).toEqual(
      new Date("2026-05-02T08:30:00Z"),
    );
    expect(nextNight(new Date("2026-05-01T12:00:00Z"), at330, "Asia/Kathmandu")).toEqual(
      new Date("2026-05-01T21:45:00Z"),
    );
  });

  it("follows daylight saving time, and still runs on the night the clocks skip it", () => {
    // Berlin: 2026-03-29 02:00 becomes 03:00; 2026-10-25 03:00 becomes 02:00.
    expect(nextNight(new Date("2026-03-28T12:00:00Z"), at330, "Europe/Berlin")).toEqual(
      new Date("2026-03-29T01:30:00Z"),
    );
    expect(nextNight(new Date("2026-03-27T12:00:00Z"), at330, "Europe/Berlin")).toEqual(
      new Date("2026-03-28T02:30:00Z"),
    );
    const skipped = nextNight(new Date("2026-03-28T12:00:00Z"), { hour: 2, minute: 30 }, "Europe/Berlin");
    expect(skipped.getTime()).toBeGreaterThan(new Date("2026-03-28T12:00:00Z").getTime());
    expect(skipped.getTime()).toBeLessThan(new Date("2026-03-29T12:00:00Z").getTime());
  });

  it("tells a time of the schedule from another", () => {
    expect(isNight(new Date("2026-05-02T03:30:00Z"), at330, "UTC")).toBe(true);
    expect(isNight(new Date("2026-05-02T04:00:00Z"), at330, "UTC")).toBe(false);
    expect(isNight(new Date("2026-05-02T03:30:00Z"), { hour: 4, minute: 0 }, "UTC")).toBe(false);
  });

  it("counts the nights a backup was due between two moments", () => {
    const lastGood = new Date("2026-05-01T03:31:00Z");
    expect(nightsBetween(lastGood, new Date("2026-05-01T12:00:00Z"), at330, "UTC")).toBe(0);
    expect(nightsBetween(lastGood, new Date("2026-05-02T03:30:00Z"), at330, "UTC")).toBe(1);
    expect(nightsBetween(lastGood, new Date("2026-05-03T03:31:00Z"), at330, "UTC")).toBe(2);
    expect(nightsBetween(lastGood, new Date("2026-05-08T03:31:00Z"), at330, "UTC")).toBe(7);
  });
});
