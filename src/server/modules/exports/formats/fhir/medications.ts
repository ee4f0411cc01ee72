import type { MedicationStatement, Resource } from "@medplum/fhirtypes";
import { isMedicationActive } from "../../../../../domain/medications";
import type { medications } from "../../../../db/schema";
import type { Links } from "./links";
import { annotations, opt, type Row, text } from "./values";

export function medication(row: Row<typeof medications>, links: Links): Resource[] {
  const subject = links.patient(row.childId);
  if (!subject) return [];
  const resource: MedicationStatement = {
    resourceType: "MedicationStatement",
    id: row.id,
    status: isMedicationActive(row, links.today) ? "active" : "stopped",
    medicationCodeableConcept: text(row.name),
    subject,
    effectivePeriod: { start: opt(row.startDate), end: opt(row.endDate) },
    reasonCode: [text(row.purpose)],
    dosage: [{ text: `${row.dosage} ${row.frequency}`, patientInstruction: opt(row.instructions) }],
    note: annotations(
      row.prescribedBy && `Prescribed by ${row.prescribedBy}`,
      row.sideEffects.length > 0 && `Side effects: ${row.sideEffects.join(", ")}`,
      row.notes,
    ),
  };
  return [resource];
}
