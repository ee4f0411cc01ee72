import { describe, expect, it } from "vitest";
import { isMedicationActive, medicationInput } from "./medications";

const medication = { name: "Ursodiol", dosage: "60 mg", frequency: "Twice daily" };
const issues = (value: unknown) =>
  medicationInput
    .safeParse(value)
    .error?.issues.map((i) => ({ path: i.path.join("."), message: i.message })) ?? [];

describe("medication dates", () => {
  it("accepts an end date on or after the start date, or either one alone", () => {
    expect(issues({ ...medication, startDate: "2026-03-01", endDate: "2026-03-01" })).toEqual([]);
    expect(issues({ ...medication, startDate: "2026-03-01", endDate: "2026-03-02" })).toEqual([]);
    expect(issues({ ...medication, startDate: "", endDate: "2026-03-01" })).toEqual([]);
    expect(issues({ ...medication, startDate: "2026-03-01", endDate: null })).toEqual([]);
  });

  it("refuses an end date before the start date, on the end date", () => {
    expect(issues({ ...medication, startDate: "2026-03-01", endDate: "2026-02-28" })).toEqual([
      { path: "endDate", message: "End date cannot be before the start date" },
    ]);
  });

  it("shows the rule beside other fields' messages, so a form lists them all at once", () => {
    expect(issues({ ...medication, name: "", startDate: "2026-03-01", endDate: "2026-02-28" })).toEqual([
      { path: "name", message: "Name is required" },
      { path: "endDate", message: "End date cannot be before the start date" },
    ]);
  });
});

describe("isMedicationActive", () => {
  const today = "2026-11-24";
  it("is active when marked active with no end date or an end date from today on", () => {
    expect(isMedicationActive({ isActive: "true", endDate: null }, today)).toBe(true);
    expect(isMedicationActive({ isActive: "true", endDate: "2026-11-24" }, today)).toBe(true);
    expect(isMedicationActive({ isActive: "true", endDate: "2026-11-25" }, today)).toBe(true);
  });

  it("is not active once past its end date, or when discontinued", () => {
    expect(isMedicationActive({ isActive: "true", endDate: "2026-11-23" }, today)).toBe(false);
    expect(isMedicationActive({ isActive: "false", endDate: null }, today)).toBe(false);
    expect(isMedicationActive({ isActive: "false", endDate: "2026-12-31" }, today)).toBe(false);
  });
});
