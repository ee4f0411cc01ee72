import type { CodeableConcept, Observation, Resource } from "@medplum/fhirtypes";
import {
  TEMPERATURE_SITE_LABELS,
  type TemperatureSite,
  VITAL_UNITS,
  type VitalKind,
} from "../../../domain/vitals";
import type { vitals } from "../../db/schema";
import type { Links } from "../../lib/fhir/link-type";
import { annotations, category, dateTime, type Row, UCUM } from "../../lib/fhir/values";

export const LOINC = "http://loinc.org";
export const SNOMED = "http://snomed.info/sct";

/**
 * Each vital as the FHIR R4 vital signs profiles code it: the LOINC code each profile fixes
 * (http://hl7.org/fhir/R4/observation-vitalsigns.html; the profiles bodytemp, bodyweight,
 * bodyheight and headcircum in the R4 definitions), with the UCUM unit their value sets allow
 * (ucum-bodytemp: Cel; ucum-bodyweight: kg; ucum-bodylength: cm). A length or height is 8302-2,
 * "Body height", which the R4 profile uses for a lying length too. The values are stored in these
 * units (src/domain/vitals.ts).
 */
export const VITAL_CODES: Record<VitalKind, { code: string; display: string; unit: string; text: string }> = {
  temperature: { code: "8310-5", display: "Body temperature", unit: "Cel", text: "Body temperature" },
  weight: { code: "29463-7", display: "Body weight", unit: "kg", text: "Body weight" },
  height: { code: "8302-2", display: "Body height", unit: "cm", text: "Body length or height" },
  "head-circumference": {
    code: "9843-4",
    display: "Head Occipital-frontal circumference",
    unit: "cm",
    text: "Head circumference",
  },
};

/** The profile each vital conforms to (the test validates against it). */
export const VITAL_PROFILES: Record<VitalKind, string> = {
  temperature: "http://hl7.org/fhir/StructureDefinition/bodytemp",
  weight: "http://hl7.org/fhir/StructureDefinition/bodyweight",
  height: "http://hl7.org/fhir/StructureDefinition/bodyheight",
  "head-circumference": "http://hl7.org/fhir/StructureDefinition/headcircum",
};

/**
 * Where a temperature was taken, in SNOMED CT body structures, from the HL7 Vital Signs with
 * Qualifying Elements IG's "Body Temperature Measurement Body Location value set"
 * (http://hl7.org/fhir/us/vitals/ValueSet/bodyTempMeasBodyLocationPrecoordVS, STU1). A tympanic
 * thermometer reads the ear drum (42859004 rather than 117590005, the whole ear); the app's
 * "temporal" is the forehead scan its form names "Forehead" (52795006).
 */
export const TEMPERATURE_SITE_CODES: Record<TemperatureSite, { code: string; display: string }> = {
  oral: { code: "74262004", display: "Oral cavity structure (body structure)" },
  axillary: { code: "422543003", display: "Structure of axillary fossa (body structure)" },
  rectal: { code: "34402009", display: "Rectum structure (body structure)" },
  tympanic: { code: "42859004", display: "Tympanic membrane structure (body structure)" },
  temporal: { code: "52795006", display: "Forehead structure (body structure)" },
};

function bodySite(site: TemperatureSite | null): CodeableConcept | undefined {
  if (!site) return undefined;
  const { code, display } = TEMPERATURE_SITE_CODES[site];
  return { coding: [{ system: SNOMED, code, display }], text: TEMPERATURE_SITE_LABELS[site] };
}

/** A temperature, weight, length or head circumference as a vital-signs Observation of the child. */
export function vital(row: Row<typeof vitals>, links: Links): Resource[] {
  const subject = links.patient(row.childId);
  if (!subject) return [];
  const { code, display, unit, text } = VITAL_CODES[row.kind];
  const resource: Observation = {
    resourceType: "Observation",
    id: row.id,
    meta: { profile: [VITAL_PROFILES[row.kind]] },
    status: "final",
    category: category("vital-signs", "Vital Signs"),
    code: { coding: [{ system: LOINC, code, display }], text },
    subject,
    effectiveDateTime: dateTime(row.date, row.time, links.timeZone),
    // The unit as a person reads it ("°C"), the UCUM code as a system reads it ("Cel").
    valueQuantity: { value: Number(row.value), unit: VITAL_UNITS[row.kind], system: UCUM, code: unit },
    bodySite: row.kind === "temperature" ? bodySite(row.site) : undefined,
    note: annotations(row.notes),
  };
  return [resource];
}
