import type { Observation, Resource } from "@medplum/fhirtypes";
import {
  FEED_ROUTE_LABELS,
  INTAKE_SOURCE_LABELS,
  type IntakeSource,
  intakeVolume,
  OUTPUT_KIND_LABELS,
  type OutputKind,
  outputVolume,
} from "../../../domain/intake-output";
import type { fluidIntake, fluidOutput } from "../../db/schema";
import type { Links } from "../../lib/fhir/link-type";
import { annotations, dateTime, type Row, UCUM } from "../../lib/fhir/values";

const LOINC = "http://loinc.org";

/**
 * The LOINC code of an output, where one names a single measured volume: 9187-6 "Urine output"
 * (LOINC 2.80, a volume of urine over an unstated period; 9192-6 is the 24-hour total, which a
 * single entry is not) and 9217-1 "Output.stool [Volume]". Ostomy output, vomit and a drain have no
 * code for one measured volume in LOINC's nursing intake and output terms, so they are coded by
 * their text alone. The codes and their names as listed by gematik's ISiK ICU value set of fluid
 * balance terms (MII_VS_ICU_Code_Observation_Bilanzen_LOINC, ISiK ICU 6.0.0), which the German
 * Medical Informatics Initiative's ICU profiles use.
 */
const OUTPUT_CODES: Partial<Record<OutputKind, { code: string; display: string }>> = {
  urine: { code: "9187-6", display: "Urine output" },
  stool: { code: "9217-1", display: "Output.stool [Volume]" },
};

/**
 * The LOINC code of an intake, from the same value set: 8953-2 "Fluid intake enteral tube
 * Measured" for a tube feed and 9000-1 "Fluid intake oral Measured" for what went in by mouth. IV
 * fluids have none there for one measured volume: coded by their text alone.
 */
const INTAKE_CODES: Partial<Record<IntakeSource, { code: string; display: string }>> = {
  enteral: { code: "8953-2", display: "Fluid intake enteral tube Measured" },
  oral: { code: "9000-1", display: "Fluid intake oral Measured" },
};

const millilitres = (value: number) => ({ value, unit: "mL", system: UCUM, code: "mL" });

/**
 * A feed, a drink or IV fluids as an Observation of the volume given: its text says how
 * ("Tube feed, G-tube: PediaSure Peptide 1.0"), coded in LOINC by its route where a code names it.
 * FHIR R4 has no resource for what a person took in (NutritionIntake is R5's).
 */
export function fluidIntakeObservation(row: Row<typeof fluidIntake>, links: Links): Resource[] {
  const subject = links.patient(row.childId);
  const total = intakeVolume(row);
  if (!subject || total === null) return [];
  const how = [INTAKE_SOURCE_LABELS[row.source], row.route ? FEED_ROUTE_LABELS[row.route] : null]
    .filter(Boolean)
    .join(", ");
  const resource: Observation = {
    resourceType: "Observation",
    id: row.id,
    status: "final",
    code: {
      ...(INTAKE_CODES[row.source] ? { coding: [{ system: LOINC, ...INTAKE_CODES[row.source] }] } : {}),
      text: `Fluid intake: ${how}${row.product ? `: ${row.product}` : ""}`,
    },
    subject,
    effectiveDateTime: dateTime(row.date, row.time, links.timeZone),
    valueQuantity: millilitres(total),
    note: annotations(
      row.mode === "continuous" ? `${row.rateMlPerHour} mL/h for ${row.hours} h` : null,
      row.kcalPerMl === null ? null : `${row.kcalPerMl} kcal/mL`,
      row.notes,
    ),
  };
  return [resource];
}

/** An output as an Observation of its volume (a weighed one at 1 g to 1 mL), or of its being there when not measured. */
export function fluidOutputObservation(row: Row<typeof fluidOutput>, links: Links): Resource[] {
  const subject = links.patient(row.childId);
  if (!subject) return [];
  const coded = OUTPUT_CODES[row.kind];
  const volume = outputVolume(row);
  const resource: Observation = {
    resourceType: "Observation",
    id: row.id,
    status: "final",
    code: {
      ...(coded ? { coding: [{ system: LOINC, ...coded }] } : {}),
      text: OUTPUT_KIND_LABELS[row.kind],
    },
    subject,
    effectiveDateTime: dateTime(row.date, row.time, links.timeZone),
    ...(volume === null ? { valueString: "Not measured" } : { valueQuantity: millilitres(volume) }),
    note: annotations(
      row.measure === "weight"
        ? `Weighed: ${row.amount} g${row.dryWeightGrams === null ? "" : ` less ${row.dryWeightGrams} g dry`}`
        : null,
      row.notes,
    ),
  };
  return [resource];
}
