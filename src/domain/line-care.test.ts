import { describe, expect, it } from "vitest";
import { instantOf } from "./clock";
import {
  type CareEvent,
  type CareStatus,
  careState,
  complicationRates,
  DEFAULT_INTERVAL_HOURS,
  externalLengthMoved,
  type LineIntervals,
  lineCareStatus,
  type ScheduledKind,
} from "./line-care";

const ZONE = "America/Chicago";
const HOUR = 3_600_000;
const defaults: LineIntervals = {
  dressingTransparentHours: null,
  dressingGauzeHours: null,
  tubingWithLipidsHours: null,
  tubingHours: null,
  tubingLipidsAloneHours: null,
  connectorHours: null,
  lockHours: null,
};
const at = (date: string, time: string) => instantOf(date, time, ZONE);
const statusOf = (events: CareEvent[], now: Date, line = defaults) =>
  Object.fromEntries(lineCareStatus(events, line, now, ZONE).map((s) => [s.kind, s])) as Record<
    ScheduledKind,
    CareStatus
  >;

describe("a care's state against its due time", () => {
  const due = at("2026-11-20", "09:00");
  it.each([
    ["more than a day before", -24 * HOUR - 1, "ok"],
    ["exactly a day before", -24 * HOUR, "due"],
    ["an hour before", -HOUR, "due"],
    ["at the due time", 0, "due"],
    ["a moment after", 1, "overdue"],
    ["a week after", 7 * 24 * HOUR, "overdue"],
  ])("is right %s", (_when, offset, state) => {
    expect(careState(due, new Date(due.getTime() + offset))).toBe(state);
  });

  it("is not 'due' right after a change with a day's interval: its second half is", () => {
    // A tubing changed with the nightly bag is due a day later; a day's warning made it amber at once.
    const changed = at("2026-11-20", "20:00");
    const dueAt = new Date(changed.getTime() + 24 * HOUR);
    const stateAfter = (hours: number) => careState(dueAt, new Date(changed.getTime() + hours * HOUR), 24);
    expect(stateAfter(0.02)).toBe("ok");
    expect(stateAfter(11.9)).toBe("ok");
    expect(stateAfter(12)).toBe("due");
    expect(stateAfter(24.1)).toBe("overdue");
    const tubing = { kind: "tubing", date: "2026-11-20", time: "20:00", withLipids: true } as const;
    expect(statusOf([tubing], at("2026-11-20", "20:01")).tubing.state).toBe("ok");
  });
});

describe("the ages of a line's care", () => {
  const dressing: CareEvent = {
    kind: "dressing",
    date: "2026-11-20",
    time: "09:00",
    dressingType: "transparent",
  };

  it("counts a transparent dressing for 7 days and a gauze one for 2, from the family's clock", () => {
    const transparent = statusOf([dressing], at("2026-11-26", "09:00")).dressing;
    expect(transparent).toMatchObject({ intervalHours: 168, state: "due" });
    expect(transparent.dueAt).toEqual(at("2026-11-27", "09:00"));
    expect(statusOf([dressing], at("2026-11-26", "08:59")).dressing.state).toBe("ok");
    const gauze = statusOf([{ ...dressing, dressingType: "gauze" }], at("2026-11-22", "09:01")).dressing;
    expect(gauze).toMatchObject({ intervalHours: 48, state: "overdue" });
  });

  it("takes the newest event, whatever the order they come in, and a time-less event at noon", () => {
    const events: CareEvent[] = [
      dressing,
      { kind: "dressing", date: "2026-11-25", time: null, dressingType: "transparent" },
      { kind: "dressing", date: "2026-11-18", time: "23:00", dressingType: "gauze" },
    ];
    const status = statusOf(events, at("2026-11-26", "12:00")).dressing;
    expect(status.lastAt).toEqual(at("2026-11-25", "12:00"));
    expect(status.state).toBe("ok");
  });

  // A set for lipids alone: 12 hours (INS Infusion Therapy Standards of Practice 2021; CDC 2011:
  // a lipid emulsion given alone is completed within 12 hours of hanging it). A PN set with lipids:
  // 24 hours (CDC 2011 and INS 2021). A PN set without lipids: 24 hours, changed with every bag
  // (INS 2021), where CDC 2011 allows up to 96 hours for fluids without lipids: a line set to 96
  // follows CDC. (The old default of 96 hours for a PN set without lipids followed CDC alone.)
  it("gives a set for lipids alone 12 hours, and a PN set 24 hours with or without lipids", () => {
    const now = at("2026-11-21", "07:00");
    const tubing = (fields: Partial<CareEvent>, line = defaults) =>
      statusOf([{ kind: "tubing", date: "2026-11-20", time: "20:00", ...fields }], now, line).tubing;
    expect(tubing({ withLipids: true, lipidsAlone: true })).toMatchObject({
      intervalHours: 12,
      state: "due",
    });
    expect(tubing({ withLipids: true })).toMatchObject({ intervalHours: 24, state: "ok" });
    expect(tubing({ withLipids: false })).toMatchObject({ intervalHours: 24, state: "ok" });
    expect(tubing({ withLipids: false }, { ...defaults, tubingHours: 96 })).toMatchObject({
      intervalHours: 96,
    });
    expect(tubing({ lipidsAlone: true }, { ...defaults, tubingLipidsAloneHours: 10 })).toMatchObject({
      intervalHours: 10,
      state: "overdue",
    });
    expect(DEFAULT_INTERVAL_HOURS).toMatchObject({ tubingLipidsAlone: 12, tubingWithLipids: 24, tubing: 24 });
  });

  it("says a scheduled care never logged is due, and a lock without a prescribed interval is fine", () => {
    const status = statusOf([], at("2026-11-21", "10:00"));
    expect(status.connector).toMatchObject({ lastAt: null, dueAt: null, state: "due", intervalHours: 168 });
    expect(status.lock).toMatchObject({ lastAt: null, intervalHours: null, state: "ok" });
  });

  it("follows the line's own intervals where the family set them", () => {
    const line = { ...defaults, dressingTransparentHours: 72, lockHours: 24 };
    const events: CareEvent[] = [dressing, { kind: "lock", date: "2026-11-20", time: "21:00" }];
    const status = statusOf(events, at("2026-11-22", "10:00"), line);
    expect(status.dressing).toMatchObject({ intervalHours: 72, state: "due" });
    expect(status.lock).toMatchObject({ intervalHours: 24, state: "overdue" });
  });

  it("keeps days right across a change of clocks (the due time is an instant, not a wall time)", () => {
    // US daylight saving ended on 2026-11-01: 7 days after Oct 30 09:00 CDT is Nov 6 08:00 CST.
    const status = statusOf(
      [{ kind: "dressing", date: "2026-10-30", time: "09:00", dressingType: "transparent" }],
      at("2026-11-06", "07:59"),
    ).dressing;
    expect(status.dueAt).toEqual(at("2026-11-06", "08:00"));
    expect(status.state).toBe("due");
  });
});

describe("complication rates per 1,000 catheter-days", () => {
  const first = { id: "line-1", insertionDate: "2026-01-01", removalDate: "2026-04-10" };
  const second = { id: "line-2", insertionDate: "2026-04-10", removalDate: null };

  it("counts each child's days once, each line's own, and only what happened while a line was in", () => {
    const today = "2026-12-31";
    const rates = complicationRates(
      [first, second],
      [
        { piccLineId: "line-1", infectionDate: "2026-03-01", infectionType: "bloodstream" },
        { piccLineId: "line-2", infectionDate: "2026-06-01", infectionType: "bloodstream" },
        { piccLineId: "line-2", infectionDate: "2026-07-01", infectionType: "exit-site" },
        // Before any line: not counted anywhere.
        { piccLineId: null, infectionDate: "2025-12-01", infectionType: "bloodstream" },
        // Of the first line but after its removal: not counted for it, but for the child (line 2 in).
        { piccLineId: "line-1", infectionDate: "2026-05-01", infectionType: "bloodstream" },
      ],
      [
        { piccLineId: "line-1", kind: "occlusion", date: "2026-02-01" },
        { piccLineId: "line-2", kind: "breakage", date: "2026-08-01" },
        { piccLineId: "line-2", kind: "dislodgement", date: "2026-09-01" },
        { piccLineId: "line-2", kind: "dressing", date: "2026-09-02" },
        // In the future: not counted.
        { piccLineId: "line-2", kind: "occlusion", date: "2027-01-05" },
      ],
      today,
    );
    // Jan 1 to Dec 31, with the changeover day once: 365 days.
    expect(rates.child.catheterDays).toBe(365);
    expect(rates.child.counts).toEqual({
      bloodstream: 3,
      exitSite: 1,
      occlusion: 1,
      breakage: 1,
      dislodgement: 1,
    });
    expect(rates.child.rates.bloodstream).toBe(8.2);
    const [one, two] = rates.lines;
    expect(one).toMatchObject({
      lineId: "line-1",
      catheterDays: 100,
      counts: { bloodstream: 1, occlusion: 1 },
    });
    expect(one!.rates.bloodstream).toBe(10);
    expect(two).toMatchObject({
      lineId: "line-2",
      catheterDays: 266,
      counts: { bloodstream: 1, exitSite: 1, breakage: 1, dislodgement: 1, occlusion: 0 },
    });
  });

  // NHSN Patient Safety Component Manual (CDC, January 2025), chapter 4, Bloodstream Infection
  // Event: a central line is eligible once in place more than 2 consecutive calendar days (line day
  // 3 on; line day 1 is the day it went in) and stays eligible until the day after it is removed; a
  // bloodstream infection with an eligible line present that day or the day before is a CLABSI.
  it("counts a bloodstream infection as NHSN does: from line day 3 to the day after removal", () => {
    const line = { id: "line-1", insertionDate: "2026-03-01", removalDate: "2026-03-20" };
    const bsi = (infectionDate: string) =>
      complicationRates(
        [line],
        [{ piccLineId: "line-1", infectionDate, infectionType: "bloodstream" }],
        [],
        "2026-12-31",
      );
    const counted = (date: string) => [
      bsi(date).child.counts.bloodstream,
      bsi(date).lines[0]!.counts.bloodstream,
    ];
    expect(counted("2026-03-01")).toEqual([0, 0]); // line day 1
    expect(counted("2026-03-02")).toEqual([0, 0]); // line day 2
    expect(counted("2026-03-03")).toEqual([1, 1]); // line day 3
    expect(counted("2026-03-20")).toEqual([1, 1]); // the day it came out
    expect(counted("2026-03-21")).toEqual([1, 1]); // the day after
    expect(counted("2026-03-22")).toEqual([0, 0]);
    // Catheter-days stay the days the line was in: Mar 1 to Mar 20.
    expect(bsi("2026-03-21").lines[0]!.catheterDays).toBe(20);
    // A line out on its day 2 was never eligible: nothing the day after counts.
    const short = { id: "line-2", insertionDate: "2026-05-01", removalDate: "2026-05-02" };
    const early = complicationRates(
      [short],
      [{ piccLineId: "line-2", infectionDate: "2026-05-03", infectionType: "bloodstream" }],
      [],
      "2026-12-31",
    );
    expect(early.child.counts.bloodstream).toBe(0);
  });

  it("has no rate without catheter-days", () => {
    expect(complicationRates([], [], [], "2026-01-01").child).toMatchObject({
      catheterDays: 0,
      rates: { bloodstream: null, occlusion: null },
    });
  });
});

describe("a PICC's external length", () => {
  it.each([
    [10, 11, false],
    [10, 11.01, true],
    [10, 8.9, true],
    [null, 12, false],
  ])("at insertion %s cm, measured %s cm: moved %s", (atInsertion, measured, moved) => {
    expect(externalLengthMoved(atInsertion, measured)).toBe(moved);
  });
});
