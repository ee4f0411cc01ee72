import { describe, expect, it } from "vitest";
import type { CareStatusItem } from "@/domain/line-care-records";
import {
  agoText,
  carePill,
  dueText,
  intervalPlaceholder,
  intervalText,
  pillSentence,
  spanText,
} from "./line-care-pills";

const ZONE = "America/Chicago";
/** 2026-11-27 03:00 in Chicago (UTC-6). */
const now = new Date("2026-11-27T09:00:00Z");
const hoursFrom = (hours: number) => new Date(now.getTime() + hours * 3_600_000).toISOString();

const status = (over: Partial<CareStatusItem>): CareStatusItem => ({
  kind: "dressing",
  lastAt: null,
  intervalHours: 168,
  dueAt: null,
  state: "due",
  ...over,
});

describe("spanText and agoText", () => {
  it("says minutes within the hour, hours within two days, then days", () => {
    expect(spanText(20_000)).toBe("1 minute");
    expect(spanText(40 * 60_000)).toBe("40 minutes");
    expect(spanText(3_600_000)).toBe("1 hour");
    expect(spanText(47.9 * 3_600_000)).toBe("47 hours");
    expect(spanText(48 * 3_600_000)).toBe("2 days");
    expect(spanText(8.5 * 24 * 3_600_000)).toBe("8 days");
  });

  it("says just now within the minute", () => {
    expect(agoText(new Date(now.getTime() - 30_000), now)).toBe("just now");
    expect(agoText(new Date(hoursFrom(-6 * 24)), now)).toBe("6 days ago");
  });
});

describe("dueText", () => {
  it("counts hours when the due time is close, and says how late when it passed", () => {
    expect(dueText(new Date(hoursFrom(3)), now, ZONE)).toBe("due in 3 hours");
    expect(dueText(new Date(hoursFrom(0.5)), now, ZONE)).toBe("due in 30 minutes");
    expect(dueText(new Date(hoursFrom(-5)), now, ZONE)).toBe("overdue by 5 hours");
    expect(dueText(new Date(hoursFrom(-50)), now, ZONE)).toBe("overdue by 2 days");
  });

  it("names the family's day and time further off", () => {
    // 03:00 now: 21:00 the same day, 09:00 the next, a weekday within the week, else the date.
    expect(dueText(new Date(hoursFrom(18)), now, ZONE)).toBe("due today 21:00");
    expect(dueText(new Date(hoursFrom(30)), now, ZONE)).toBe("due tomorrow 09:00");
    expect(dueText(new Date(hoursFrom(78)), now, ZONE)).toBe("due Mon 09:00");
    expect(dueText(new Date(hoursFrom(10 * 24)), now, ZONE)).toBe("due Dec 7");
  });

  it("reads the day on the family's clock, not the device's", () => {
    // 20:00 UTC on Nov 27 is 07:00 on Nov 28 in Sydney (UTC+11): "tomorrow" there, 18 hours on.
    const sydneyNow = new Date("2026-11-27T02:00:00Z"); // 13:00 in Sydney
    expect(dueText(new Date("2026-11-27T20:00:00Z"), sydneyNow, "Australia/Sydney")).toBe(
      "due tomorrow 07:00",
    );
  });
});

describe("carePill", () => {
  it("says not logged yet for a care never logged: due, or without tone when nothing is scheduled", () => {
    expect(carePill(status({ kind: "connector" }), now, ZONE)).toEqual({
      kind: "connector",
      label: "Connector",
      text: "not logged yet",
      tone: "due",
    });
    const lock = carePill(status({ kind: "lock", intervalHours: null, state: "ok" }), now, ZONE);
    expect(lock.tone).toBe("none");
    expect(pillSentence(lock)).toBe("Lock: not logged yet");
  });

  it("gives the time since and the due time, and only the lateness once overdue", () => {
    const dressing = carePill(
      status({ lastAt: hoursFrom(-6 * 24), dueAt: hoursFrom(30), state: "due" }),
      now,
      ZONE,
    );
    expect(pillSentence(dressing)).toBe("Dressing: 6 days ago, due tomorrow 09:00");
    expect(dressing.tone).toBe("ok");
    const soon = carePill(status({ lastAt: hoursFrom(-165), dueAt: hoursFrom(3) }), now, ZONE);
    expect([soon.text, soon.tone]).toEqual(["6 days ago, due in 3 hours", "due"]);
    const tubing = carePill(
      status({ kind: "tubing", intervalHours: 24, lastAt: hoursFrom(-29), dueAt: hoursFrom(-5) }),
      now,
      ZONE,
    );
    expect([pillSentence(tubing), tubing.tone]).toEqual(["Tubing: overdue by 5 hours", "overdue"]);
  });

  it("reads the tone again as time passes, whatever the server said when it answered", () => {
    const stale = status({ lastAt: hoursFrom(-170), dueAt: hoursFrom(-2), state: "due" });
    expect(carePill(stale, now, ZONE).tone).toBe("overdue");
  });

  it("says only the time since for a care without an interval", () => {
    const lock = carePill(
      status({ kind: "lock", intervalHours: null, lastAt: hoursFrom(-72), state: "ok" }),
      now,
      ZONE,
    );
    expect([pillSentence(lock), lock.tone]).toEqual(["Lock: 3 days ago", "none"]);
  });
});

describe("intervalText", () => {
  it("says days from two days on, hours below", () => {
    expect(intervalText(168)).toBe("every 7 days");
    expect(intervalText(48)).toBe("every 2 days");
    expect(intervalText(24)).toBe("every 24 hours");
    expect(intervalText(1)).toBe("every 1 hour");
    expect(intervalText(100)).toBe("every 100 hours");
    expect(intervalText(null)).toBe("no schedule set");
  });
});

describe("intervalPlaceholder", () => {
  it("gives the default in hours with its days, or says none is set", () => {
    expect(intervalPlaceholder(168)).toBe("168 (7 days)");
    expect(intervalPlaceholder(48)).toBe("48 (2 days)");
    expect(intervalPlaceholder(24)).toBe("24 (1 day)");
    expect(intervalPlaceholder(96)).toBe("96 (4 days)");
    expect(intervalPlaceholder(36)).toBe("36");
    expect(intervalPlaceholder(null)).toBe("None set");
  });
});

describe("a tubing changed a moment ago", () => {
  it("is not amber 'due' right away: a short interval is due in its second half (12 hours of 24)", () => {
    const changed = (hoursAgo: number, intervalHours = 24) =>
      carePill(
        status({
          kind: "tubing",
          lastAt: hoursFrom(-hoursAgo),
          intervalHours,
          dueAt: hoursFrom(intervalHours - hoursAgo),
          state: "ok",
        }),
        now,
        ZONE,
      ).tone;
    expect(changed(0.02)).toBe("ok");
    expect(changed(11.9)).toBe("ok");
    expect(changed(12)).toBe("due");
    expect(changed(24.1)).toBe("overdue");
    // A week's dressing is still amber its last day.
    expect(changed(6 * 24, 168)).toBe("due");
    expect(changed(6 * 24 - 0.1, 168)).toBe("ok");
  });
});
