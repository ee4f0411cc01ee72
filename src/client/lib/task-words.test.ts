import { describe, expect, it } from "vitest";
import { instantOf } from "@/domain/clock";
import { dueText, groupOf, lastDoneText } from "./task-words";

const zone = "America/Chicago";
const now = instantOf("2026-12-01", "10:00", zone);
const at = (date: string, time: string) => instantOf(date, time, zone).toISOString();

describe("a task in words", () => {
  it("says when it is due on the family's clock", () => {
    expect(dueText({ state: "overdue", dueAt: at("2026-12-01", "07:30") }, now, zone)).toBe(
      "Overdue by 2 hours",
    );
    expect(dueText({ state: "due", dueAt: at("2026-12-01", "10:00") }, now, zone)).toBe("Due now");
    expect(dueText({ state: "due", dueAt: at("2026-12-01", "09:40") }, now, zone)).toBe("Due 20 minutes ago");
    expect(dueText({ state: "ok", dueAt: at("2026-12-01", "18:00") }, now, zone)).toBe("Due at 18:00");
    expect(dueText({ state: "ok", dueAt: at("2026-12-02", "08:00") }, now, zone)).toBe(
      "Due tomorrow at 08:00",
    );
    expect(dueText({ state: "ok", dueAt: at("2026-12-04", "08:00") }, now, zone)).toBe("Due Friday at 08:00");
    expect(dueText({ state: "ok", dueAt: at("2026-12-20", "08:00") }, now, zone)).toBe("Due Dec 20");
    expect(dueText({ state: "ok", dueAt: null }, now, zone)).toBe("No more dates");
  });

  it("groups what is still ok by whether it falls due today", () => {
    expect(groupOf({ state: "ok", dueAt: at("2026-12-01", "23:30") }, now, zone)).toBe("today");
    expect(groupOf({ state: "ok", dueAt: at("2026-12-02", "00:10") }, now, zone)).toBe("later");
  });

  it("says who did it last, and when", () => {
    const lastDone = { at: at("2026-12-01", "08:00"), by: "Maria Lopez", byId: "a" };
    expect(lastDoneText({ lastDone }, { viewerId: "b", now, timeZone: zone })).toBe(
      "Done 2 hours ago by Maria",
    );
    expect(lastDoneText({ lastDone }, { viewerId: "a", now, timeZone: zone })).toBe(
      "Done 2 hours ago by you",
    );
    expect(lastDoneText({ lastDone: null }, { viewerId: "a", now, timeZone: zone })).toBe("Not logged yet");
  });
});
