import { describe, expect, it } from "vitest";
import type { Medication } from "@/client/lib/medications-api";
import { formFieldErrors } from "../../../../tests/helpers/form-errors";
import { medicationFields, medicationFormSchema, medicationFormValues, NO_SCHEDULE } from "./medication-form";

const base = {
  ...medicationFormValues(null, null),
  name: "Ursodiol",
  dosage: "60 mg",
  frequency: "Twice daily",
};

describe("the medication form", () => {
  it("shows an end date before the start date under End Date", async () => {
    const values = { ...base, startDate: "2026-03-01", endDate: "2026-02-28" };
    expect(await formFieldErrors(medicationFormSchema, values)).toEqual({
      endDate: "End date cannot be before the start date",
    });
    expect(await formFieldErrors(medicationFormSchema, { ...values, endDate: "2026-03-01" })).toEqual({});
  });

  it("starts a new medication with no set schedule", () => {
    expect(base).toMatchObject({
      scheduleKind: NO_SCHEDULE,
      scheduleTimes: "",
      intervalHours: "",
      route: "",
    });
  });

  it("sends a schedule at set times as sorted times, and no schedule as none", () => {
    const times = medicationFormSchema.parse({
      ...base,
      route: "G-tube",
      scheduleKind: "times",
      scheduleTimes: "20:00, 08:00",
    });
    expect(times).toMatchObject({
      route: "G-tube",
      scheduleKind: "times",
      scheduleTimes: ["08:00", "20:00"],
      intervalHours: null,
    });
    expect(medicationFormSchema.parse(base)).toMatchObject({
      scheduleKind: null,
      scheduleTimes: null,
      intervalHours: null,
    });
  });

  it("says under its field what a schedule still needs", async () => {
    expect(await formFieldErrors(medicationFormSchema, { ...base, scheduleKind: "times" })).toEqual({
      scheduleTimes: "Enter the times of day, e.g. 08:00, 20:00",
    });
    expect(await formFieldErrors(medicationFormSchema, { ...base, scheduleKind: "interval" })).toEqual({
      intervalHours: "Enter how many hours apart the doses are",
    });
    expect(
      await formFieldErrors(medicationFormSchema, { ...base, scheduleKind: "times", scheduleTimes: "8am" }),
    ).toEqual({ scheduleTimes: "Times must be times of day (HH:mm), separated by commas" });
    // As needed may say a least gap, or none.
    expect(await formFieldErrors(medicationFormSchema, { ...base, scheduleKind: "as-needed" })).toEqual({});
  });

  it("does not send what another schedule's fields still hold, hidden", () => {
    // Times typed, then "every few hours" chosen: the times are not sent (the server would refuse them).
    expect(
      medicationFormSchema.parse({
        ...base,
        scheduleKind: "interval",
        scheduleTimes: "08:00",
        intervalHours: "6",
      }),
    ).toMatchObject({ scheduleKind: "interval", scheduleTimes: null, intervalHours: 6 });
    expect(
      medicationFormSchema.parse({
        ...base,
        scheduleKind: NO_SCHEDULE,
        scheduleTimes: "08:00",
        intervalHours: "6",
      }),
    ).toMatchObject({ scheduleKind: null, scheduleTimes: null, intervalHours: null });
  });

  it("shows each schedule's own field, and hours apart under two names", () => {
    const fields = medicationFields({ name: "childId", label: "Child" });
    const shownFor = (kind: string) =>
      fields.filter((f) => !f.shownWhen || f.shownWhen.is.includes(kind)).map((f) => f.label);
    expect(shownFor("times")).toContain("Times of day *");
    expect(shownFor("times")).not.toContain("Hours apart *");
    expect(shownFor("interval")).toContain("Hours apart *");
    expect(shownFor("as-needed")).toContain("At least hours apart");
    expect(shownFor(NO_SCHEDULE).filter((l) => /hours|Times/.test(l))).toEqual([]);
  });

  it("opens an edit with the schedule as typed", () => {
    const medication = {
      scheduleKind: "times",
      scheduleTimes: ["08:00", "20:00"],
      intervalHours: null,
      sideEffects: [],
      isActive: "true",
      childId: null,
    } as unknown as Medication;
    expect(medicationFormValues(medication, null)).toMatchObject({
      scheduleKind: "times",
      scheduleTimes: "08:00, 20:00",
      intervalHours: "",
    });
    const everySix = { ...medication, scheduleKind: "interval", scheduleTimes: null, intervalHours: 6 };
    expect(medicationFormValues(everySix as Medication, null)).toMatchObject({
      scheduleKind: "interval",
      intervalHours: "6",
    });
  });
});
