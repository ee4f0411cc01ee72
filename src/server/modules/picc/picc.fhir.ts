import type { Condition, Procedure, Resource } from "@medplum/fhirtypes";
import {
  INSERTION_SITE_LABELS,
  type InfectionType,
  LINE_TYPE_LABELS,
  type LineType,
} from "../../../domain/picc";
import type { piccInfections, piccLines } from "../../db/schema";
import type { Links } from "../../lib/fhir/link-type";
import { annotations, coded, opt, type Row, TERMINOLOGY, text, urn } from "../../lib/fhir/values";
import { lineDevice, lineDeviceId } from "../line-care/line-care.fhir";

const INFECTION_TEXT: Record<InfectionType, string> = {
  bloodstream: "Bloodstream infection (central line)",
  "exit-site": "Exit site infection (central line)",
  tunnel: "Tunnel infection (central line)",
  "catheter-related": "Catheter-related infection (central line)",
  other: "Central line infection",
};

export function infection(row: Row<typeof piccInfections>, links: Links): Resource[] {
  const subject = links.patient(row.childId);
  if (!subject) return [];
  const resolved = row.outcome === "resolved";
  const resource: Condition = {
    resourceType: "Condition",
    id: row.id,
    clinicalStatus: coded(
      `${TERMINOLOGY}/condition-clinical`,
      resolved ? "resolved" : "active",
      resolved ? "Resolved" : "Active",
    ),
    code: text(INFECTION_TEXT[row.infectionType]),
    subject,
    onsetDateTime: row.infectionDate,
    // con-4: only a resolved condition may say when it abated.
    abatementDateTime: resolved ? opt(row.treatmentEndDate) : undefined,
    note: annotations(
      row.organism && `Organism: ${row.organism}`,
      row.symptoms && `Symptoms: ${row.symptoms}`,
      row.antibiotics && `Antibiotics: ${row.antibiotics}`,
      row.treatmentMethod && `Treatment: ${row.treatmentMethod}`,
      row.outcome && `Outcome: ${row.outcome}`,
      row.hospitalAdmission &&
        `Admitted to hospital${row.admissionDuration ? ` (${row.admissionDuration})` : ""}`,
      row.notes,
    ),
  };
  return [resource];
}

const SITE_TEXT = INSERTION_SITE_LABELS;
/** The forms' "Double lumen" as a device is named: "Double-lumen PICC" ("Power PICC" as it is). */
const LINE_TEXT = Object.fromEntries(
  Object.entries(LINE_TYPE_LABELS).map(([type, label]) => [
    type,
    type === "power-picc" ? label : `${label.replace(" ", "-")} PICC`,
  ]),
) as Record<LineType, string>;

/**
 * A PICC line as the Procedure that placed it: the record is an insertion with a date, site,
 * inserter and removal, which Procedure holds (performedPeriod, bodySite, performer). The line
 * itself is a Device (line-care.ts), the insertion's focal device, which each care event names too.
 */
export function piccLine(row: Row<typeof piccLines>, links: Links): Resource[] {
  const subject = links.patient(row.childId);
  if (!subject) return [];
  const resource: Procedure = {
    resourceType: "Procedure",
    id: row.id,
    status: "completed",
    code: text("PICC line insertion"),
    subject,
    performedPeriod: { start: row.insertionDate, end: opt(row.removalDate) },
    bodySite: [text(row.insertionSite && SITE_TEXT[row.insertionSite])],
    performer: [{ actor: { display: opt(row.insertedBy) } }],
    focalDevice: [{ manipulated: { reference: urn(lineDeviceId(links.familyId, row.id)) } }],
    usedCode: [text(row.lineType && LINE_TEXT[row.lineType])],
    complication: [text(row.complications)],
    note: annotations(
      row.externalLengthCm !== null && `External length at insertion: ${row.externalLengthCm} cm`,
      row.removalReason && `Removal reason: ${row.removalReason}`,
      row.notes,
    ),
  };
  return [lineDevice(row, links, subject), resource];
}
