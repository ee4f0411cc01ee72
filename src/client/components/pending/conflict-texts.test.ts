import { afterEach, describe, expect, it } from "vitest";
import { followAccountTimeFormat, followAccountTimeZone } from "@/client/lib/family-clock";
import { changedByText, conflictRows, fieldLabel } from "./conflict-texts";

describe("an edit that met another person's change", () => {
  afterEach(() => {
    followAccountTimeZone(null);
    followAccountTimeFormat(null);
  });

  it("lists only the fields this phone's edit sends whose value the server now holds otherwise", () => {
    const current = {
      id: "r1",
      version: 3,
      volume: 1100,
      notes: "pump alarm at 02:00",
      duration: 12,
      updatedAt: "2026-11-28T02:12:00.000Z",
    };
    expect(conflictRows({ body: { volume: 1200, duration: 12, notes: null } }, current)).toEqual([
      { field: "volume", label: "Volume", mine: "1200", theirs: "1100" },
      { field: "notes", label: "Notes", mine: "(empty)", theirs: "pump alarm at 02:00" },
    ]);
  });

  it("counts a number sent as text as the same value, and never compares what a person does not type", () => {
    expect(
      conflictRows({ body: { volume: "1100", version: 1, confirm: true } }, { volume: 1100, version: 3 }),
    ).toEqual([]);
  });

  it("names fields in words", () => {
    expect(fieldLabel("medicationId")).toBe("Medication");
    expect(fieldLabel("dateOfBirth")).toBe("Date of birth");
  });

  it("says who changed it and when, on the family's clock and in its time format", () => {
    followAccountTimeZone("Europe/Madrid");
    const current = { updatedByName: "Maria Lopez", updatedAt: "2026-11-28T02:12:00.000Z" };
    expect(changedByText(current, new Date("2026-11-28T09:00:00Z"))).toBe("Changed by Maria Lopez at 03:12");
    followAccountTimeFormat("12h");
    expect(changedByText(current, new Date("2026-11-28T09:00:00Z"))).toBe(
      "Changed by Maria Lopez at 3:12 AM",
    );
    expect(changedByText(current, new Date("2026-11-30T09:00:00Z"))).toMatch(
      /^Changed by Maria Lopez on Nov 28, 2026/,
    );
    expect(changedByText({ updatedAt: "2026-11-28T02:12:00.000Z" }, new Date("2026-11-28T09:00:00Z"))).toBe(
      "Changed by someone else at 3:12 AM",
    );
  });
});
