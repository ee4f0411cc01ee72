import { describe, expect, it } from "vitest";
import type { PnPrescription } from "@/client/lib/pn-api";
import { today } from "@/domain/dates";
import { plateauRate } from "@/domain/pn";
import { formFieldErrors } from "../../../../tests/helpers/form-errors";
import { pnForm, pnFormValues } from "./pn-form";

const childId = "0b8f2f4e-4a4c-4d7e-9a51-0c5f7a3c2e11";

const version: PnPrescription = {
  id: "1d2c3b4a-0000-4000-8000-000000000009",
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
  rateMlPerHour: null,
  taperUpMinutes: 60,
  taperDownMinutes: 60,
  dextrosePercent: 12.5,
  aminoAcidsG: 30,
  lipidG: 24,
  lipidProduct: "SMOFlipid 20 %",
  additives: "Multivitamin 5 mL",
  notes: null,
  plateauRateMlPerHour: 64.6,
  bagKcal: 717,
  dextroseG: 105,
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
      rateMlPerHour: "",
      taperUpMinutes: "60",
      taperDownMinutes: "60",
      dextrosePercent: "12.5",
      aminoAcidsG: "30",
      lipidG: "24",
      lipidProduct: "SMOFlipid 20 %",
      additives: "Multivitamin 5 mL",
      notes: "",
    });
    // Saved as it is, the new version leaves the rate to be computed, as the one before did.
    const body = pnForm(version).schema.parse(values);
    expect(body).toMatchObject({ bagVolumeMl: 840, rateMlPerHour: null, taperUpMinutes: 60 });
    expect(plateauRate(body)).toBe(64.6);
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
