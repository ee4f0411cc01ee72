import type { Observation, ObservationComponent, Resource } from "@medplum/fhirtypes";
import type { LabStatus } from "../../../../../domain/labs";
import type { labTests, symptomEntries, tpnEntries } from "../../../../db/schema";
import type { Links } from "./links";
import { annotations, category, dateTime, opt, type Row, text, UCUM, urn } from "./values";

const LAB_STATUS: Record<LabStatus, Observation["status"]> = {
  pending: "registered",
  completed: "final",
  reviewed: "final",
};
/** '12.1 g/dL' -> 12.1 and 'g/dL'; '1,200', '120/80' or '<5' do not read as one quantity and stay text. */
const LEADING_NUMBER = /^([-+]?\d+(?:\.\d+)?)(?:\s*([^\s\d,./:(<>=-].*))?$/s;

export function labTest(row: Row<typeof labTests>, links: Links): Resource[] {
  const quantity = row.results ? LEADING_NUMBER.exec(row.results.trim()) : null;
  const resource: Observation = {
    resourceType: "Observation",
    id: row.id,
    status: LAB_STATUS[row.status],
    category: category("laboratory", "Laboratory"),
    code: text(row.testName),
    subject: links.patient(row.childId),
    effectiveDateTime: row.date,
    ...(quantity
      ? { valueQuantity: { value: Number(quantity[1]), unit: quantity[2]?.trim() } }
      : { valueString: opt(row.results) }),
    referenceRange: [{ text: opt(row.normalRange) }],
    note: annotations(row.orderedBy && `Ordered by ${row.orderedBy}`, row.notes),
  };
  return [resource];
}

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

/** The TPN amounts with their UCUM units (the columns' labels say kcal, g and mL). */
const TPN_AMOUNTS = [
  ["calories", "Calories", "kcal"],
  ["protein", "Protein", "g"],
  ["carbohydrates", "Carbohydrates", "g"],
  ["fat", "Fat", "g"],
  ["volume", "Volume", "mL"],
] as const;

export function tpnEntry(row: Row<typeof tpnEntries>, links: Links): Resource[] {
  const quantity = (value: number, code: string) => ({ value, unit: code, system: UCUM, code });
  const component: ObservationComponent[] = TPN_AMOUNTS.flatMap(([key, label, unit]) => {
    const value = row[key];
    return value === null ? [] : [{ code: text(label), valueQuantity: quantity(Number(value), unit) }];
  });
  if (row.duration !== null)
    component.push({ code: text("Duration"), valueQuantity: quantity(row.duration, "h") });
  const resource: Observation = {
    resourceType: "Observation",
    id: row.id,
    status: "final",
    category: category("therapy", "Therapy"),
    code: text("Parenteral nutrition"),
    subject: links.patient(row.childId),
    effectiveDateTime: row.date,
    // The prescription version the bag followed.
    basedOn: row.pnPrescriptionId ? [{ reference: urn(row.pnPrescriptionId) }] : undefined,
    component,
    note: annotations(
      row.lot && `Lot: ${row.lot}`,
      row.expiryDate && `Expiry date: ${row.expiryDate}`,
      (row.startTime || row.stopTime) &&
        `Ran ${[row.startTime && `from ${row.startTime}`, row.stopTime && `until ${row.stopTime}`].filter(Boolean).join(" ")}`,
      row.interruptions && `Interruptions: ${row.interruptions}`,
      row.notes,
    ),
  };
  return [resource];
}
