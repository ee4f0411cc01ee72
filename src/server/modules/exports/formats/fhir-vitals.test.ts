import type { Observation, Procedure } from "@medplum/fhirtypes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bundleErrors,
  fhirContextFor,
  only,
  profileErrors,
  renderBundle,
  resourcesOf,
} from "../../../../../tests/helpers/fhir-validation";
import { addChild } from "../../../../../tests/helpers/owned-crud-contract";
import { buildTestApp, signUp, type TestApp } from "../../../../../tests/helpers/test-app";
import { addDays, today } from "../../../../domain/dates";
import { LINE_CARE_KINDS } from "../../../../domain/line-care";
import { TEMPERATURE_SITES } from "../../../../domain/vitals";
import { TEMPERATURE_SITE_CODES, VITAL_CODES, VITAL_PROFILES } from "../../vitals/vitals.fhir";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("FHIR export of vitals and line care", () => {
  it("writes every vital and line care kind as valid R4, each vital to its vital signs profile", async () => {
    const user = await signUp(t.app);
    const childId = await addChild(user, "Sam");
    const line = (
      await user.post("/api/picc-lines", {
        childId,
        insertionDate: addDays(today(), -30),
        insertionSite: "chest",
        lineType: "single-lumen",
        externalLengthCm: 2,
      })
    ).json().id as string;
    const date = addDays(today(), -1);
    const vitals = [
      ...TEMPERATURE_SITES.map((site, i) => ({ kind: "temperature", value: 37 + i / 2, site })),
      { kind: "weight", value: 3.415 },
      { kind: "height", value: 52.5 },
      { kind: "head-circumference", value: 35.2 },
    ];
    for (const vital of vitals) {
      const response = await user.post("/api/vitals", { childId, date, time: "08:15", ...vital });
      expect(response.statusCode, response.body).toBe(201);
    }
    const care: Record<string, Record<string, unknown>> = {
      dressing: { dressingType: "gauze" },
      tubing: { withLipids: false },
      lock: { lockSolution: "taurolidine", dwellMinutes: 240 },
      "site-check": { findings: ["redness", "swelling"] },
      "external-length": { externalLengthCm: 3.5 },
      occlusion: { alteplaseUsed: true },
      breakage: { repaired: false },
    };
    for (const kind of LINE_CARE_KINDS) {
      const body = { childId, piccLineId: line, kind, date, ...care[kind] };
      const response = await user.post("/api/line-care", body);
      expect(response.statusCode, response.body).toBe(201);
    }
    const bundle = await renderBundle(await fhirContextFor(t, user));
    expect(bundleErrors(bundle)).toEqual([]);

    const vitalSigns = resourcesOf(bundle).filter(
      (r): r is Observation =>
        r.resourceType === "Observation" && Boolean(r.category?.[0]?.coding?.[0]?.code === "vital-signs"),
    );
    expect(vitalSigns).toHaveLength(vitals.length);
    for (const observation of vitalSigns)
      expect(profileErrors(observation), observation.code.text).toEqual([]);
    const codes = vitalSigns.map((o) => [
      o.code.coding?.[0]?.code,
      o.valueQuantity?.code,
      o.meta?.profile?.[0],
    ]);
    for (const [kind, { code, unit }] of Object.entries(VITAL_CODES)) {
      expect(codes).toContainEqual([code, unit, VITAL_PROFILES[kind as keyof typeof VITAL_PROFILES]]);
    }
    expect(vitalSigns.flatMap((o) => o.bodySite?.coding?.map((c) => c.code) ?? [])).toEqual(
      TEMPERATURE_SITES.map((site) => TEMPERATURE_SITE_CODES[site].code),
    );
    // A wrong code fails its profile.
    const weight = vitalSigns.find((o) => o.code.coding?.[0]?.code === "29463-7")!;
    expect(
      profileErrors({ ...weight, code: { coding: [{ system: "http://loinc.org", code: "8302-2" }] } }),
    ).not.toEqual([]);
    expect(profileErrors({ ...weight, valueQuantity: { ...weight.valueQuantity, code: "cm" } })).not.toEqual(
      [],
    );

    const procedures = resourcesOf(bundle).filter(
      (r): r is Procedure => r.resourceType === "Procedure" && r.category?.text === "Central line care",
    );
    expect(procedures.map((p) => p.code?.text).sort()).toEqual(
      [
        "Breakage",
        "Dislodgement",
        "Dressing change",
        "External length measured",
        "Flush",
        "Lock",
        "Needleless connector change",
        "Occlusion",
        "Site check",
        "Tubing change",
      ].sort(),
    );
    const notesOf = (text: string) => procedures.find((p) => p.code?.text === text)?.note?.map((n) => n.text);
    expect(notesOf("Lock")).toEqual(["Dwell: 240 minutes"]);
    expect(procedures.find((p) => p.code?.text === "Lock")?.usedCode).toEqual([
      { text: "Taurolidine lock solution" },
    ]);
    expect(notesOf("Site check")).toEqual(["Site findings: Redness, Swelling"]);
    expect(notesOf("Tubing change")).toEqual(["Tubing without lipids"]);
    expect(notesOf("Occlusion")).toEqual(["Alteplase used: Yes"]);
    expect(notesOf("Breakage")).toEqual(["Repaired: No"]);
    expect(only(bundle, "Procedure", (p) => p.code?.text === "PICC line insertion").note).toEqual([
      { text: "External length at insertion: 2 cm" },
    ]);
    expect(
      only(bundle, "Observation", (o) => o.code.text === "Central line external length").valueQuantity,
    ).toMatchObject({ value: 3.5, code: "cm" });
  });
});
