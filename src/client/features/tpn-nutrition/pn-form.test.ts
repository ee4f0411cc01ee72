import { describe, expect, it } from "vitest";
import type { PnPrescription } from "@/client/lib/pn-api";
import { today } from "@/domain/dates";
import { plateauRate } from "@/domain/pn";
import { formFieldErrors } from "../../../../tests/helpers/form-errors";
import { pnFields, pnForm, pnFormValues } from "./pn-form";

const childId = "0b8f2f4e-4a4c-4d7e-9a51-0c5f7a3c2e11";

const version: PnPrescription = {
  id: "1d2c3b4a-0000-4000-8000-000000000009",
  version: 1,
  createdAt: "2026-11-15T21:10:00.000Z",
  updatedAt: "2026-11-15T21:10:00.000Z",
  createdBy: null,
  updatedBy: null,
  createdByName: null,
  updatedByName: null,
  childId,
  startDate: "2026-11-15",
  endDate: null,
  prescriber: "Dr. Patel",
  bagVolumeMl: 840,
  infusionHours: 14,
  nightsPerWeek: null,
  rateMlPerHour: null,
  taperUpMinutes: 60,
  taperDownMinutes: 60,
  taperUpSteps: [{ minutes: 60, percent: 50 }],
  taperDownSteps: [{ minutes: 60, percent: 50 }],
  dextrosePercent: 12.5,
  aminoAcidsG: 30,
  lipidG: 24,
  lipidPercent: 20,
  lipidProduct: "SMOFlipid 20 %",
  additives: "Multivitamin 5 mL",
  notes: null,
  plateauRateMlPerHour: 64.6,
  bagKcal: 717,
  dextroseG: 105,
  energyFactors: null,
};

describe("the PN prescription form", () => {
  it("starts a first prescription empty, today, for the child shown", () => {
    const values = pnFormValues(null, childId);
    expect(values).toMatchObject({ childId, startDate: today(), bagVolumeMl: "", prescriber: "" });
  });

  it("starts a new version from the version in force, today, so only what changed is typed", () => {
    const values = pnForm(version).toFormValues(null, childId);
    expect(values).toEqual({
      childId,
      startDate: today(),
      prescriber: "Dr. Patel",
      bagVolumeMl: "840",
      infusionHours: "14",
      nightsPerWeek: "",
      rateMlPerHour: "",
      taperUpMinutes: "60",
      taperUpPercent: "50",
      taperUp2Minutes: "",
      taperUp2Percent: "",
      taperDownMinutes: "60",
      taperDownPercent: "50",
      taperDown2Minutes: "",
      taperDown2Percent: "",
      dextrosePercent: "12.5",
      aminoAcidsG: "30",
      lipidG: "24",
      lipidPercent: "20",
      lipidProduct: "SMOFlipid 20 %",
      additives: "Multivitamin 5 mL",
      notes: "",
    });
    // Saved as it is, the new version leaves the rate to be computed, as the one before did.
    const body = pnForm(version).schema.parse(values);
    expect(body).toMatchObject({
      bagVolumeMl: 840,
      rateMlPerHour: null,
      taperUpMinutes: 60,
      taperUpSteps: [{ minutes: 60, percent: 50 }],
      lipidPercent: 20,
    });
    expect(plateauRate(body)).toBe(64.6);
  });

  it("takes a two-step taper down (half rate, then a quarter), the emulsion's strength and the nights a week", () => {
    // Harvard / Boston Children's HPN teaching and Longhurst 2003: taper off at half, then a quarter.
    const values = {
      ...pnFormValues(null, childId),
      bagVolumeMl: "1000",
      infusionHours: "12",
      taperUpMinutes: "60",
      taperDownMinutes: "30",
      taperDownPercent: "50",
      taperDown2Minutes: "30",
      taperDown2Percent: "25",
      lipidG: "15",
      lipidPercent: "10",
      nightsPerWeek: "5",
    };
    const body = pnForm(null).schema.parse(values);
    expect(body).toMatchObject({
      nightsPerWeek: 5,
      taperUpSteps: [{ minutes: 60, percent: 50 }],
      taperDownSteps: [
        { minutes: 30, percent: 50 },
        { minutes: 30, percent: 25 },
      ],
      taperDownMinutes: 60,
      lipidPercent: 10,
    });
    // 1000 / (12 − (30 + 15 + 22.5) / 60) = 92 mL/h.
    expect(plateauRate(body)).toBe(92);
  });

  it("offers the strength with its energy, 20 % to start with, and no placeholder that looks like a number", () => {
    expect(pnFormValues(null, childId).lipidPercent).toBe("20");
    const strength = pnFields.find((f) => f.name === "lipidPercent");
    expect(strength?.options?.map((o) => o.label)).toEqual([
      "10 % (1.1 kcal/mL, 11 kcal per g of fat)",
      "20 % (2 kcal/mL, 10 kcal per g of fat)",
      "30 % (3 kcal/mL, 10 kcal per g of fat)",
    ]);
    const numberLike = pnFields
      .filter((f) => f.placeholder && /^[\d.,\s]+$/.test(f.placeholder))
      .map((f) => f.name);
    expect(numberLike).toEqual([]);
  });

  it("edits a version with its own start date", () => {
    expect(pnForm(null).toFormValues(version, null)).toMatchObject({ startDate: "2026-11-15", childId });
  });

  it("asks for the bag's volume and hours, and a taper shorter than the infusion", async () => {
    expect(await formFieldErrors(pnForm(null).schema, pnFormValues(null, childId))).toEqual({
      bagVolumeMl: "Bag volume is required",
      infusionHours: "Infusion hours is required",
    });
    const values = { ...pnFormValues(null, childId), bagVolumeMl: "500", infusionHours: "2" };
    expect(
      await formFieldErrors(pnForm(null).schema, { ...values, taperUpMinutes: "60", taperDownMinutes: "60" }),
    ).toEqual({ taperDownMinutes: "The taper up and down must take less than the infusion's hours" });
  });
});
