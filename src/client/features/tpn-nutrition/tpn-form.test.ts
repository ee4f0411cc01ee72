import { describe, expect, it } from "vitest";
import type { PnPrescription } from "@/client/lib/pn-api";
import { addDays, today } from "@/domain/dates";
import { formFieldErrors } from "../../../../tests/helpers/form-errors";
import type { TpnEntry } from "./api";
import {
  type TpnEntryBody,
  tonightsBagValues,
  tpnFields,
  tpnFormSchema,
  tpnFormValues,
  tpnSecondLooks,
} from "./tpn-form";

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

describe("the TPN form's placeholders", () => {
  it("never look like entered numbers", () => {
    const numberLike = tpnFields
      .filter((f) => f.placeholder && /^[\d.,\s]+$/.test(f.placeholder))
      .map((f) => `${f.name}: ${f.placeholder}`);
    expect(numberLike).toEqual([]);
  });
});

describe("tonight's bag", () => {
  const prescription = {
    id: "1d2c3b4a-0000-4000-8000-000000000009",
    childId,
    startDate: "2026-11-15",
    endDate: null,
    bagVolumeMl: 840,
    infusionHours: 14,
    rateMlPerHour: null,
    taperUpMinutes: 60,
    taperDownMinutes: 60,
    dextrosePercent: 12.5,
    aminoAcidsG: 30,
    lipidG: 24,
  } as PnPrescription;

  it("fills today's entry from the prescription, linked to it, ready to save as it is", () => {
    const values = tonightsBagValues(prescription, childId);
    expect(values).toMatchObject({
      childId,
      date: today(),
      // As a person writes them, never "840.00".
      volume: "840",
      duration: "14",
      // 105 g of dextrose × 3.4 + 30 g of amino acids × 4 + 24 g of lipid × 10 = 717 kcal.
      calories: "717",
      protein: "30",
      carbohydrates: "105",
      fat: "24",
      pnPrescriptionId: prescription.id,
      lot: "",
      startTime: "",
      notes: "",
    });
    expect(tpnFormSchema.parse(values)).toMatchObject({
      volume: "840",
      duration: 14,
      calories: "717",
      pnPrescriptionId: prescription.id,
      lot: null,
      expiryDate: null,
    });
  });

  it("leaves the amounts the prescription does not give empty", () => {
    const values = tonightsBagValues(
      { ...prescription, dextrosePercent: null, aminoAcidsG: null, lipidG: null },
      childId,
    );
    expect(values).toMatchObject({ volume: "840", calories: "", protein: "", carbohydrates: "", fat: "" });
  });
});

describe("the TPN form's bag details", () => {
  it("keeps an entry's link and bag details when it is edited (the update replaces the whole entry)", () => {
    const entry = {
      childId,
      date: "2026-11-26",
      volume: "840.00",
      pnPrescriptionId: "1d2c3b4a-0000-4000-8000-000000000009",
      lot: "4471A",
      expiryDate: "2026-12-03",
      startTime: "19:30",
      stopTime: "09:30",
      interruptions: "Occlusion alarm at 02:10",
    } as TpnEntry;
    expect(tpnFormSchema.parse(tpnFormValues(entry, null))).toMatchObject({
      pnPrescriptionId: entry.pnPrescriptionId,
      lot: "4471A",
      expiryDate: "2026-12-03",
      startTime: "19:30",
      stopTime: "09:30",
      interruptions: "Occlusion alarm at 02:10",
    });
  });
});

describe("the TPN form's second looks", () => {
  const entry = (fields: Partial<TpnEntry>): TpnEntry => ({
    id: "1d2c3b4a-0000-4000-8000-000000000001",
    version: 1,
    createdAt: "2026-11-24T21:10:00.000Z",
    updatedAt: "2026-11-24T21:10:00.000Z",
    createdBy: null,
    updatedBy: null,
    createdByName: null,
    updatedByName: null,
    suppliesDrawn: [],
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
    expect(tpnSecondLooks(body({ volume: "99999" }), context([]))).toMatchObject([
      // The answer that saves says what it saves; going back is the safe answer.
      { title: "Is 99,999 mL right?", confirmLabel: "Save 99,999 mL", backLabel: "Change it" },
    ]);
    const looks = tpnSecondLooks(body({ volume: "1150" }), context([entry({})]));
    expect(looks).toHaveLength(1);
    expect(looks[0]?.description).toMatch(
      /^Already logged (tonight|today) at \d\d:\d\d: add a second bag, or edit that one\?$/,
    );
    expect(looks[0]?.confirmLabel).toBe("Add a second bag tonight");
    expect(looks[0]?.alternative?.label).toBe("Edit that one");
  });

  it("asks about a bag that expired before the night it ran", () => {
    const night = addDays(today(), -1);
    const looks = tpnSecondLooks(
      body({ volume: "840", date: night, expiryDate: addDays(night, -1) }),
      context([]),
    );
    expect(looks).toMatchObject([
      { title: "Is the expiry date right?", confirmLabel: "Save with this expiry date" },
    ]);
    expect(tpnSecondLooks(body({ volume: "840", date: night, expiryDate: night }), context([]))).toEqual([]);
  });

  it("says nothing for a usual volume on a new day, another child's day, or the entry being edited", () => {
    const other = entry({ childId: "0b8f2f4e-4a4c-4d7e-9a51-0c5f7a3c2e12" });
    const yesterday = entry({ date: addDays(today(), -1) });
    expect(tpnSecondLooks(body({ volume: "1150" }), context([other, yesterday]))).toEqual([]);
    const same = entry({});
    expect(tpnSecondLooks(body({ volume: "1150" }), context([same], same))).toEqual([]);
  });
});
