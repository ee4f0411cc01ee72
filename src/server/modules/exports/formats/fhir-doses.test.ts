import type { MedicationAdministration } from "@medplum/fhirtypes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bundleErrors,
  fhirContextFor,
  only,
  renderBundle,
  resourcesOf,
} from "../../../../../tests/helpers/fhir-validation";
import { addChild } from "../../../../../tests/helpers/owned-crud-contract";
import { buildTestApp, signUp, type TestApp } from "../../../../../tests/helpers/test-app";
import { doseQuantity } from "../../medication-doses/medication-doses.fhir";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("FHIR export of doses and schedules", () => {
  it("reads a dose's amount as a UCUM quantity only when it is one", () => {
    expect(doseQuantity("5 mL")).toEqual({
      value: 5,
      unit: "mL",
      system: "http://unitsofmeasure.org",
      code: "mL",
    });
    expect(doseQuantity("2.5ml")).toMatchObject({ value: 2.5, unit: "ml", code: "mL" });
    expect(doseQuantity(" 60 mg ")).toMatchObject({ value: 60, code: "mg" });
    expect(doseQuantity("150 mcg")).toMatchObject({ value: 150, unit: "mcg", code: "ug" });
    for (const amount of ["half a sachet", "2 puffs", "1,5 mL", "5", "mL", "", null]) {
      expect(doseQuantity(amount), String(amount)).toBeUndefined();
    }
  });

  it("writes every schedule and dose as valid R4: a dose that is no quantity in a note, and a given dose's reason", async () => {
    const user = await signUp(t.app);
    const childId = await addChild(user, "Sam");
    const medication = async (body: Record<string, unknown>) => {
      const response = await user.post("/api/medications", { childId, dosage: "1", frequency: "-", ...body });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as string;
    };
    const iron = await medication({
      name: "Iron",
      scheduleKind: "interval",
      intervalHours: 8,
      route: "G-tube",
    });
    const ondansetron = await medication({
      name: "Ondansetron",
      scheduleKind: "as-needed",
      intervalHours: 6,
    });
    const dose = async (body: Record<string, unknown>) => {
      const response = await user.post("/api/medication-doses", body);
      expect(response.statusCode, response.body).toBe(201);
    };
    await dose({ medicationId: iron, givenAt: "2026-11-20T06:00:00.000Z", amount: "half a sachet" });
    await dose({
      medicationId: ondansetron,
      givenAt: "2026-11-20T07:00:00.000Z",
      amount: "2 mg",
      reason: "Nausea before school",
      notes: "Settled within the hour",
    });
    const bundle = await renderBundle(await fhirContextFor(t, user));
    expect(bundleErrors(bundle)).toEqual([]);

    const statement = (name: string) =>
      only(bundle, "MedicationStatement", (s) => s.medicationCodeableConcept?.text === name);
    expect(statement("Iron").dosage?.[0]).toMatchObject({
      route: { text: "G-tube" },
      timing: { repeat: { frequency: 1, period: 8, periodUnit: "h" } },
    });
    expect(statement("Ondansetron").dosage?.[0]).toMatchObject({ asNeededBoolean: true });
    const administration = (name: string) =>
      only(bundle, "MedicationAdministration", (m) => m.medicationCodeableConcept?.text === name);
    expect(administration("Iron")).toMatchObject({
      status: "completed",
      note: [{ text: "Amount: half a sachet" }],
    });
    expect(administration("Iron").dosage).toBeUndefined();
    expect(administration("Ondansetron")).toMatchObject({
      dosage: { text: "2 mg", dose: { value: 2, code: "mg" } },
      note: [{ text: "Reason: Nausea before school" }, { text: "Settled within the hour" }],
    });
  });

  it("leaves out the doses of a medication no single child can be named for, and says so", async () => {
    const user = await signUp(t.app);
    const sam = await addChild(user, "Sam");
    await addChild(user, "Ava");
    const iron = (
      await user.post("/api/medications", { name: "Iron", dosage: "5 mL", frequency: "Daily" })
    ).json().id;
    expect(
      (await user.post("/api/medication-doses", { medicationId: iron, amount: "5 mL" })).statusCode,
    ).toBe(201);

    const family = await renderBundle(await fhirContextFor(t, user));
    expect(bundleErrors(family)).toEqual([]);
    expect(resourcesOf(family).map((r) => r.resourceType)).not.toContain("MedicationAdministration");
    expect(only(family, "OperationOutcome").issue[0]?.diagnostics).toContain(
      "Medications: 1; Medication Doses: 1",
    );
    // One child's export names that child for the family's medication, and its dose.
    const samOnly = await renderBundle(await fhirContextFor(t, user, { childId: sam }));
    expect(bundleErrors(samOnly)).toEqual([]);
    const dose = only(samOnly, "MedicationAdministration") as MedicationAdministration;
    expect(dose.subject).toEqual({ reference: `urn:uuid:${sam}` });
    expect(dose.supportingInformation).toEqual([{ reference: `urn:uuid:${iron}` }]);
  });
});
