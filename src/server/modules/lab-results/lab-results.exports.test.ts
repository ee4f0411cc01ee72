import type { Observation } from "@medplum/fhirtypes";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bundleErrors,
  fhirContextFor,
  renderBundle,
  resourcesOf,
} from "../../../../tests/helpers/fhir-validation";
import { addChild } from "../../../../tests/helpers/owned-crud-contract";
import { buildTestApp, signUp, type TestApp, type TestUser } from "../../../../tests/helpers/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A child with a liver panel (a lab test of the Lab Tests screen) and its result with numbers. */
async function seed(user: TestUser) {
  const childId = await addChild(user, "Sam Rivera");
  const test = (
    await user.post("/api/lab-tests", {
      childId,
      testName: "Liver panel",
      date: "2026-11-10",
      status: "completed",
    })
  ).json();
  const result = await user.post("/api/lab-results", {
    childId,
    labTestId: test.id,
    date: "2026-11-10",
    time: "07:30",
    drawSite: "peripheral",
    pnTiming: "before-pn",
    fasting: "yes",
    labName: "Children's Hospital lab",
    analytes: [
      { analyte: "conjugated-bilirubin", value: 2.1, unit: "mg/dL", referenceHigh: 0.3 },
      {
        analyte: "potassium",
        value: 2.4,
        unit: "mmol/L",
        referenceLow: 3.5,
        referenceHigh: 5,
        flag: "critical",
      },
      { analyte: "zinc", value: 10, unit: "µmol/L", referenceLow: 9, referenceHigh: 18 },
      { name: "Ammonia", value: 40, unit: "µmol/L" },
    ],
  });
  expect(result.statusCode, result.body).toBe(201);
  return { childId, testId: test.id as string, resultId: result.json().id as string };
}

describe("lab results in the exports", () => {
  it("writes each analyte as a valid laboratory Observation: LOINC in the unit reported, UCUM, range and flag", async () => {
    const user = await signUp(t.app);
    const { childId } = await seed(user);
    const bundle = await renderBundle(await fhirContextFor(t, user));
    expect(bundleErrors(bundle)).toEqual([]);
    const observations = resourcesOf(bundle).filter(
      (r): r is Observation =>
        r.resourceType === "Observation" && r.category?.[0]?.coding?.[0]?.code === "laboratory",
    );
    const ofResult = observations.filter((o) => o.effectiveDateTime?.startsWith("2026-11-10T07:30:00"));
    expect(ofResult).toHaveLength(4);
    const [bilirubin, potassium, zinc, ammonia] = ofResult;
    expect(bilirubin).toMatchObject({
      status: "final",
      subject: { reference: `urn:uuid:${childId}` },
      // In mg/dL, the code of a mass per volume (Bilirubin.direct [Mass/volume]).
      code: {
        coding: [{ system: "http://loinc.org", code: "1968-7" }],
        text: "Conjugated (direct) bilirubin",
      },
      valueQuantity: { value: 2.1, unit: "mg/dL", system: "http://unitsofmeasure.org", code: "mg/dL" },
      referenceRange: [{ high: { value: 0.3, unit: "mg/dL", code: "mg/dL" } }],
      interpretation: [{ coding: [{ code: "H", display: "High" }] }],
      note: [
        { text: "Drawn: Peripheral vein, Before PN starts, Fasting" },
        { text: "Lab: Children's Hospital lab" },
      ],
    });
    expect(potassium).toMatchObject({
      code: { coding: [{ code: "2823-3" }] },
      valueQuantity: { value: 2.4, code: "mmol/L" },
      interpretation: [{ coding: [{ code: "LL", display: "Critical low" }] }],
    });
    // Zinc in µmol/L: the catalogue's code is of a mass per volume, so the name alone.
    expect(zinc?.code).toEqual({ text: "Zinc" });
    expect(zinc?.valueQuantity).toEqual({
      value: 10,
      unit: "µmol/L",
      system: "http://unitsofmeasure.org",
      code: "umol/L",
    });
    // Typed in by name: no code, the unit as typed, no range and no flag.
    expect(ammonia).toMatchObject({
      code: { text: "Ammonia" },
      valueQuantity: { value: 40, unit: "µmol/L" },
    });
    expect(ammonia?.valueQuantity).not.toHaveProperty("code");
    expect(ammonia).not.toHaveProperty("interpretation");
    expect(ammonia).not.toHaveProperty("referenceRange");
    // The same ids on every export.
    const again = await renderBundle(await fhirContextFor(t, user));
    expect(resourcesOf(again).map((r) => r.id)).toEqual(resourcesOf(bundle).map((r) => r.id));
  });

  it("reads each analyte as a sentence in the CSV, with the draw's context in words", async () => {
    const user = await signUp(t.app);
    await seed(user);
    const response = await t.app.inject({
      method: "GET",
      url: "/api/account/export?format=csv",
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(response.rawPayload);
    const lines = (await zip.file("lab-results.csv")!.async("string")).replace(/^\uFEFF/, "").split("\r\n");
    // The lab test the result belongs to, by its name.
    expect(lines[0]).toMatch(
      /^Child,Lab test,Date,Time,Draw site,PN at the draw,Fasting,Lab,Notes,Analytes,/,
    );
    expect(lines[1]).toContain(
      "Sam Rivera,Liver panel,2026-11-10,07:30,Peripheral vein,Before PN starts,Fasting,Children's Hospital lab,," +
        '"Conjugated (direct) bilirubin 2.1 mg/dL (ref ≤ 0.3 mg/dL), High; Potassium 2.4 mmol/L (ref 3.5–5 mmol/L), Critical; ' +
        'Zinc 10 µmol/L (ref 9–18 µmol/L); Ammonia 40 µmol/L"',
    );
  });

  it("comes back from a restore under its restored lab test, and a file linking another child's test is refused", async () => {
    const source = await signUp(t.app);
    await seed(source);
    const file = (await source.get("/api/account/export")).json();
    const target = await signUp(t.app);
    const restored = await target.post("/api/account/import", file);
    expect(restored.statusCode, restored.body).toBe(200);
    const [test] = (await target.get("/api/lab-tests")).json();
    const [result] = (await target.get("/api/lab-results")).json();
    const {
      id: _id,
      createdAt: _c,
      updatedAt: _u,
      createdBy: _cb,
      updatedBy: _ub,
      ...kept
    } = file.labResults[0];
    expect(result).toMatchObject({ ...kept, childId: test.childId, labTestId: test.id });

    // The same file, its result moved to another child of the file: refused, nothing written.
    const other = { ...file.children[0], id: crypto.randomUUID(), name: "Ava" };
    const broken = {
      ...file,
      children: [...file.children, other],
      labResults: [{ ...file.labResults[0], childId: other.id }],
    };
    const third = await signUp(t.app);
    const refused = await third.post("/api/account/import", broken);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("This lab test is another child's");
    expect((await third.get("/api/lab-results")).json()).toEqual([]);
  });
});
