import { randomUUID } from "node:crypto";
import type { Observation, Resource } from "@medplum/fhirtypes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bundleErrors,
  fhirContextFor,
  only,
  renderBundle,
  resourcesOf,
} from "../../../../../tests/helpers/fhir-validation";
import { addChild } from "../../../../../tests/helpers/owned-crud-contract";
import { seedEveryRecordType } from "../../../../../tests/helpers/seed-records";
import { buildTestApp, signUp, type TestApp, type TestUser } from "../../../../../tests/helpers/test-app";
import type { ExportScope } from "../../../../domain/exports";
import { fhirExport } from "./fhir";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const contextFor = (user: TestUser, scope: ExportScope = {}) => fhirContextFor(t, user, scope);

describe("FHIR export", () => {
  it("writes every record type as valid R4 resources of one collection bundle", async () => {
    const user = await signUp(t.app);
    const { childId, prescriptionId, medicationId } = await seedEveryRecordType(t, user);
    const patient = { reference: `urn:uuid:${childId}` };
    for (const date of ["2001-02-03", "2099-02-03"]) {
      await user.post("/api/specialist-visits", {
        childId,
        doctorName: "Dr. Lee",
        specialty: "Cardiology",
        date,
      });
    }
    const bundle = await renderBundle(await contextFor(user));
    expect(bundleErrors(bundle)).toEqual([]);

    expect(bundle).toMatchObject({
      resourceType: "Bundle",
      type: "collection",
      timestamp: expect.any(String),
    });
    expect(
      resourcesOf(bundle)
        .map((r) => r.resourceType)
        .sort(),
    ).toEqual(
      ["AllergyIntolerance", "CareTeam", "Condition", "Condition", "Device", "Encounter", "Encounter"]
        .concat(["Encounter", "MedicationStatement", "Patient", "Practitioner"])
        // The two versions of the prescription; the dose given and the one skipped.
        .concat(["MedicationRequest", "MedicationRequest"])
        .concat(["MedicationAdministration", "MedicationAdministration"])
        // Lab, symptoms, TPN; a temperature and a weight; the length measured at the dressing change;
        // the gestational age at birth; a feed and an output; the two analytes of a lab result.
        .concat(Array(11).fill("Observation"))
        // The line's insertion, its dressing change and its site check.
        .concat(Array(3).fill("Procedure"))
        // The lab result's draw, grouping its two analytes' Observations.
        .concat(["DiagnosticReport"])
        .sort(),
    );
    expect(bundle.entry?.[0]).toMatchObject({
      fullUrl: `urn:uuid:${childId}`,
      resource: {
        resourceType: "Patient",
        name: [{ text: "Sam Rivera", given: ["Sam"], family: "Rivera" }],
        birthDate: "2019-04-02",
        gender: "male",
      },
    });
    // LOINC 76516-4 "Gestational age--at birth" (as QI-Core's example), in days so 34+2 stays exact.
    const gestation = resourcesOf(bundle).find(
      (r) => r.resourceType === "Observation" && r.code?.coding?.[0]?.code === "76516-4",
    );
    expect(gestation).toMatchObject({
      status: "final",
      subject: patient,
      effectiveDateTime: "2019-04-02",
      code: {
        coding: [{ system: "http://loinc.org", code: "76516-4", display: "Gestational age--at birth" }],
      },
      valueQuantity: { value: 34 * 7 + 2, unit: "d", system: "http://unitsofmeasure.org", code: "d" },
      note: [{ text: "34 weeks 2 days" }],
    });
    expect(only(bundle, "AllergyIntolerance")).toMatchObject({
      code: { text: "Latex" },
      criticality: "high",
      patient,
      reaction: [{ manifestation: [{ text: "Hives" }] }],
    });
    expect(only(bundle, "MedicationStatement")).toMatchObject({
      id: medicationId,
      status: "active",
      subject: patient,
      dosage: [
        {
          text: "60 mg Twice daily",
          route: { text: "By mouth" },
          timing: { repeat: { timeOfDay: ["08:00:00", "20:00:00"] } },
        },
      ],
    });
    // Doses: given or not, at the instant given, with what was given and the statement beside it.
    const statement = { reference: `urn:uuid:${medicationId}` };
    expect(only(bundle, "MedicationAdministration", (m) => m.status === "completed")).toMatchObject({
      category: { coding: [{ code: "community" }] },
      medicationCodeableConcept: { text: "Ursodiol" },
      subject: patient,
      effectiveDateTime: expect.stringMatching(/^2026-11-20T\d\d:05:00[+-]\d\d:\d\d$/),
      supportingInformation: [statement],
      dosage: {
        text: "60 mg",
        dose: { value: 60, unit: "mg", system: "http://unitsofmeasure.org", code: "mg" },
      },
    });
    const skipped = only(bundle, "MedicationAdministration", (m) => m.status === "not-done");
    expect(skipped).toMatchObject({
      statusReason: [{ text: "Vomiting after the night's feed" }],
      medicationCodeableConcept: { text: "Ursodiol" },
      supportingInformation: [statement],
    });
    expect(new Date(skipped.effectiveDateTime!).toISOString()).toBe("2026-11-20T20:00:00.000Z");
    expect(skipped.dosage).toBeUndefined();
    // The prescription: each version an order, the current one active, the earlier one completed.
    expect(only(bundle, "MedicationRequest", (r) => r.id === prescriptionId)).toMatchObject({
      status: "active",
      intent: "order",
      medicationCodeableConcept: { text: "Parenteral nutrition" },
      subject: patient,
      requester: { display: "Dr. Priya Patel" },
      dosageInstruction: [
        {
          text:
            "1,000 mL over 12 h at 90.9 mL/h (computed), taper up 60 min at 50 %, taper down 60 min at 50 %. " +
            "Dextrose 15 %, amino acids 25 g, lipid 20 g (SMOFlipid 20%)",
          timing: { repeat: { frequency: 1, period: 1, periodUnit: "d", duration: 12, durationUnit: "h" } },
          doseAndRate: [
            {
              doseQuantity: { value: 1000, code: "mL" },
              rateQuantity: { value: 90.9, unit: "mL/h", code: "mL/h" },
            },
          ],
        },
      ],
      dispenseRequest: { validityPeriod: { start: "2026-11-15" } },
      note: [{ text: "Additives: Multivitamin 5 mL, trace elements 1 mL" }],
    });
    expect(only(bundle, "MedicationRequest", (r) => r.id !== prescriptionId)).toMatchObject({
      status: "completed",
      dispenseRequest: { validityPeriod: { start: "2026-10-01", end: "2026-11-14" } },
    });
    const observation = (text: string) => only(bundle, "Observation", (o) => o.code.text === text);
    expect(observation("Hemoglobin")).toMatchObject({
      status: "final",
      subject: patient,
      valueQuantity: { value: 12.1, unit: "g/dL" },
      referenceRange: [{ text: "11.5-15.5 g/dL" }],
    });
    expect(observation("Symptoms")).toMatchObject({ valueString: "fever, chills" });
    expect(observation("Symptoms").component).toContainEqual(
      expect.objectContaining({ code: expect.objectContaining({ text: "Pain level" }), valueInteger: 4 }),
    );
    const tpn = (observation("Parenteral nutrition") as Observation).component?.map((c) => [
      c.code.text,
      c.valueQuantity?.value,
      c.valueQuantity?.code,
    ]);
    expect(tpn).toEqual([
      ["Calories", 850.5, "kcal"],
      ["Protein", 25, "g"],
      ["Volume", 1000, "mL"],
      ["Duration", 12, "h"],
    ]);
    // The bag followed the current version; its label and its night in notes.
    expect(observation("Parenteral nutrition")).toMatchObject({
      basedOn: [{ reference: `urn:uuid:${prescriptionId}` }],
      note: [
        { text: "Lot: B-4471" },
        { text: "Expiry date: 2026-11-23" },
        { text: "Ran from 19:45 until 07:50" },
        { text: "Interruptions: Occlusion alarm at 02:10, restarted 02:20" },
      ],
    });
    expect(
      only(bundle, "Condition", (c) => c.code?.text === "Bloodstream infection (central line)"),
    ).toMatchObject({
      subject: patient,
      clinicalStatus: { coding: [{ code: "resolved" }] },
      onsetDateTime: "2026-10-28",
      note: [{ text: "Organism: Staphylococcus epidermidis" }, expect.anything(), expect.anything()],
    });
    expect(only(bundle, "Condition", (c) => c.code?.text === "Short bowel syndrome").subject).toEqual(
      patient,
    );
    const device = only(bundle, "Device");
    expect(device).toMatchObject({
      status: "active",
      type: { coding: [{ system: "http://snomed.info/sct", code: "52124006" }] },
      deviceName: [{ name: "Double lumen, left arm, inserted Jul 5, 2026" }],
      patient,
    });
    const line = { reference: `urn:uuid:${device.id}` };
    expect(only(bundle, "Procedure", (p) => p.code?.text === "PICC line insertion")).toMatchObject({
      performedPeriod: { start: "2026-07-05" },
      bodySite: [{ text: "Left arm" }],
      focalDevice: [{ manipulated: line }],
    });
    // Line care: done to the line, at the time the family typed, with its zone's offset.
    const dressing = only(bundle, "Procedure", (p) => p.code?.text === "Dressing change");
    expect(dressing).toMatchObject({
      status: "completed",
      category: { text: "Central line care" },
      subject: patient,
      performedDateTime: expect.stringMatching(/^2026-11-20T19:30:00[+-]\d\d:\d\d$/),
      focalDevice: [{ manipulated: line }],
      usedCode: [{ text: "Transparent dressing" }],
      note: [{ text: "External length: 2.5 cm" }],
    });
    expect(only(bundle, "Procedure", (p) => p.code?.text === "Site check")).toMatchObject({
      performedDateTime: "2026-11-21",
      note: [{ text: "Site findings: Redness" }],
    });
    expect(observation("Central line external length")).toMatchObject({
      partOf: [{ reference: `urn:uuid:${dressing.id}` }],
      focus: [line],
      valueQuantity: { value: 2.5, unit: "cm", system: "http://unitsofmeasure.org", code: "cm" },
    });
    // Vitals: LOINC-coded vital signs with UCUM units; the temperature's site in SNOMED CT.
    expect(observation("Body temperature")).toMatchObject({
      status: "final",
      category: [{ coding: [{ code: "vital-signs" }] }],
      code: { coding: [{ system: "http://loinc.org", code: "8310-5" }] },
      subject: patient,
      effectiveDateTime: expect.stringMatching(/^2026-11-20T03:10:00[+-]\d\d:\d\d$/),
      valueQuantity: { value: 38.3, unit: "°C", system: "http://unitsofmeasure.org", code: "Cel" },
      bodySite: { coding: [{ system: "http://snomed.info/sct", code: "422543003" }], text: "Under the arm" },
    });
    expect(observation("Body weight")).toMatchObject({
      code: { coding: [{ code: "29463-7" }] },
      effectiveDateTime: "2026-11-20",
      valueQuantity: { value: 21.4, code: "kg" },
    });
    expect(observation("Body weight").bodySite).toBeUndefined();
    expect(only(bundle, "Encounter", (e) => e.serviceType?.text === "Gastroenterology")).toMatchObject({
      participant: [{ individual: { display: "Dr. Emily Chen" } }],
      class: { code: "AMB" },
    });
    expect(only(bundle, "Encounter", (e) => e.period?.start === "2001-02-03").status).toBe("finished");
    expect(only(bundle, "Encounter", (e) => e.period?.start === "2099-02-03").status).toBe("planned");
    expect(only(bundle, "CareTeam")).toMatchObject({
      subject: patient,
      participant: [{ member: { display: "Dr. Priya Patel" }, role: [{ text: "Gastroenterologist" }] }],
    });
  });

  it("fails a resource that breaks the rules: structure, invariants, codes and empty values", async () => {
    const user = await signUp(t.app);
    await seedEveryRecordType(t, user);
    const bundle = await renderBundle(await contextFor(user));
    const broken = (type: Resource["resourceType"], change: (r: Record<string, unknown>) => void) => {
      const copy = structuredClone(bundle);
      change(
        copy.entry?.find((e) => e.resource?.resourceType === type)?.resource as unknown as Record<
          string,
          unknown
        >,
      );
      return bundleErrors(copy);
    };
    expect(bundleErrors(bundle)).toEqual([]);
    const cases: [Resource["resourceType"], (r: Record<string, unknown>) => void][] = [
      ["Patient", (r) => (r.birthDate = "2019-13-02")], // structure
      ["AllergyIntolerance", (r) => delete r.clinicalStatus], // an invariant (ait-1)
      ["MedicationStatement", (r) => (r.status = "taking")], // a code outside its value set
      ["Encounter", (r) => (r.participant = [])], // an empty value
      ["Procedure", (r) => delete r.subject], // a required element
      ["Device", (r) => (r.status = "in-use")], // a code outside its value set
      ["Condition", (r) => (r.subject = { reference: `urn:uuid:${randomUUID()}` })], // a dangling reference
      ["MedicationAdministration", (r) => (r.status = "given")], // a code outside its value set
      ["MedicationAdministration", (r) => (r.dosage = { text: "60 mg" })], // an invariant (mad-1)
      ["MedicationRequest", (r) => delete r.intent], // a required element
    ];
    for (const [type, change] of cases) expect(broken(type, change), type).not.toEqual([]);
  });

  it("attaches records linked to no child to the only patient, and leaves out what has none", async () => {
    const user = await signUp(t.app);
    const sam = await addChild(user, "Sam");
    await addChild(user, "Ava");
    await user.post("/api/allergies", { allergen: "Peanut", reaction: "Swelling", severity: "moderate" });
    await user.post("/api/medications", { name: "Iron", dosage: "5 mL", frequency: "Daily" });
    await user.post("/api/lab-tests", { testName: "Ferritin", date: "2026-11-01", status: "pending" });
    await user.post("/api/care-team", { name: "Dr. Kim", role: "Surgeon" });

    const family = await renderBundle(await contextFor(user));
    expect(bundleErrors(family)).toEqual([]);
    const types = resourcesOf(family).map((r) => r.resourceType);
    expect(types).not.toContain("AllergyIntolerance");
    expect(types).not.toContain("MedicationStatement");
    expect(only(family, "Observation").subject).toBeUndefined();
    expect(only(family, "CareTeam").subject).toBeUndefined();
    expect(only(family, "OperationOutcome").issue[0]?.diagnostics).toContain(
      "Medical Allergies: 1; Medications: 1",
    );

    const samOnly = await renderBundle(await contextFor(user, { childId: sam }));
    expect(bundleErrors(samOnly)).toEqual([]);
    const patient = { reference: `urn:uuid:${sam}` };
    expect(only(samOnly, "Patient").id).toBe(sam);
    expect(only(samOnly, "AllergyIntolerance").patient).toEqual(patient);
    expect(only(samOnly, "MedicationStatement").subject).toEqual(patient);
    expect(only(samOnly, "CareTeam").subject).toEqual(patient);
    expect(resourcesOf(samOnly).map((r) => r.resourceType)).not.toContain("OperationOutcome");
  });

  it("writes an account without records as a bundle without entries", async () => {
    const bundle = await renderBundle(await contextFor(await signUp(t.app)));
    expect(bundle.entry).toBeUndefined();
    expect(bundleErrors(bundle)).toEqual([]);
  });

  it("streams a ten-year history an entry at a time", async () => {
    const user = await signUp(t.app);
    const childId = await addChild(user, "Sam");
    const base = await contextFor(user);
    const sections = base.sections.filter((s) => s.name === "children" || s.name === "labTests");
    let read = 0;
    async function* rows(section: (typeof sections)[number]): AsyncGenerator<Record<string, unknown>> {
      if (section.name === "children") {
        yield* base.rows(section);
        return;
      }
      const createdAt = new Date();
      for (let i = 0; i < 15_000; i += 1) {
        read += 1;
        yield {
          id: randomUUID(),
          childId,
          testName: "Sodium",
          date: "2026-01-01",
          orderedBy: null,
          results: `${130 + (i % 15)} mmol/L`,
          normalRange: "135-145",
          status: "completed",
          notes: null,
          createdAt,
          updatedAt: createdAt,
        };
      }
    }
    const stream = fhirExport.render({ ...base, sections, rows });
    let chunks = 0;
    let readWhenFirstEntryArrived = -1;
    let entries = 0;
    for await (const chunk of stream) {
      chunks += 1;
      entries += (String(chunk).match(/"fullUrl"/g) ?? []).length;
      if (entries === 2 && readWhenFirstEntryArrived < 0) readWhenFirstEntryArrived = read;
    }
    expect(entries).toBe(15_001);
    expect(chunks).toBeGreaterThan(15_000);
    // The stream only reads ahead by its buffer, never the whole history before writing.
    expect(readWhenFirstEntryArrived).toBeLessThan(100);
  });
});
