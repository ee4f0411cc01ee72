import { describe, expect, it } from "vitest";
import { addDays, today } from "@/domain/dates";
import { formFieldErrors } from "../../../../tests/helpers/form-errors";
import { tpnFormSchema, tpnFormValues } from "./tpn-form";

const childId = "0b8f2f4e-4a4c-4d7e-9a51-0c5f7a3c2e11";

describe("the TPN form", () => {
  it("asks for an amount under Calories when none is entered", async () => {
    expect(await formFieldErrors(tpnFormSchema, tpnFormValues(null, childId))).toEqual({
      calories: "Enter at least one amount: calories, protein, carbohydrates, fat or volume",
    });
    expect(await formFieldErrors(tpnFormSchema, { ...tpnFormValues(null, childId), volume: "900" })).toEqual(
      {},
    );
  });

  it("shows a date after today under Date", async () => {
    const values = { ...tpnFormValues(null, childId), calories: "850", date: addDays(today(), 1) };
    expect(await formFieldErrors(tpnFormSchema, values)).toEqual({
      date: "Date cannot be in the future",
    });
  });
});
