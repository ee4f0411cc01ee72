import { describe, expect, it } from "vitest";
import {
  addMonths,
  coversPanel,
  dueDateAt,
  labPanelInput,
  nextDueDate,
  type PanelUnit,
  panelDueAt,
  panelSchedule,
  SUGGESTED_PANELS,
} from "./lab-panels";

const monthly = (firstDue: string, every = 1) => ({ firstDue, every, unit: "months" as PanelUnit });
const weekly = (firstDue: string, every = 1) => ({ firstDue, every, unit: "weeks" as PanelUnit });

describe("a panel's due dates across months of different length", () => {
  it("clamps to a short month's last day and comes back to the first due day", () => {
    const panel = monthly("2027-01-31");
    expect([0, 1, 2, 3, 4].map((k) => dueDateAt(panel, k))).toEqual([
      "2027-01-31",
      "2027-02-28",
      "2027-03-31",
      "2027-04-30",
      "2027-05-31",
    ]);
    // A leap year's February has its 29th.
    expect(dueDateAt(monthly("2028-01-31"), 1)).toBe("2028-02-29");
    expect(dueDateAt(monthly("2028-01-30"), 1)).toBe("2028-02-29");
  });

  it("counts every N months from the first due date, across a year's end", () => {
    expect(dueDateAt(monthly("2026-08-31", 6), 1)).toBe("2027-02-28");
    expect(dueDateAt(monthly("2026-08-31", 6), 2)).toBe("2027-08-31");
    expect(addMonths("2026-12-15", 1)).toBe("2027-01-15");
    expect(addMonths("2027-03-31", -1)).toBe("2027-02-28");
  });

  it("moves to the next date once a draw on the due date covers it, without drifting to the clamped day", () => {
    const panel = monthly("2027-01-31");
    expect(nextDueDate(panel, null)).toBe("2027-01-31");
    expect(nextDueDate(panel, "2027-01-31")).toBe("2027-02-28");
    // The February draw on the 28th answers February: March is due on its 31st, not the 28th.
    expect(nextDueDate(panel, "2027-02-28")).toBe("2027-03-31");
    expect(nextDueDate(panel, "2027-03-31")).toBe("2027-04-30");
  });

  it("counts a draw a few days early or late as the date it was for, and keeps the schedule's days", () => {
    const panel = monthly("2027-03-01");
    // Three days early for April 1: May 1 next.
    expect(nextDueDate(panel, "2027-03-29")).toBe("2027-05-01");
    // Five days late for April 1: still May 1, not May 6.
    expect(nextDueDate(panel, "2027-04-06")).toBe("2027-05-01");
    // Drawn long before the schedule began: the first date stays due.
    expect(nextDueDate(panel, "2026-10-01")).toBe("2027-03-01");
  });

  it("leaves a missed date due until a draw comes", () => {
    const panel = monthly("2027-01-10");
    expect(nextDueDate(panel, null)).toBe("2027-01-10");
    // A draw months later answers the date nearest it, and the next follows on the schedule.
    expect(nextDueDate(panel, "2027-06-12")).toBe("2027-07-10");
  });
});

describe("a panel every N weeks", () => {
  it("falls on the same weekday at 09:00 on the family's clock across a daylight-saving change", () => {
    // New York moves its clocks forward on Sunday 2027-03-14.
    const panel = weekly("2027-03-08", 1);
    expect(nextDueDate(panel, "2027-03-08")).toBe("2027-03-15");
    const before = panelDueAt("2027-03-08", "America/New_York");
    const after = panelDueAt("2027-03-15", "America/New_York");
    expect(before.toISOString()).toBe("2027-03-08T14:00:00.000Z");
    expect(after.toISOString()).toBe("2027-03-15T13:00:00.000Z");
    // One hour less than seven days: the wall clock says 09:00 both times.
    expect(after.getTime() - before.getTime()).toBe((7 * 24 - 1) * 3_600_000);
    // Back in November, an hour more.
    const autumn = weekly("2027-11-01", 2);
    expect(dueDateAt(autumn, 1)).toBe("2027-11-15");
    expect(panelDueAt("2027-11-15", "America/New_York").toISOString()).toBe("2027-11-15T14:00:00.000Z");
  });
});

describe("a panel on the family's clock around midnight", () => {
  const panel = { ...monthly("2027-03-01"), analytes: [{ analyte: "sodium" as const, name: null }] };
  // 2027-03-01T08:30Z: 21:30 on March 1 in Auckland, 00:30 on March 1 in Los Angeles (still
  // before 09:00), and 2027-02-28T23:30 in Honolulu.
  const now = new Date("2027-03-01T08:30:00Z");

  it("is due for a family whose March 1 09:00 has come, and not yet for one where it has not", () => {
    expect(panelSchedule(panel, [], now, "Pacific/Auckland")).toMatchObject({
      nextDue: "2027-03-01",
      due: true,
    });
    expect(panelSchedule(panel, [], now, "America/Los_Angeles")).toMatchObject({
      nextDue: "2027-03-01",
      due: false,
    });
    expect(panelSchedule(panel, [], now, "Pacific/Honolulu").dueAt.toISOString()).toBe(
      "2027-03-01T19:00:00.000Z",
    );
  });

  it("counts a draw by the date the family wrote on it, not the server's", () => {
    // Drawn late on Feb 28 in Honolulu (already March 1 in UTC): it answers March 1.
    const drawn = [{ date: "2027-02-28", analytes: [{ analyte: "sodium" as const, name: null }] }];
    expect(panelSchedule(panel, drawn, now, "Pacific/Honolulu")).toMatchObject({
      lastDrawn: "2027-02-28",
      nextDue: "2027-04-01",
      due: false,
    });
  });
});

describe("which results cover a panel", () => {
  const panel = {
    analytes: [
      { analyte: "sodium" as const, name: null },
      { analyte: null, name: "TSH" },
    ],
  };

  it("needs every analyte of the panel, free names matched case and spaces aside", () => {
    expect(coversPanel(panel, { analytes: [{ analyte: "sodium", name: null }] })).toBe(false);
    expect(
      coversPanel(panel, {
        analytes: [
          { analyte: null, name: " tsh " },
          { analyte: "sodium", name: null },
          { analyte: "potassium", name: null },
        ],
      }),
    ).toBe(true);
  });

  it("matches a typed name to the catalogue's analyte of that name", () => {
    expect(
      coversPanel(
        { analytes: [{ analyte: null, name: "sodium" }] },
        { analytes: [{ analyte: "sodium", name: null }] },
      ),
    ).toBe(true);
    expect(
      coversPanel(
        { analytes: [{ analyte: "sodium", name: null }] },
        { analytes: [{ analyte: null, name: "Sodium" }] },
      ),
    ).toBe(true);
  });

  it("takes the latest covering result, whatever order they come in", () => {
    const sodium = [{ analyte: "sodium" as const, name: null }];
    const schedule = panelSchedule(
      { ...monthly("2027-01-05"), analytes: sodium },
      [
        { date: "2027-02-05", analytes: sodium },
        { date: "2027-03-05", analytes: [{ analyte: "potassium", name: null }] },
        { date: "2027-01-05", analytes: sodium },
      ],
      new Date("2027-02-20T12:00:00Z"),
      "Europe/London",
    );
    expect(schedule).toMatchObject({ lastDrawn: "2027-02-05", nextDue: "2027-03-05", due: false });
  });
});

describe("a panel's fields", () => {
  const valid = {
    childId: "6f1c2f36-3f52-4e0b-9a57-3c1f1c2b7d11",
    name: "Electrolytes",
    analytes: [{ analyte: "sodium" }, { name: "TSH" }],
    every: "2",
    unit: "weeks",
    firstDue: "2027-01-31",
  };

  it("reads a catalogue key or a typed name, every as digits, and is active unless said", () => {
    expect(labPanelInput.parse(valid)).toMatchObject({
      analytes: [
        { analyte: "sodium", name: null },
        { analyte: null, name: "TSH" },
      ],
      every: 2,
      active: true,
      instructions: null,
    });
  });

  it.each([
    [{ every: 0 }, "every", "Every must be a whole number from 1 to 52"],
    [{ every: 53 }, "every", "Every must be a whole number from 1 to 52"],
    [{ every: 1.5 }, "every", "Every must be a whole number from 1 to 52"],
    [{ unit: "days" }, "unit", "Unit must be one of: weeks, months"],
    [{ analytes: [] }, "analytes", "Add at least one analyte"],
    [{ analytes: [{}] }, "analytes.0.name", "Choose an analyte from the list or type its name"],
    [{ firstDue: "2027-02-30" }, "firstDue", "First due must be a real date"],
  ])("refuses %o naming the field", (change, path, message) => {
    const parsed = labPanelInput.safeParse({ ...valid, ...change });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => ({ path: i.path.join("."), message: i.message }))).toContainEqual({
      path,
      message,
    });
  });
});

describe("the suggested panels", () => {
  it("each name a source and parse as a panel", () => {
    for (const suggestion of SUGGESTED_PANELS) {
      expect(suggestion.source).toMatch(/UpToDate/);
      const parsed = labPanelInput.safeParse({
        ...suggestion,
        childId: "6f1c2f36-3f52-4e0b-9a57-3c1f1c2b7d11",
        firstDue: "2027-01-01",
      });
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    }
  });
});
