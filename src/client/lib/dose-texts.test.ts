import { describe, expect, it } from "vitest";
import {
  dosesToList,
  missedTexts,
  nextDueText,
  skipDescription,
  skipStartsAt,
  tooSoonQuestion,
} from "./dose-texts";
import { tooSoonOf } from "./doses-api";

const CHICAGO = "America/Chicago";
/** 10:30 on Nov 27, 2026 in Chicago (UTC-6). */
const now = new Date("2026-11-27T16:30:00Z");
const today = "2026-11-27";

describe("a medication's doses in words", () => {
  const twiceDaily = {
    scheduleKind: "times" as const,
    scheduleTimes: ["08:00", "20:00"],
    intervalHours: null,
    missedDoses: [] as string[],
  };
  const everyTwelve = {
    scheduleKind: "interval" as const,
    scheduleTimes: null,
    intervalHours: 12,
    missedDoses: [],
  };

  it("says when the next dose is due, and that it is due once that time has passed", () => {
    expect(nextDueText({ ...twiceDaily, nextDueAt: "2026-11-28T02:00:00Z" }, CHICAGO, now)).toEqual({
      text: "Next due 20:00 today",
      due: false,
    });
    expect(nextDueText({ ...twiceDaily, nextDueAt: "2026-11-27T14:00:00Z" }, CHICAGO, now)).toEqual({
      text: "Due since 08:00 today",
      due: true,
    });
    expect(nextDueText({ ...twiceDaily, nextDueAt: null }, CHICAGO, now)).toBeNull();
  });

  it("says the dose after a missed one as the next due, not the missed one again", () => {
    // 16:00: the 08:00 dose was missed; the server still answers it as the next due.
    const afternoon = new Date("2026-11-27T22:00:00Z");
    const missed = {
      ...twiceDaily,
      nextDueAt: "2026-11-27T14:00:00Z",
      missedDoses: ["2026-11-27T14:00:00Z"],
    };
    expect(nextDueText(missed, CHICAGO, afternoon)).toEqual({ text: "Next due 20:00 today", due: false });
    // Every 12 hours from yesterday's 08:00: 20:00 was missed, 08:00 is due since.
    const interval = {
      ...everyTwelve,
      nextDueAt: "2026-11-27T02:00:00Z",
      missedDoses: ["2026-11-27T02:00:00Z"],
    };
    expect(nextDueText(interval, CHICAGO, now)).toEqual({ text: "Due since 08:00 today", due: true });
  });

  it("names each missed dose, newest first, and counts the rest", () => {
    const missed = [
      "2026-11-27T14:00:00Z",
      "2026-11-27T02:00:00Z",
      "2026-11-26T14:00:00Z",
      "2026-11-26T02:00:00Z",
    ];
    expect(missedTexts(missed.slice(0, 1), CHICAGO, now)).toEqual(["Missed 08:00 today"]);
    expect(missedTexts(missed, CHICAGO, now)).toEqual([
      "Missed 08:00 today",
      "Missed 20:00 yesterday",
      "Missed 08:00 yesterday",
      "and 1 more missed",
    ]);
  });

  it("asks before a second dose, naming who gave the first", () => {
    const tooSoon = { message: "", lastDose: { givenAt: "2026-11-27T14:05:00Z", givenBy: "Sam Lee" } };
    expect(tooSoonQuestion("Ursodiol", tooSoon, CHICAGO, now)).toBe(
      "Ursodiol was given at 08:05 today by Sam Lee. Give another dose?",
    );
    expect(
      tooSoonQuestion(
        "Ursodiol",
        { ...tooSoon, lastDose: { ...tooSoon.lastDose, givenBy: null } },
        CHICAGO,
        now,
      ),
    ).toBe("Ursodiol was given at 08:05 today. Give another dose?");
  });

  it("skips the newest missed dose, else a dose now", () => {
    expect(skipStartsAt({ missedDoses: ["2026-11-27T14:00:00Z", "2026-11-27T02:00:00Z"] }, now)).toEqual(
      new Date("2026-11-27T14:00:00Z"),
    );
    expect(skipStartsAt({ missedDoses: [] }, now)).toBe(now);
    expect(skipDescription({ missedDoses: ["2026-11-27T02:00:00Z"] }, CHICAGO, now)).toBe(
      "Skipping the dose due 20:00 yesterday. Say why, for whoever gives the next one.",
    );
    expect(skipDescription({ missedDoses: [] }, CHICAGO, now)).toBe(
      "Skipping this dose now. Say why, for whoever gives the next one.",
    );
  });
});

describe("the doses the dashboard lists", () => {
  const medication = (over: object) => ({
    id: "x",
    scheduleKind: "times" as const,
    nextDueAt: null as string | null,
    missedDoses: [] as string[],
    isActive: "true" as const,
    startDate: null,
    endDate: null,
    ...over,
  });

  it("lists scheduled medications taken today, missed first, then the soonest due", () => {
    const later = medication({ id: "later", nextDueAt: "2026-11-28T02:00:00Z" });
    const sooner = medication({ id: "sooner", scheduleKind: "interval", nextDueAt: "2026-11-27T18:00:00Z" });
    const missed = medication({
      id: "missed",
      nextDueAt: "2026-11-28T02:00:00Z",
      missedDoses: ["2026-11-27T14:00:00Z"],
    });
    const asNeeded = medication({ id: "as-needed", scheduleKind: "as-needed" });
    const unscheduled = medication({ id: "none", scheduleKind: null, nextDueAt: null });
    const stopped = medication({ id: "stopped", isActive: "false", nextDueAt: "2026-11-27T18:00:00Z" });
    const ended = medication({ id: "ended", endDate: "2026-11-26", nextDueAt: "2026-11-27T18:00:00Z" });
    expect(
      dosesToList([later, sooner, missed, asNeeded, unscheduled, stopped, ended], today).map((m) => m.id),
    ).toEqual(["missed", "sooner", "later"]);
  });
});

describe("the server's question about a dose given shortly before", () => {
  it("is read from a 409's body, and from nothing else", () => {
    const body = {
      message: "Ursodiol was given...",
      lastDose: { givenAt: "2026-11-27T14:05:00Z", givenBy: "Sam Lee" },
    };
    expect(tooSoonOf(new Error(`409: ${JSON.stringify(body)}`))).toEqual(body);
    expect(tooSoonOf(new Error(`409: ${JSON.stringify({ message: "Idempotency-Key used" })}`))).toBeNull();
    expect(tooSoonOf(new Error(`400: ${JSON.stringify(body)}`))).toBeNull();
    expect(tooSoonOf(new Error("409: <html>"))).toBeNull();
    expect(tooSoonOf("409")).toBeNull();
  });
});
