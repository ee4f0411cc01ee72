import { describe, expect, it } from "vitest";
import { addDays, today } from "@/domain/dates";
import { formFieldErrors } from "../../../../tests/helpers/form-errors";
import type { TpnEntry } from "./api";
import { type TpnEntryBody, tpnFormSchema, tpnFormValues, tpnSecondLooks } from "./tpn-form";

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

describe("the TPN form's second looks", () => {
  const entry = (fields: Partial<TpnEntry>): TpnEntry => ({
    id: "1d2c3b4a-0000-4000-8000-000000000001",
    createdAt: "2026-11-24T21:10:00.000Z",
    updatedAt: "2026-11-24T21:10:00.000Z",
    createdBy: null,
    updatedBy: null,
    createdByName: null,
    updatedByName: null,
    childId,
    date: today(),
    calories: null,
    protein: null,
    carbohydrates: null,
    fat: null,
    volume: "1150.00",
    duration: null,
    notes: null,
    pnPrescriptionId: null,
    lot: null,
    expiryDate: null,
    startTime: null,
    stopTime: null,
    interruptions: null,
    ...fields,
  });
  const body = (fields: Partial<TpnEntryBody>) =>
    tpnFormSchema.parse({ ...tpnFormValues(null, childId), ...fields });
  const context = (items: TpnEntry[], record: TpnEntry | null = null) => ({ record, items, edit: () => {} });

  it("asks about a volume no bag holds, and about a second entry for the same child and day", () => {
    expect(tpnSecondLooks(body({ volume: "99999" }), context([])).map((look) => look.title)).toEqual([
      "Is 99,999 mL right?",
    ]);
    const looks = tpnSecondLooks(body({ volume: "1150" }), context([entry({})]));
    expect(looks).toHaveLength(1);
    expect(looks[0]?.description).toMatch(
      /^Already logged (tonight|today) at \d\d:\d\d: add another, or edit that one\?$/,
    );
    expect(looks[0]?.alternative?.label).toBe("Edit that one");
  });

  it("says nothing for a usual volume on a new day, another child's day, or the entry being edited", () => {
    const other = entry({ childId: "0b8f2f4e-4a4c-4d7e-9a51-0c5f7a3c2e12" });
    const yesterday = entry({ date: addDays(today(), -1) });
    expect(tpnSecondLooks(body({ volume: "1150" }), context([other, yesterday]))).toEqual([]);
    const same = entry({});
    expect(tpnSecondLooks(body({ volume: "1150" }), context([same], same))).toEqual([]);
  });
});
