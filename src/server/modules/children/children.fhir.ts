import type { Condition, Observation, Patient, Resource } from "@medplum/fhirtypes";
import { gestationOf, gestationText } from "../../../domain/growth-age";
import type { children } from "../../db/schema";
import type { Links } from "../../lib/fhir/link-type";
import {
  category,
  coded,
  namedUuid,
  opt,
  type Row,
  TERMINOLOGY,
  text,
  UCUM,
  urn,
} from "../../lib/fhir/values";

/** 'Sam Rivera': the last word as the family name, the others as given names, as best one string allows. */
export function patient(child: Row<typeof children>, links: Links): Resource[] {
  const words = child.name.trim().split(/\s+/);
  const family = words.length > 1 ? words.at(-1) : undefined;
  const resource: Patient = {
    resourceType: "Patient",
    id: child.id,
    active: child.isActive === 1,
    name: [{ text: child.name, family, given: family ? words.slice(0, -1) : words }],
    gender: child.gender ?? "unknown",
    birthDate: opt(child.dateOfBirth),
  };
  const resources: Resource[] = [resource];
  const gestation = gestationOf(child);
  if (gestation) {
    // LOINC 76516-4 "Gestational age--at birth" (as in HL7 QI-Core's gestation example), in days so
    // that 30 weeks 4 days stays exact (HL7 Portugal's GestationalAge profile converts weeks and days
    // to days); the note says it as weeks and days.
    const observation: Observation = {
      resourceType: "Observation",
      id: namedUuid(links.familyId, "gestational-age", child.id),
      status: "final",
      category: category("exam", "Exam"),
      code: {
        coding: [{ system: "http://loinc.org", code: "76516-4", display: "Gestational age--at birth" }],
        text: "Gestational age at birth",
      },
      subject: { reference: urn(child.id) },
      effectiveDateTime: opt(child.dateOfBirth),
      valueQuantity: { value: gestation.weeks * 7 + gestation.days, unit: "d", system: UCUM, code: "d" },
      note: [{ text: gestationText(gestation) }],
    };
    resources.push(observation);
  }
  if (!child.medicalDiagnosis) return resources;
  // The diagnosis is the first thing a clinician reading the bundle needs; FHIR keeps it as a Condition.
  const diagnosis: Condition = {
    resourceType: "Condition",
    id: namedUuid(links.familyId, "diagnosis", child.id),
    clinicalStatus: coded(`${TERMINOLOGY}/condition-clinical`, "active", "Active"),
    category: [coded(`${TERMINOLOGY}/condition-category`, "problem-list-item", "Problem List Item")],
    code: text(child.medicalDiagnosis),
    subject: { reference: urn(child.id) },
  };
  return [...resources, diagnosis];
}
