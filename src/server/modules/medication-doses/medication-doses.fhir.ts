import type { MedicationAdministration, Quantity, Resource } from "@medplum/fhirtypes";
import { isoInZone } from "../../../domain/clock";
import type { medicationDoses } from "../../db/schema";
import type { Links } from "../../lib/fhir/link-type";
import { annotations, coded, opt, type Row, TERMINOLOGY, text, UCUM, urn } from "../../lib/fhir/values";

/** The units a dose is commonly written in at home, by their UCUM codes (the amount keeps the family's spelling). */
const DOSE_UNITS: Record<string, string> = {
  ml: "mL",
  l: "L",
  mg: "mg",
  g: "g",
  mcg: "ug",
  ug: "ug",
  µg: "ug",
  mmol: "mmol",
  meq: "meq",
};

/** "5 mL", "60 mg", "2.5ml" as a UCUM quantity; anything else ("half a sachet", "2 puffs") is not one. */
export function doseQuantity(amount: string | null): Quantity | undefined {
  const match = amount?.trim().match(/^(\d+(?:\.\d+)?)\s*([a-zµ]+)$/i);
  const code = match ? DOSE_UNITS[match[2]!.toLowerCase()] : undefined;
  return match && code ? { value: Number(match[1]), unit: match[2], system: UCUM, code } : undefined;
}

/**
 * A dose given at home, or skipped, as a MedicationAdministration of the child: completed, or
 * not done with the reason the family gave; at the instant it was given, on the family's clock.
 * Its medication is named as the medication's statement names it, and the statement is its
 * supporting information. A dose's amount is its dose when it reads as one quantity ("5 mL");
 * otherwise (FHIR's dosage needs a dose or a rate, mad-1) it is a note, as are a given dose's reason
 * and the family's notes.
 */
export function medicationAdministration(row: Row<typeof medicationDoses>, links: Links): Resource[] {
  const subject = links.patient(row.childId);
  if (!subject) return [];
  const given = row.status === "given";
  const dose = doseQuantity(row.amount);
  const resource: MedicationAdministration = {
    resourceType: "MedicationAdministration",
    id: row.id,
    status: given ? "completed" : "not-done",
    statusReason: given ? undefined : [text(row.reason ?? "Skipped")],
    category: coded(`${TERMINOLOGY}/medication-admin-category`, "community", "Community"),
    medicationCodeableConcept: text(links.medicationName(row.medicationId) ?? "Medication"),
    subject,
    effectiveDateTime: isoInZone(row.givenAt, links.timeZone),
    supportingInformation: [{ reference: urn(row.medicationId) }],
    dosage: dose ? { text: opt(row.amount), dose } : undefined,
    note: annotations(
      !dose && row.amount && `Amount: ${row.amount}`,
      given && row.reason && `Reason: ${row.reason}`,
      row.notes,
    ),
  };
  return [resource];
}
