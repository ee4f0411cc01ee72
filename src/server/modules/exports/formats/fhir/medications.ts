import type {
  Dosage,
  MedicationAdministration,
  MedicationStatement,
  Quantity,
  Resource,
} from "@medplum/fhirtypes";
import { isoInZone } from "../../../../../domain/clock";
import { sortedTimes } from "../../../../../domain/doses";
import { isMedicationActive } from "../../../../../domain/medications";
import type { medicationDoses, medications } from "../../../../db/schema";
import type { Links } from "./links";
import { annotations, coded, opt, type Row, TERMINOLOGY, text, UCUM, urn } from "./values";

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
