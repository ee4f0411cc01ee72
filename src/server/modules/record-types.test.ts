import { readdirSync } from "node:fs";
import { join } from "node:path";
import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MODULES } from "../app";
import type { RecordTypeDeclaration } from "./record-type-declaration";
import { RECORD_NAMES, RECORD_TYPES } from "./record-types";

const SHARED_DIR = join(import.meta.dirname, "../../domain/record-types");

const declared = (name: (typeof RECORD_NAMES)[number]): RecordTypeDeclaration => RECORD_TYPES[name];

/** A facet answered by "none" says why, in a sentence. */
const saysWhy = (facet: object) =>
  !("none" in facet) || (typeof facet.none === "string" && facet.none.length > 20);

describe("record types", () => {
  it.each(RECORD_NAMES)("%s declares every facet", (name) => {
    const type = declared(name);
    const { shared } = type;
    expect(type.entity).toBe(shared.entity);
    // The activity feed names its changes.
    expect(shared.activity[shared.entity]?.label, "activity text").toMatch(/\S/);
    // Its screen, or where it is shown.
    expect(saysWhy(shared.nav), "navigation").toBe(true);
    if (!("none" in shared.nav)) expect(shared.nav.href).toMatch(/^\/[a-z-]+$/);
    // FHIR: a mapper, or why there is none.
    expect(saysWhy(type.fhir), "FHIR").toBe(true);
    expect("resources" in type.fhir || "section" in type.fhir || "none" in type.fhir).toBe(true);
    // Its API collection (the access matrix checks its routes), or how it is written instead.
    expect(saysWhy(type.api), "API").toBe(true);
    // An export's heading, and the body a restore checks.
    expect(type.title).toMatch(/\S/);
    expect(type.restoreInput ?? type.input).toBeDefined();
    // The readable export's labels, units and texts are of its own columns.
    const columns = Object.keys(getTableColumns(type.table));
    const fields = [
      ...Object.keys(type.readable?.codes ?? {}),
      ...Object.keys(type.readable?.listCodes ?? {}),
      ...Object.keys(type.readable?.units ?? {}),
      ...Object.keys(type.readable?.labels ?? {}),
      ...Object.keys(type.readable?.texts ?? {}),
      ...(type.readable?.saidElsewhere ?? []),
      ...(type.readable?.figures ?? []).flatMap((figure) => [figure.after, ...figure.from]),
      ...[type.dateKey, type.orderKey].filter((key) => key !== undefined),
    ];
    for (const field of fields) expect(columns, field).toContain(field);
    // A figure the readable export writes is one the record is answered with.
    for (const figure of type.readable?.figures ?? [])
      expect(type.computed, figure.key).toContain(figure.key);
  });

  it("each have their shared part in a file of their own in src/domain/record-types", async () => {
    const files = readdirSync(SHARED_DIR).filter(
      (file) => file !== "declaration.ts" && !file.includes(".test."),
    );
    const parts = await Promise.all(
      files.map(async (file) => Object.values(await import(join(SHARED_DIR, file))) as unknown[]),
    );
    expect(parts.map((exported) => exported.length)).toEqual(files.map(() => 1));
    expect(parts.flat()).toHaveLength(RECORD_NAMES.length);
    for (const name of RECORD_NAMES) expect(parts.flat()).toContain(declared(name).shared);
  });

  it("are each registered by exactly one module", () => {
    const registered = MODULES.flatMap((module) => module.recordTypes ?? []);
    expect(registered).toHaveLength(RECORD_NAMES.length);
    for (const name of RECORD_NAMES) expect(registered).toContain(RECORD_TYPES[name]);
  });

  it("name distinct screens and audit names", () => {
    const hrefs = RECORD_NAMES.flatMap((name) => {
      const { nav } = declared(name).shared;
      return "none" in nav ? [] : [nav.href];
    });
    expect(new Set(hrefs).size).toBe(hrefs.length);
    const entities = RECORD_NAMES.map((name) => RECORD_TYPES[name].entity);
    expect(new Set(entities).size).toBe(entities.length);
  });
});
