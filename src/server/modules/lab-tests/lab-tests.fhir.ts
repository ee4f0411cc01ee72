import type { Observation, Resource } from "@medplum/fhirtypes";
import type { LabStatus } from "../../../domain/labs";
import type { labTests } from "../../db/schema";
import type { Links } from "../../lib/fhir/link-type";
import { annotations, category, opt, type Row, text } from "../../lib/fhir/values";

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
