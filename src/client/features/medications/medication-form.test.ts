import { describe, expect, it } from "vitest";
import { formFieldErrors } from "../../../../tests/helpers/form-errors";
import { medicationFormSchema, medicationFormValues } from "./medication-form";

describe("the medication form", () => {
  it("shows an end date before the start date under End Date", async () => {
    const values = {
      ...medicationFormValues(null, null),
      name: "Ursodiol",
      dosage: "60 mg",
      frequency: "Twice daily",
      startDate: "2026-03-01",
      endDate: "2026-02-28",
    };
    expect(await formFieldErrors(medicationFormSchema, values)).toEqual({
      endDate: "End date cannot be before the start date",
    });
    expect(await formFieldErrors(medicationFormSchema, { ...values, endDate: "2026-03-01" })).toEqual({});
  });
});
