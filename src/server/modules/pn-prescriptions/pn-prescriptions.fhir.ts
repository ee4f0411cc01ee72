import type { MedicationRequest, Resource } from "@medplum/fhirtypes";
import { plateauRate } from "../../../domain/pn";
import { contentsText, infusionText } from "../../../domain/pn-text";
import type { pnPrescriptions } from "../../db/schema";
import type { Links } from "../../lib/fhir/link-type";
import { annotations, coded, opt, type Row, TERMINOLOGY, text, UCUM } from "../../lib/fhir/values";

const millilitres = (value: number) => ({ value, unit: "mL", system: UCUM, code: "mL" });

/**
 * A version of a child's PN prescription as a MedicationRequest (an order) for the child: active
 * while it is the current version, completed once the next one started. Its period is when the
 * version was in force (the dispense's validity); its dosage is the bag over its hours at the
 * plateau rate, once a day, in the words every screen uses, with the bag and the rate as UCUM
 * quantities; the prescriber by name, the additives and lipid in notes.
 */
export function pnPrescription(row: Row<typeof pnPrescriptions>, links: Links): Resource[] {
  const subject = links.patient(row.childId);
  if (!subject) return [];
  const rate = plateauRate(row);
  const resource: MedicationRequest = {
    resourceType: "MedicationRequest",
    id: row.id,
    status: row.endDate ? "completed" : "active",
    intent: "order",
    category: [coded(`${TERMINOLOGY}/medicationrequest-category`, "community", "Community")],
    medicationCodeableConcept: text("Parenteral nutrition"),
    subject,
    requester: row.prescriber ? { display: row.prescriber } : undefined,
    dosageInstruction: [
      {
        text: [infusionText(row), contentsText(row)].filter(Boolean).join(". "),
        timing: {
          repeat: {
            // Every night, or so many nights a week (a prescription that says so).
            ...(row.nightsPerWeek && row.nightsPerWeek < 7
              ? { frequency: row.nightsPerWeek, period: 1, periodUnit: "wk" }
              : { frequency: 1, period: 1, periodUnit: "d" }),
            duration: row.infusionHours,
            durationUnit: "h",
          },
        },
        route: text("Intravenous (central line)"),
        doseAndRate: [
          {
            doseQuantity: millilitres(row.bagVolumeMl),
            rateQuantity:
              rate === null ? undefined : { value: rate, unit: "mL/h", system: UCUM, code: "mL/h" },
          },
        ],
      },
    ],
    dispenseRequest: { validityPeriod: { start: row.startDate, end: opt(row.endDate) } },
    note: annotations(row.additives && `Additives: ${row.additives}`, row.notes),
  };
  return [resource];
}
