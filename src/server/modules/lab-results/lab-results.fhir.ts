import type { CodeableConcept, DiagnosticReport, Observation, Quantity, Resource } from "@medplum/fhirtypes";
import {
  type AnalyteResult,
  analyteLabel,
  analyteOf,
  DRAW_SITE_LABELS,
  FASTING_LABELS,
  PN_TIMING_LABELS,
} from "../../../domain/lab-results";
import type { labResults } from "../../db/schema";
import type { Links } from "../../lib/fhir/link-type";
import {
  annotations,
  category,
  coded,
  dateTime,
  namedUuid,
  type Row,
  TERMINOLOGY,
  UCUM,
  urn,
} from "../../lib/fhir/values";

const LOINC = "http://loinc.org";
const INTERPRETATION = `${TERMINOLOGY}/v3-ObservationInterpretation`;

/** An analyte's code: its LOINC code in the unit it was reported in, when there is one, and its name. */
function code(a: AnalyteResult): CodeableConcept {
  const known = analyteOf(a.analyte);
  const unit = known?.units.find((u) => u.unit === a.unit);
  const loinc = unit?.loinc === undefined ? known?.loinc : unit.loinc;
  return { ...(loinc ? { coding: [{ system: LOINC, code: loinc }] } : {}), text: analyteLabel(a) };
}

/** A value in the analyte's unit: with its UCUM code for a catalogued unit, as typed otherwise. */
function quantity(a: AnalyteResult, value: number): Quantity {
  const ucum = analyteOf(a.analyte)?.units.find((u) => u.unit === a.unit)?.ucum;
  return { value, unit: a.unit, ...(ucum ? { system: UCUM, code: ucum } : {}) };
}

/**
 * The flag in HL7 v3 ObservationInterpretation codes: L, N, H; a critical value is LL or HH on
 * the side of the range it falls, AA without one.
 */
function interpretation(a: AnalyteResult): CodeableConcept[] | undefined {
  switch (a.flag) {
    case null:
      return undefined;
    case "low":
      return [coded(INTERPRETATION, "L", "Low")];
    case "normal":
      return [coded(INTERPRETATION, "N", "Normal")];
    case "high":
      return [coded(INTERPRETATION, "H", "High")];
    case "critical":
      if (a.referenceLow !== null && a.value < a.referenceLow)
        return [coded(INTERPRETATION, "LL", "Critical low")];
      if (a.referenceHigh !== null && a.value > a.referenceHigh)
        return [coded(INTERPRETATION, "HH", "Critical high")];
      return [coded(INTERPRETATION, "AA", "Critical abnormal")];
  }
}

/**
 * A lab result as one laboratory Observation per analyte (LOINC where the catalogue knows it,
 * the value in UCUM, the lab's range and flag), each with the draw's context as a note. Its ids
 * are named by the result and the analyte's place, the same on every export.
 */
export function labResult(row: Row<typeof labResults>, links: Links): Resource[] {
  const subject = links.patient(row.childId);
  if (!subject) return [];
  const context = [
    row.drawSite && DRAW_SITE_LABELS[row.drawSite],
    row.pnTiming && PN_TIMING_LABELS[row.pnTiming],
    row.fasting && FASTING_LABELS[row.fasting],
  ].filter(Boolean);
  const observations = row.analytes.map((a, index): Observation => {
    const low = a.referenceLow === null ? undefined : quantity(a, a.referenceLow);
    const high = a.referenceHigh === null ? undefined : quantity(a, a.referenceHigh);
    return {
      resourceType: "Observation",
      id: namedUuid("lab-result", row.id, String(index)),
      status: "final",
      category: category("laboratory", "Laboratory"),
      code: code(a),
      subject,
      effectiveDateTime: dateTime(row.date, row.time, links.timeZone),
      valueQuantity: quantity(a, a.value),
      interpretation: interpretation(a),
      referenceRange: low || high ? [{ low, high }] : undefined,
      note: annotations(
        context.length > 0 && `Drawn: ${context.join(", ")}`,
        row.labName && `Lab: ${row.labName}`,
        row.notes,
      ),
    };
  });
  return [...observations, labReport(row, links, observations)];
}

/**
 * The draw as a whole: a DiagnosticReport grouping its Observations (FHIR R4, DiagnosticReport:
 * "the findings and interpretation of diagnostic tests performed on patients", its `result`
 * referencing the Observations it groups; https://hl7.org/fhir/R4/diagnosticreport.html), in the
 * laboratory section of HL7 v2 table 0074 ("LAB"). Named by the lab test of the Lab Tests screen
 * it belongs to, in text: a lab test is a name the family types, with no LOINC panel code known
 * for it; "Laboratory results" for a result under no lab test.
 */
function labReport(row: Row<typeof labResults>, links: Links, observations: Observation[]): DiagnosticReport {
  const test = row.labTestId ? links.labTestName?.(row.labTestId) : undefined;
  return {
    resourceType: "DiagnosticReport",
    id: namedUuid("lab-result", row.id, "report"),
    status: "final",
    category: [coded(`${TERMINOLOGY}/v2-0074`, "LAB", "Laboratory")],
    code: { text: test ?? "Laboratory results" },
    subject: observations[0]?.subject,
    effectiveDateTime: observations[0]?.effectiveDateTime,
    result: observations.map((o) => ({ reference: urn(o.id!) })),
    performer: row.labName ? [{ display: row.labName }] : undefined,
  };
}
