import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type { OperationOutcome, Resource } from "@medplum/fhirtypes";
import { isoInZone } from "../../../../../domain/clock";
import { urn } from "../../../../lib/fhir/values";
import type { FhirFacet } from "../../../record-type-declaration";
import { RECORD_TYPES, type RecordTypeDeclaration } from "../../../record-types";
import type { ExportContext, ExportFormatter } from "../../export-model";
import { exportLinks, type Links } from "./links";

/**
 * FHIR has no empty values (no null, "", [] or {}: ele-1), so resources are written plainly, with
 * the row's nulls, and pruned once here rather than guarded field by field.
 */
function pruned(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === "string") return value.trim() === "" ? undefined : value;
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (Array.isArray(value)) {
    const items = value.map(pruned).filter((v) => v !== undefined);
    return items.length > 0 ? items : undefined;
  }
  if (typeof value === "object") {
    const fields = Object.entries(value).flatMap(([k, v]) => {
      const kept = pruned(v);
      return kept === undefined ? [] : [[k, kept] as const];
    });
    return fields.length > 0 ? Object.fromEntries(fields) : undefined;
  }
  return value;
}

type Mapper = (row: Record<string, unknown>, links: Links) => Resource[];

function leftOutNotice(leftOut: Map<string, number>): OperationOutcome {
  const counts = [...leftOut].map(([title, n]) => `${title}: ${n}`).join("; ");
  return {
    resourceType: "OperationOutcome",
    id: randomUUID(),
    issue: [
      {
        severity: "information",
        code: "informational",
        diagnostics: `Records linked to no child were left out: FHIR needs their patient, and no single child could be named (${counts}).`,
      },
    ],
  };
}

async function* resources(context: ExportContext): AsyncGenerator<Resource> {
  const links = await exportLinks(context);
  const leftOut = new Map<string, number>();
  for (const section of context.sections) {
    // Each type says how it is written, or why it is left out (its declaration's `fhir`).
    const fhir: FhirFacet = (RECORD_TYPES[section.name] as RecordTypeDeclaration).fhir;
    if ("none" in fhir) continue;
    if ("section" in fhir) {
      yield* fhir.section(context.rows(section), links);
      continue;
    }
    const map = fhir.resources as Mapper;
    for await (const row of context.rows(section)) {
      const mapped = map(row, links);
      if (mapped.length === 0) leftOut.set(section.title, (leftOut.get(section.title) ?? 0) + 1);
      yield* mapped;
    }
  }
  if (leftOut.size > 0) yield leftOutNotice(leftOut);
}

/**
 * The family's records as a FHIR R4 Bundle of type 'collection', written an entry at a time as the
 * rows are read, so a ten-year history never sits in memory. Each resource keeps its record's id,
 * and its fullUrl ('urn:uuid:<id>') is what the other resources reference.
 */
export const fhirExport: ExportFormatter = {
  format: "fhir",
  contentType: "application/fhir+json; charset=utf-8",
  extension: "fhir.json",
  render(context) {
    async function* body() {
      yield `{"resourceType":"Bundle","type":"collection","timestamp":${JSON.stringify(isoInZone(context.exportedAt, context.timeZone))}`;
      let count = 0;
      for await (const resource of resources(context)) {
        const entry = { fullUrl: urn(resource.id!), resource: pruned(resource) };
        // An empty account has no entries: FHIR allows no empty array, so "entry" opens with the first.
        yield `${count === 0 ? ',"entry":[' : ","}${JSON.stringify(entry)}`;
        count += 1;
      }
      yield count === 0 ? "}\n" : "]}\n";
    }
    return Readable.from(body());
  },
};
