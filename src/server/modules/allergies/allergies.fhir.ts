import type { AllergyIntolerance, Resource } from "@medplum/fhirtypes";
import type { medicalAllergies } from "../../db/schema";
import type { Links } from "../../lib/fhir/link-type";
import { annotations, coded, opt, type Row, TERMINOLOGY, text } from "../../lib/fhir/values";

export function allergy(row: Row<typeof medicalAllergies>, links: Links): Resource[] {
  const subject = links.patient(row.childId);
  if (!subject) return [];
  const resource: AllergyIntolerance = {
    resourceType: "AllergyIntolerance",
    id: row.id,
    clinicalStatus: coded(`${TERMINOLOGY}/allergyintolerance-clinical`, "active", "Active"),
    criticality: row.severity === "severe" || row.severity === "life-threatening" ? "high" : "low",
    code: text(row.allergen),
    patient: subject,
    onsetDateTime: opt(row.dateDiscovered),
    // FHIR's reaction severity stops at 'severe'; criticality above says it can be life-threatening.
    reaction: [
      {
        manifestation: [text(row.reaction)],
        severity: row.severity === "life-threatening" ? "severe" : row.severity,
      },
    ],
    note: annotations(row.treatment && `Treatment: ${row.treatment}`, row.notes),
  };
  return [resource];
}
