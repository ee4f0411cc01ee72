import type { Observation, ObservationComponent, Resource } from "@medplum/fhirtypes";
import type { tpnEntries } from "../../db/schema";
import type { Links } from "../../lib/fhir/link-type";
import { annotations, category, type Row, text, UCUM, urn } from "../../lib/fhir/values";

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
