import type { Dosage, MedicationStatement, Resource } from "@medplum/fhirtypes";
import { sortedTimes } from "../../../domain/doses";
import { isMedicationActive } from "../../../domain/medications";
import type { medications } from "../../db/schema";
import type { Links } from "../../lib/fhir/link-type";
import { annotations, opt, type Row, text } from "../../lib/fhir/values";

/** A medication's schedule as FHIR's Timing: its times of day, every N hours, or as needed. */
function scheduleDosage(row: Row<typeof medications>): Pick<Dosage, "timing" | "asNeededBoolean"> {
  switch (row.scheduleKind) {
    case "times": {
      const times = sortedTimes(row.scheduleTimes);
      return times.length ? { timing: { repeat: { timeOfDay: times.map((t) => `${t}:00`) } } } : {};
    }
    case "interval":
      return row.intervalHours
        ? { timing: { repeat: { frequency: 1, period: row.intervalHours, periodUnit: "h" } } }
        : {};
    case "as-needed":
      return { asNeededBoolean: true };
    default:
      return {};
  }
}

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
    dosage: [
      {
        text: `${row.dosage} ${row.frequency}`,
        patientInstruction: opt(row.instructions),
        route: row.route ? text(row.route) : undefined,
        ...scheduleDosage(row),
      },
    ],
    note: annotations(
      row.prescribedBy && `Prescribed by ${row.prescribedBy}`,
      row.sideEffects.length > 0 && `Side effects: ${row.sideEffects.join(", ")}`,
      row.notes,
    ),
  };
  return [resource];
}
