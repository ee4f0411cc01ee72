import { describe, expect, it } from "vitest";
import {
  catheterDays,
  infectionLineIssues,
  lineStatistics,
  outcomeBadge,
  type PiccLine,
  piccInfectionInput,
  piccLineInput,
} from "./picc";

const line = (insertionDate: string, removalDate: string | null = null): PiccLine => ({
  id: `00000000-0000-4000-8000-${insertionDate.replaceAll("-", "").padStart(12, "0")}`,
  version: 1,
  childId: "7a0c2c56-8a51-4a0e-9d1b-2f7d6f1f6a11",
  insertionDate,
  removalDate,
  insertionSite: "right-arm",
  lineType: "single-lumen",
  insertedBy: null,
  removalReason: null,
  complications: null,
  notes: null,
  externalLengthCm: null,
  dressingTransparentHours: null,
  dressingGauzeHours: null,
  tubingWithLipidsHours: null,
  tubingHours: null,
  tubingLipidsAloneHours: null,
  connectorHours: null,
  lockHours: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  createdBy: null,
  updatedBy: null,
  createdByName: null,
  updatedByName: null,
});

describe("catheterDays", () => {
  it("counts nothing without lines", () => {
    expect(catheterDays([], "2026-11-23")).toBe(0);
  });

  it("counts the insertion and removal days, and a line still in up to today", () => {
    expect(catheterDays([line("2026-11-01", "2026-11-10")], "2026-11-23")).toBe(10);
    expect(catheterDays([line("2026-11-20")], "2026-11-23")).toBe(4);
    expect(catheterDays([line("2026-11-23")], "2026-11-23")).toBe(1);
  });

  it("counts a day with two lines in place once", () => {
    expect(
      catheterDays([line("2026-11-01", "2026-11-10"), line("2026-11-08", "2026-11-12")], "2026-11-23"),
    ).toBe(12);
    expect(
      catheterDays([line("2026-11-01", "2026-11-20"), line("2026-11-05", "2026-11-06")], "2026-11-23"),
    ).toBe(20);
    expect(
      catheterDays([line("2026-11-01", "2026-11-02"), line("2026-11-05", "2026-11-06")], "2026-11-23"),
    ).toBe(4);
  });

  it("ignores a line dated after today", () => {
    expect(catheterDays([line("2026-12-01")], "2026-11-23")).toBe(0);
  });
});

describe("lineStatistics", () => {
  const lines = [line("2026-01-01", "2026-06-30"), line("2026-07-05")];
  const today = "2026-11-23";

  it("gives the current line's age, the catheter-days and the CLABSI rate per 1,000 days", () => {
    const stats = lineStatistics(
      lines,
      [
        { infectionDate: "2026-03-10", infectionType: "bloodstream" },
        { infectionDate: "2026-09-01", infectionType: "bloodstream" },
        { infectionDate: "2026-04-01", infectionType: "exit-site" },
      ],
      today,
    );
    expect(stats.currentLine?.insertionDate).toBe("2026-07-05");
    // Line day 142: the day it went in is day 1, as its catheter-days count (Jul 5 - Nov 23 is 142).
    expect(stats.currentLineDays).toBe(142);
    // Jan 1 - Jun 30 is 181 days; Jul 5 - Nov 23 is 142.
    expect(stats.catheterDays).toBe(323);
    expect(stats.bloodstreamInfections).toBe(2);
    expect(stats.infectionRate).toBe(6.2);
  });

  it("leaves out an infection dated outside every line's days", () => {
    const stats = lineStatistics(
      lines,
      [{ infectionDate: "2026-07-02", infectionType: "bloodstream" }],
      today,
    );
    expect(stats.bloodstreamInfections).toBe(0);
    expect(stats.infectionRate).toBe(0);
  });

  it("says a line put in today is on its day 1, as its one catheter-day", () => {
    const stats = lineStatistics([line(today)], [], today);
    expect(stats.currentLineDays).toBe(1);
    expect(stats.catheterDays).toBe(1);
  });

  // NHSN Patient Safety Component Manual, chapter 4 (CLABSI): line day 1 is the day of placement;
  // a BSI counts from line day 3 on, and on the day of removal or the next day.
  it("counts bloodstream infections as NHSN does: not on line day 1 or 2, still on the day after removal", () => {
    const stats = lineStatistics(
      lines,
      [
        { infectionDate: "2026-07-01", infectionType: "bloodstream" }, // day after the first came out
        { infectionDate: "2026-07-05", infectionType: "bloodstream" }, // the new line's day 1
        { infectionDate: "2026-07-06", infectionType: "bloodstream" }, // its day 2
        { infectionDate: "2026-07-07", infectionType: "bloodstream" }, // its day 3
      ],
      today,
    );
    expect(stats.bloodstreamInfections).toBe(2);
  });

  it("has no rate and no current line without lines", () => {
    expect(lineStatistics([], [], today)).toEqual({
      currentLine: null,
      currentLineDays: null,
      catheterDays: 0,
      bloodstreamInfections: 0,
      infectionRate: null,
    });
  });
});

describe("PICC rules", () => {
  it("use the spec's required-field messages", () => {
    const line = piccLineInput.safeParse({});
    expect(line.error?.issues.map((i) => i.message)).toEqual([
      "Child is required",
      "Insertion date is required",
      "Insertion site is required",
      "Line type is required",
    ]);
    const infection = piccInfectionInput.safeParse({ childId: "" });
    expect(infection.error?.issues.map((i) => i.message)).toEqual([
      "Child is required",
      "Infection date is required",
      "Infection type is required",
    ]);
  });

  it("reads hospital admission as yes or no, no by default", () => {
    const base = {
      childId: "7a0c2c56-8a51-4a0e-9d1b-2f7d6f1f6a11",
      infectionDate: "2026-11-01",
      infectionType: "bloodstream",
    };
    expect(piccInfectionInput.parse(base).hospitalAdmission).toBe(false);
    expect(piccInfectionInput.parse({ ...base, hospitalAdmission: "true" }).hospitalAdmission).toBe(true);
    expect(piccInfectionInput.parse({ ...base, hospitalAdmission: false }).hospitalAdmission).toBe(false);
  });

  it("badges a resolved infection plainly and any other outcome as destructive", () => {
    expect(outcomeBadge("resolved")).toEqual({ variant: "default", label: "resolved" });
    expect(outcomeBadge("ongoing")).toEqual({ variant: "destructive", label: "ongoing" });
    expect(outcomeBadge(null)).toEqual({ variant: "destructive", label: "Unknown outcome" });
  });

  const childId = "7a0c2c56-8a51-4a0e-9d1b-2f7d6f1f6a11";

  it("refuse a line removed before it was inserted, on the removal date", () => {
    const line = {
      childId,
      insertionSite: "left-arm",
      lineType: "single-lumen",
      insertionDate: "2026-03-10",
    };
    expect(piccLineInput.safeParse({ ...line, removalDate: "2026-03-09" }).error?.issues).toEqual([
      expect.objectContaining({
        path: ["removalDate"],
        message: "Removal date cannot be before the insertion date",
      }),
    ]);
    expect(piccLineInput.safeParse({ ...line, removalDate: "2026-03-10" }).success).toBe(true);
    expect(piccLineInput.safeParse({ ...line, removalDate: "" }).success).toBe(true);
  });

  it("refuse a treatment that ends before it starts, on the end date", () => {
    const infection = { childId, infectionDate: "2026-03-10", infectionType: "bloodstream" };
    expect(
      piccInfectionInput.safeParse({
        ...infection,
        treatmentStartDate: "2026-03-12",
        treatmentEndDate: "2026-03-11",
      }).error?.issues,
    ).toEqual([
      expect.objectContaining({
        path: ["treatmentEndDate"],
        message: "Treatment end date cannot be before the treatment start date",
      }),
    ]);
    expect(
      piccInfectionInput.safeParse({
        ...infection,
        treatmentStartDate: "2026-03-12",
        treatmentEndDate: "2026-03-12",
      }).success,
    ).toBe(true);
    expect(piccInfectionInput.safeParse({ ...infection, treatmentEndDate: "2026-03-01" }).success).toBe(true);
  });

  it("keep an infection on a line of its own child, dated on or after the line went in", () => {
    const line = { childId, insertionDate: "2026-03-10" };
    expect(infectionLineIssues({ childId, infectionDate: "2026-03-10" }, line)).toEqual([]);
    expect(infectionLineIssues({ childId, infectionDate: "2026-03-09" }, line)).toEqual([
      {
        path: "infectionDate",
        message: "Infection date cannot be before the line's insertion date (2026-03-10)",
      },
    ]);
    expect(
      infectionLineIssues(
        { childId: "00000000-0000-4000-8000-000000000001", infectionDate: "2026-03-11" },
        line,
      ),
    ).toEqual([{ path: "piccLineId", message: "The PICC line must be one of this child's lines" }]);
  });
});
