import { describe, expect, it } from "vitest";
import { addDays, today } from "@/domain/dates";
import { formFieldErrors } from "../../../../tests/helpers/form-errors";
import { vitalFormSchema, vitalFormValues, vitalSecondLooks } from "./vital-form";

const childId = "0b8f2f4e-4a4c-4d7e-9a51-0c5f7a3c2e11";
const start = { kind: "temperature" as const, childId, date: today(), time: "03:10" };

describe("the vitals form", () => {
  it("sends a temperature typed in °F as °C, with its site, date and time", async () => {
    const values = { ...vitalFormValues(null, start, "F"), value: "100.9", site: "axillary" };
    expect(await vitalFormSchema("F").parseAsync(values)).toEqual({
      childId,
      date: today(),
      time: "03:10",
      kind: "temperature",
      value: 38.28,
      site: "axillary",
      notes: null,
    });
  });

  it("drops a site left from a temperature when the kind is a weight", async () => {
    const values = { ...vitalFormValues(null, start, "C"), kind: "weight", value: "9.45", site: "oral" };
    expect(await vitalFormSchema("C").parseAsync(values)).toMatchObject({
      kind: "weight",
      value: 9.45,
      site: null,
    });
  });

  it("shows each message under its field, the value's in the unit typed", async () => {
    const values = { ...vitalFormValues(null, start, "F"), value: "38.3", date: addDays(today(), 1) };
    expect(await formFieldErrors(vitalFormSchema("F"), values)).toEqual({
      value: "Temperature must be between 86 and 113 °F",
      date: "Date cannot be in the future",
    });
    // The same 38.3 is a temperature in °C: only the missing child is said.
    expect(await formFieldErrors(vitalFormSchema("C"), { ...values, childId: "", date: today() })).toEqual({
      childId: "Child is required",
    });
  });

  it("starts an edit from the record, its temperature in the family's unit", () => {
    const record = {
      id: "1d2c3b4a-0000-4000-8000-000000000001",
      version: 1,
      childId,
      date: "2026-11-26",
      time: null,
      kind: "temperature" as const,
      value: 38.3,
      site: null,
      notes: "after the flush",
      feverWithLine: true,
      createdAt: "2026-11-26T03:10:00.000Z",
      updatedAt: "2026-11-26T03:10:00.000Z",
      createdBy: null,
      updatedBy: null,
      createdByName: null,
      updatedByName: null,
    };
    expect(vitalFormValues(record, start, "F")).toEqual({
      childId,
      kind: "temperature",
      value: "100.9",
      site: "",
      date: "2026-11-26",
      time: "",
      notes: "after the flush",
    });
  });
});

describe("a second look before saving a low temperature", () => {
  const body = (kind: "temperature" | "weight", value: number) => ({
    childId,
    kind,
    value,
    date: today(),
    time: "03:10",
    site: null,
    notes: null,
  });

  // Hypothermia is a core temperature below 35 °C (95 °F): 2024 American Heart Association and
  // American Red Cross Guidelines for First Aid. A reading that low at home is more often a slip (a
  // thermometer not under the arm) than the child's: it is asked about, never refused.
  it("asks below 35.0 °C (95.0 °F), in the family's unit, and lets the family save it anyway", () => {
    const [look] = vitalSecondLooks(body("temperature", 30), "C");
    expect(look).toMatchObject({
      title: "Is 30.0 °C right?",
      confirmLabel: "Save anyway",
      backLabel: "Change it",
    });
    expect(look?.description).toContain("below 35.0 °C");
    expect(look?.description).toContain("A low temperature can also be a sign of infection");
    expect(vitalSecondLooks(body("temperature", 34.94), "F")[0]?.title).toBe("Is 94.9 °F right?");
    expect(vitalSecondLooks(body("temperature", 34.94), "F")[0]?.description).toContain("below 95.0 °F");
  });

  it("asks nothing from 35.0 °C up, nor of a weight", () => {
    expect(vitalSecondLooks(body("temperature", 35), "C")).toEqual([]);
    expect(vitalSecondLooks(body("temperature", 34.95), "C")).toEqual([]); // reads 35.0 °C
    expect(vitalSecondLooks(body("temperature", 37.2), "F")).toEqual([]);
    expect(vitalSecondLooks(body("weight", 30), "C")).toEqual([]);
  });
});
