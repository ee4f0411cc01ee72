import { describe, expect, it } from "vitest";
import { formFieldErrors } from "../../../../tests/helpers/form-errors";
import { symptomEntryFormSchema, symptomEntryFormValues } from "./symptom-entry-form";

describe("the symptom entry form", () => {
  it("asks for a symptom or a pain level under Symptoms", async () => {
    const blank = { ...symptomEntryFormValues(null, null), painLevel: "none", severity: "mild" };
    expect(await formFieldErrors(symptomEntryFormSchema, blank)).toEqual({
      symptoms: "Enter at least one symptom or a pain level",
    });
    expect(await formFieldErrors(symptomEntryFormSchema, { ...blank, painLevel: "4" })).toEqual({});
    expect(await formFieldErrors(symptomEntryFormSchema, { ...blank, symptoms: "nausea" })).toEqual({});
  });
});
