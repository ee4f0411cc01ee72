import { describe, expect, it } from "vitest";
import { instantOf } from "./clock";
import { ruleOccurrences, ruleProblem } from "./recurrence";
import {
  currentOccurrence,
  DEFAULT_TASK_SETTINGS,
  dailyAt,
  everyInterval,
  nextDeliveryDate,
  parseTaskId,
  taskGroup,
  taskState,
  weekdayOf,
} from "./tasks";

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);

describe("a task's state", () => {
  it("is ok before its due time, due from it, overdue past the grace", () => {
    const due = at("2026-12-01T10:00:00Z");
    expect(taskState(due, at("2026-12-01T09:59:00Z"), 60)).toBe("ok");
    expect(taskState(due, due, 60)).toBe("due");
    expect(taskState(due, at("2026-12-01T11:00:00Z"), 60)).toBe("due");
    expect(taskState(due, at("2026-12-01T11:00:01Z"), 60)).toBe("overdue");
    expect(taskState(null, due, 60)).toBe("ok");
  });

  it("is grouped overdue, due now, later today or later", () => {
    const endOfToday = at("2026-12-01T23:59:59Z");
    expect(taskGroup({ state: "overdue", dueAt: "2026-11-30T10:00:00Z" }, endOfToday)).toBe("overdue");
    expect(taskGroup({ state: "due", dueAt: "2026-12-01T10:00:00Z" }, endOfToday)).toBe("due");
    expect(taskGroup({ state: "ok", dueAt: "2026-12-01T20:00:00Z" }, endOfToday)).toBe("today");
    expect(taskGroup({ state: "ok", dueAt: "2026-12-02T08:00:00Z" }, endOfToday)).toBe("later");
    expect(taskGroup({ state: "ok", dueAt: null }, endOfToday)).toBe("later");
  });
});

describe("a recurring task's occurrence", () => {
  const every4h = everyInterval(at("2026-12-01T08:00:00Z"), 4 * HOUR);

  it("is the first one before it starts, and the one that came until it is done", () => {
    expect(currentOccurrence(every4h, null, at("2026-12-01T07:00:00Z"))).toEqual(at("2026-12-01T08:00:00Z"));
    expect(currentOccurrence(every4h, null, at("2026-12-01T09:00:00Z"))).toEqual(at("2026-12-01T08:00:00Z"));
    expect(currentOccurrence(every4h, at("2026-12-01T08:00:00Z"), at("2026-12-01T09:00:00Z"))).toEqual(
      at("2026-12-01T12:00:00Z"),
    );
  });

  it("moves on from one missed by half the way to the next, and a Done early answers the coming one", () => {
    expect(currentOccurrence(every4h, null, at("2026-12-01T10:00:00Z"))).toEqual(at("2026-12-01T12:00:00Z"));
    expect(currentOccurrence(every4h, at("2026-12-01T12:00:00Z"), at("2026-12-01T11:30:00Z"))).toEqual(
      at("2026-12-01T16:00:00Z"),
    );
  });

  it("ends with a rule that ends", () => {
    const once = ruleOccurrences("FREQ=DAILY;COUNT=1", at("2026-12-01T15:00:00Z"), "UTC");
    expect(currentOccurrence(once, null, at("2026-12-01T10:00:00Z"))).toEqual(at("2026-12-01T15:00:00Z"));
    expect(currentOccurrence(once, at("2026-12-01T15:00:00Z"), at("2026-12-01T16:00:00Z"))).toBeNull();
  });

  it("keeps a rule's time of day on the family's clock across daylight saving", () => {
    const zone = "America/Chicago";
    const weekly = ruleOccurrences("FREQ=WEEKLY;BYDAY=SU", instantOf("2026-03-01", "08:00", zone), zone);
    // 2026-03-08 is the Sunday daylight saving starts: still 08:00 on the wall clock.
    expect(weekly.after(instantOf("2026-03-02", "00:00", zone))).toEqual(
      instantOf("2026-03-08", "08:00", zone),
    );
    expect(weekly.atOrBefore(instantOf("2026-03-08", "07:59", zone))).toEqual(
      instantOf("2026-03-01", "08:00", zone),
    );
  });

  it("takes the PN bag out daily, hours before the start, from the prescription's first day", () => {
    const zone = "America/Chicago";
    const daily = dailyAt("01:00", 3 * HOUR, "2026-12-01", zone);
    // 01:00 less 3 hours is 22:00 the evening before.
    expect(daily.after(instantOf("2026-11-01", "00:00", zone))).toEqual(
      instantOf("2026-11-30", "22:00", zone),
    );
    expect(daily.atOrBefore(instantOf("2026-12-05", "21:00", zone))).toEqual(
      instantOf("2026-12-04", "22:00", zone),
    );
    expect(daily.after(instantOf("2026-12-05", "21:00", zone))).toEqual(
      instantOf("2026-12-05", "22:00", zone),
    );
  });
});

describe("the family's settings", () => {
  it("finds the next delivery: the date set while it has not passed, else the weekday", () => {
    const settings = { ...DEFAULT_TASK_SETTINGS, deliveryWeekday: 2 };
    expect(weekdayOf("2026-12-01")).toBe(2);
    expect(nextDeliveryDate(settings, "2026-12-01")).toBe("2026-12-01");
    expect(nextDeliveryDate(settings, "2026-12-02")).toBe("2026-12-08");
    expect(nextDeliveryDate({ ...settings, nextDeliveryDate: "2026-12-04" }, "2026-12-02")).toBe(
      "2026-12-04",
    );
    expect(nextDeliveryDate({ ...settings, nextDeliveryDate: "2026-11-30" }, "2026-12-02")).toBe(
      "2026-12-08",
    );
    expect(nextDeliveryDate(DEFAULT_TASK_SETTINGS, "2026-12-02")).toBeNull();
  });
});

describe("task ids and rules", () => {
  const id = "6f1c2d3e-4a5b-4c6d-8e7f-901234567890";
  it("reads a task's id, and refuses one that is not", () => {
    expect(parseTaskId(`line-care:${id}:dressing`)).toEqual({
      kind: "line-care",
      subjectId: id,
      part: "dressing",
    });
    expect(parseTaskId(`dose:${id}`)).toEqual({ kind: "dose", subjectId: id });
    expect(parseTaskId(`dose:${id}:extra`)).toBeNull();
    expect(parseTaskId(`line-care:${id}`)).toBeNull();
    expect(parseTaskId("bath:x")).toBeNull();
  });

  it("says what is wrong with a recurrence rule", () => {
    expect(ruleProblem("FREQ=WEEKLY;BYDAY=MO,TH")).toBeNull();
    expect(ruleProblem("RRULE:FREQ=MONTHLY;BYMONTHDAY=1")).toBeNull();
    expect(ruleProblem("FREQ=SECONDLY")).toBe("A task recurs hourly at most");
    expect(ruleProblem("DTSTART=20260101T000000Z;FREQ=DAILY")).toBe(
      "The rule starts at the task's start: leave out DTSTART",
    );
    expect(ruleProblem("BYDAY=MO")).toBe("The rule needs a FREQ (e.g. FREQ=DAILY)");
  });
});
