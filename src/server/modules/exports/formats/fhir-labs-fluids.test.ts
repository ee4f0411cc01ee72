import type { DiagnosticReport, Observation } from "@medplum/fhirtypes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bundleErrors,
  fhirContextFor,
  renderBundle,
  resourcesOf,
} from "../../../../../tests/helpers/fhir-validation";
import { addChild } from "../../../../../tests/helpers/owned-crud-contract";
import { buildTestApp, signUp, type TestApp, type TestUser } from "../../../../../tests/helpers/test-app";

/**
 * Lab results and fluid in and out in the FHIR export, checked with the R4 validator every FHIR
 * test uses: each draw a DiagnosticReport grouping its analytes' Observations; each feed, drink and
 * output an Observation of its volume, coded in LOINC where a code names it.
 */
let t: TestApp;
let user: TestUser;
let childId: string;

const add = async (url: string, body: Record<string, unknown>) => {
  const response = await user.post(url, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
};

beforeAll(async () => {
  t = await buildTestApp();
  user = await signUp(t.app);
  childId = await addChild(user, "Sam Rivera");
  const test = await add("/api/lab-tests", {
    childId,
    testName: "Liver panel",
    date: "2026-11-10",
    status: "completed",
  });
  await add("/api/lab-results", {
    childId,
    labTestId: test,
    date: "2026-11-10",
    time: "07:30",
    labName: "Children's Hospital lab",
    analytes: [
      { analyte: "conjugated-bilirubin", value: 45, unit: "µmol/L", referenceHigh: 5 },
      { analyte: "alt", value: 30, unit: "U/L", referenceLow: 0, referenceHigh: 40 },
    ],
  });
  await add("/api/lab-results", {
    childId,
    date: "2026-11-12",
    analytes: [{ analyte: "glucose", value: 12, unit: "mmol/L", referenceLow: 3.5, referenceHigh: 7.8 }],
  });
  const intake = (body: Record<string, unknown>) =>
    add("/api/fluid-intake", { childId, date: "2026-11-10", mode: "bolus", ...body });
  await intake({ time: "08:00", source: "enteral", route: "g-tube", volumeMl: 200, kcalPerMl: 1 });
  await intake({ time: "12:30", source: "oral", volumeMl: 60 });
  await intake({ time: "13:00", source: "iv", volumeMl: 100 });
  const output = (body: Record<string, unknown>) =>
    add("/api/fluid-output", { childId, date: "2026-11-10", ...body });
  await output({ time: "09:00", kind: "urine", measure: "volume", amount: 120 });
  await output({ time: "10:00", kind: "stool", measure: "weight", amount: 80, dryWeightGrams: 20 });
  await output({ time: "11:00", kind: "ostomy", measure: "volume", amount: 150 });
});
afterAll(() => t.close());

describe("lab results and fluid in and out in the FHIR export", () => {
  it("passes the R4 validator, each draw a DiagnosticReport of its Observations", async () => {
    const bundle = await renderBundle(await fhirContextFor(t, user));
    expect(bundleErrors(bundle)).toEqual([]);
    const resources = resourcesOf(bundle);
    const reports = resources.filter((r): r is DiagnosticReport => r.resourceType === "DiagnosticReport");
    expect(reports).toHaveLength(2);
    const labs = resources.filter(
      (r): r is Observation =>
        r.resourceType === "Observation" && r.category?.[0]?.coding?.[0]?.code === "laboratory",
    );
    const panel = reports.find((r) => r.code.text === "Liver panel")!;
    expect(panel).toMatchObject({
      status: "final",
      category: [{ coding: [{ system: "http://terminology.hl7.org/CodeSystem/v2-0074", code: "LAB" }] }],
      subject: { reference: `urn:uuid:${childId}` },
      effectiveDateTime: expect.stringMatching(/^2026-11-10T07:30:00[+-]\d\d:\d\d$/),
      performer: [{ display: "Children's Hospital lab" }],
    });
    // It groups the draw's two analytes, and only those.
    const grouped = panel.result!.map((r) => labs.find((o) => `urn:uuid:${o.id}` === r.reference));
    expect(grouped.map((o) => o?.code.text)).toEqual(["Conjugated (direct) bilirubin", "ALT"]);
    // A result under no lab test is named as what it is.
    const other = reports.find((r) => r !== panel)!;
    expect(other.code).toEqual({ text: "Laboratory results" });
    expect(other.result!.map((r) => labs.find((o) => `urn:uuid:${o.id}` === r.reference)?.code.text)).toEqual(
      ["Glucose"],
    );
  });

  it("codes a tube feed, a drink, urine and stool in LOINC, and IV fluids and ostomy output by their text", async () => {
    const bundle = await renderBundle(await fhirContextFor(t, user));
    const fluids = resourcesOf(bundle).filter(
      (r): r is Observation =>
        r.resourceType === "Observation" && r.category?.[0]?.coding?.[0]?.code !== "laboratory",
    );
    const byText = (start: string) => fluids.find((o) => o.code.text?.startsWith(start))!;
    const loinc = (o: Observation) => o.code.coding?.map((c) => [c.system, c.code]);
    expect(loinc(byText("Fluid intake: Tube feed"))).toEqual([["http://loinc.org", "8953-2"]]);
    expect(loinc(byText("Fluid intake: By mouth"))).toEqual([["http://loinc.org", "9000-1"]]);
    expect(byText("Fluid intake: IV fluids").code.coding).toBeUndefined();
    expect(loinc(byText("Urine"))).toEqual([["http://loinc.org", "9187-6"]]);
    expect(byText("Stool")).toMatchObject({
      code: { coding: [{ code: "9217-1", display: "Output.stool [Volume]" }] },
      // Weighed: 80 g less 20 g dry, at 1 g to 1 mL.
      valueQuantity: { value: 60, unit: "mL", system: "http://unitsofmeasure.org", code: "mL" },
    });
    expect(byText("Ostomy output").code).toEqual({ text: "Ostomy output" });
    expect(byText("Fluid intake: Tube feed").valueQuantity).toMatchObject({ value: 200, code: "mL" });
  });
});
