import type { Observation, ObservationComponent, Resource } from "@medplum/fhirtypes";
import type { symptomEntries } from "../../db/schema";
import type { Links } from "../../lib/fhir/link-type";
import { annotations, category, dateTime, type Row, text } from "../../lib/fhir/values";

export function symptoms(row: Row<typeof symptomEntries>, links: Links): Resource[] {
  const component: ObservationComponent[] = [];
  if (row.painLevel !== null) {
    component.push({
      code: {
        coding: [
          {
            system: "http://loinc.org",
            code: "72514-3",
            display: "Pain severity - 0-10 verbal numeric rating [Score] - Reported",
          },
        ],
        text: "Pain level",
      },
      valueInteger: row.painLevel,
    });
  }
  if (row.severity) component.push({ code: text("Severity"), valueString: row.severity });
  const resource: Observation = {
    resourceType: "Observation",
    id: row.id,
    status: "final",
    // What the parent saw and reported, not a clinician's examination.
    category: category("survey", "Survey"),
    code: text("Symptoms"),
    subject: links.patient(row.childId),
    effectiveDateTime: dateTime(row.date, row.time, links.timeZone),
    valueString: row.symptoms.join(", "),
    component,
    note: annotations(
      row.triggers && `Triggers: ${row.triggers}`,
      row.treatments && `Treatments: ${row.treatments}`,
      row.notes,
    ),
  };
  return [resource];
}
