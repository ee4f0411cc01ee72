import { describe, expect, it } from "vitest";
import { instantOf } from "./clock";
import { DEFAULT_ESCALATION, inQuietHours, nextWake, plannedDeliveries, type QuietHours } from "./escalation";

const TZ = "America/Chicago";
const at = (time: string, date = "2026-11-27") => instantOf(date, time, TZ);
const order = ["maria", "dad", "grandma"];
const noQuiet = (_userId: string): QuietHours | null => null;

const plan = (now: Date, extra: Partial<Parameters<typeof plannedDeliveries>[0]> = {}, quiet = noQuiet) =>
  plannedDeliveries(
    { dueAt: at("08:00"), urgent: false, ...extra },
    DEFAULT_ESCALATION,
    order,
    quiet,
    TZ,
    now,
  ).map(
    (d) =>
      `${d.at.toISOString() === at("08:00").toISOString() ? "due" : `+${(d.at.getTime() - at("08:00").getTime()) / 60_000}`} ${d.userId}${d.urgent ? " urgent" : ""}`,
  );

describe("the escalation ladder", () => {
  it("tells the first caregiver at the due time, repeats every 15 minutes, adds the next at +30 and everyone at +60, not urgent for a routine task", () => {
    expect(plan(at("07:59"))).toEqual([]);
    expect(plan(at("08:00"))).toEqual(["due maria"]);
    expect(plan(at("09:00"))).toEqual([
      "due maria",
      "+15 maria",
      "+30 maria",
      "+30 dad",
      "+45 maria",
      "+45 dad",
      "+60 maria",
      "+60 dad",
      "+60 grandma",
    ]);
  });

  it("gives only the last repeat's round when asked since then, however long ago the task came due", () => {
    const now = new Date(at("08:00").getTime() + 200 * 24 * 60 * 60_000 + 7 * 60_000);
    const since = new Date(now.getTime() - 15 * 60_000);
    const latest = plannedDeliveries(
      { dueAt: at("08:00"), urgent: false },
      DEFAULT_ESCALATION,
      order,
      noQuiet,
      TZ,
      now,
      since,
    );
    expect(latest.map((d) => [d.userId, d.step])).toEqual([
      ["maria", 2],
      ["dad", 2],
      ["grandma", 2],
    ]);
    expect(latest[0]!.at.getTime()).toBe(now.getTime() - 7 * 60_000);
  });

  it("stops for everyone once acknowledged, and starts again where a snooze ends", () => {
    expect(plan(at("09:00"), { acknowledgedAt: at("08:20") })).toEqual(["due maria", "+15 maria"]);
    expect(plan(at("08:40"), { snoozedUntil: at("08:20") })).toEqual(["+20 maria", "+35 maria", "+35 dad"]);
  });

  it("sends an urgent task to everyone at once", () => {
    expect(plan(at("08:00"), { urgent: true })).toEqual([
      "due maria urgent",
      "due dad urgent",
      "due grandma urgent",
    ]);
  });

  it("holds what is not urgent during a person's quiet hours, and not what is urgent", () => {
    const quiet = (userId: string) => (userId === "dad" ? { start: "22:00", end: "08:40" } : null);
    expect(plan(at("09:00"), {}, quiet)).toEqual([
      "due maria",
      "+15 maria",
      "+30 maria",
      "+45 maria",
      "+45 dad",
      "+60 maria",
      "+60 dad",
      "+60 grandma",
    ]);
    const asleep = (_userId: string) => ({ start: "00:00", end: "23:59" });
    expect(plan(at("08:00"), { urgent: true }, asleep)).toEqual([
      "due maria urgent",
      "due dad urgent",
      "due grandma urgent",
    ]);
    expect(inQuietHours({ start: "22:00", end: "07:00" }, "23:30")).toBe(true);
    expect(inQuietHours({ start: "22:00", end: "07:00" }, "07:00")).toBe(false);
    expect(inQuietHours({ start: "13:00", end: "15:00" }, "14:59")).toBe(true);
  });

  it("lets a routine task that reached everyone wait for the end of quiet hours: a tubing change due at 23:00 wakes nobody at midnight", () => {
    const night = (userId: string) => (userId === "grandma" ? null : { start: "22:30", end: "07:00" });
    const tubing = plannedDeliveries(
      { dueAt: at("23:00"), urgent: false },
      DEFAULT_ESCALATION,
      order,
      night,
      TZ,
      at("07:00", "2026-11-28"),
    );
    const byNight = tubing.filter((d) => d.at < at("07:00", "2026-11-28"));
    // Only grandma keeps no quiet hours: she alone hears of it in the night, from midnight on.
    expect(new Set(byNight.map((d) => d.userId))).toEqual(new Set(["grandma"]));
    expect(byNight[0]!.at).toEqual(at("00:00", "2026-11-28"));
    expect(tubing.every((d) => !d.urgent)).toBe(true);
    // At 07:00 the round reaches the sleepers again: everyone, as the ladder says by then.
    expect(
      tubing.filter((d) => d.at.getTime() === at("07:00", "2026-11-28").getTime()).map((d) => d.userId),
    ).toEqual(["maria", "dad", "grandma"]);
  });

  it("wakes at the due time, then at each round, and not after an acknowledgement", () => {
    const o = { dueAt: at("08:00"), urgent: false };
    expect(nextWake(o, DEFAULT_ESCALATION, at("06:00"))).toEqual(at("08:00"));
    expect(nextWake(o, DEFAULT_ESCALATION, at("08:00"))).toEqual(at("08:15"));
    expect(nextWake(o, DEFAULT_ESCALATION, at("08:29"))).toEqual(at("08:30"));
    expect(nextWake({ ...o, snoozedUntil: at("08:50") }, DEFAULT_ESCALATION, at("08:31"))).toEqual(
      at("08:50"),
    );
    expect(nextWake({ ...o, acknowledgedAt: at("08:10") }, DEFAULT_ESCALATION, at("08:31"))).toBeNull();
  });
});
