import type { Device, Observation, Patient, Procedure, Reference, Resource } from "@medplum/fhirtypes";
import {
  DRESSING_TYPE_LABELS,
  LINE_CARE_LABELS,
  LOCK_SOLUTION_LABELS,
  SITE_FINDING_LABELS,
  type SiteFinding,
} from "../../../domain/line-care";
import { LINE_TYPE_LABELS } from "../../../domain/picc";
import type { lineCareEvents, piccLines } from "../../db/schema";
import type { Links } from "../../lib/fhir/link-type";
import { annotations, category, dateTime, namedUuid, type Row, text, UCUM, urn } from "../../lib/fhir/values";
import { lineName } from "../exports/link-names";
import { SNOMED } from "../vitals/vitals.fhir";

/** The Device standing for a line: named by the line, the same on every export. */
export const lineDeviceId = (familyId: string, lineId: string) => namedUuid(familyId, "line-device", lineId);

const deviceReference = (links: Links, lineId: string): Reference<Device> => ({
  reference: urn(lineDeviceId(links.familyId, lineId)),
});

/**
 * A central line as a Device of the child, so that its insertion and each care event can name the
 * line they were done to (Procedure.focalDevice). Typed as SNOMED CT 52124006 "Central venous
 * catheter" (a physical object; DICOM CID 74 "Imaging Agent Administration Consumable Catheter
 * Type", and HL7 Belgium's "catheter-type" value set, http://hl7belgium.org/fhir/patient-monitoring/ValueSet/catheter-type),
 * with the line's type in words; the app records no maker, lot or serial number.
 */
export function lineDevice(row: Row<typeof piccLines>, links: Links, subject: Reference<Patient>): Device {
  return {
    resourceType: "Device",
    id: lineDeviceId(links.familyId, row.id),
    status: row.removalDate ? "inactive" : "active",
    type: {
      coding: [{ system: SNOMED, code: "52124006", display: "Central venous catheter" }],
      text: row.lineType
        ? `Central venous catheter: ${LINE_TYPE_LABELS[row.lineType].toLowerCase()}`
        : undefined,
    },
    deviceName: [{ name: lineName(row), type: "user-friendly-name" }],
    patient: subject,
  };
}

const yesNo = (value: boolean) => (value ? "Yes" : "No");

/** What was used, in words: the dressing, or the lock's solution. */
function usedText(row: Row<typeof lineCareEvents>): string | undefined {
  if (row.dressingType) return `${DRESSING_TYPE_LABELS[row.dressingType]} dressing`;
  if (row.lockSolution) return `${LOCK_SOLUTION_LABELS[row.lockSolution]} lock solution`;
  return undefined;
}

/**
 * An event of a line's care as a completed Procedure on the child, done to the line's Device:
 * coded as text (the app's own label), since no SNOMED CT code for these home care acts was
 * found in a named source. What a clinician needs to read (the site's findings, the lock's dwell,
 * whether alteplase was used or the line repaired) is in its notes; a measured external length is
 * also an Observation in cm, part of the Procedure, so a system can chart it.
 */
export function lineCare(row: Row<typeof lineCareEvents>, links: Links): Resource[] {
  const subject = links.patient(row.childId);
  if (!subject) return [];
  const line = deviceReference(links, row.piccLineId);
  const performed = dateTime(row.date, row.time, links.timeZone);
  const procedure: Procedure = {
    resourceType: "Procedure",
    id: row.id,
    status: "completed",
    category: text("Central line care"),
    code: text(LINE_CARE_LABELS[row.kind]),
    subject,
    performedDateTime: performed,
    focalDevice: [{ manipulated: line }],
    usedCode: [text(usedText(row))],
    note: annotations(
      row.lipidsAlone
        ? "Tubing carrying lipids alone"
        : row.withLipids !== null && (row.withLipids ? "Tubing carrying lipids" : "Tubing without lipids"),
      row.dwellMinutes !== null && `Dwell: ${row.dwellMinutes} minutes`,
      row.findings !== null &&
        row.findings.length > 0 &&
        `Site findings: ${row.findings.map((f) => SITE_FINDING_LABELS[f as SiteFinding] ?? f).join(", ")}`,
      row.externalLengthCm !== null && `External length: ${row.externalLengthCm} cm`,
      row.alteplaseUsed !== null && `Alteplase used: ${yesNo(row.alteplaseUsed)}`,
      row.repaired !== null && `Repaired: ${yesNo(row.repaired)}`,
      row.notes,
    ),
  };
  if (row.externalLengthCm === null) return [procedure];
  const length: Observation = {
    resourceType: "Observation",
    id: namedUuid(links.familyId, "external-length", row.id),
    status: "final",
    category: category("procedure", "Procedure"),
    code: text("Central line external length"),
    subject,
    focus: [line],
    partOf: [{ reference: urn(row.id) }],
    effectiveDateTime: performed,
    valueQuantity: { value: Number(row.externalLengthCm), unit: "cm", system: UCUM, code: "cm" },
  };
  return [procedure, length];
}
