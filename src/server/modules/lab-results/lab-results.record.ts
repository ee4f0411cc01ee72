import {
  labPanelInput,
  labPanelRecord,
  PANEL_UNIT_LABELS,
  type PanelAnalyte,
  panelAnalyteLabel,
} from "../../../domain/lab-panels";
import {
  type AnalyteResult,
  analyteText,
  DRAW_SITE_LABELS,
  FASTING_LABELS,
  LAB_TEST_OF_ANOTHER_CHILD,
  labResultInput,
  labResultRecord,
  PN_TIMING_LABELS,
} from "../../../domain/lab-results";
import { labPanelsType } from "../../../domain/record-types/lab-panels";
import { labResultsType } from "../../../domain/record-types/lab-results";
import { labPanels, labResults } from "../../db/schema/index";
import { declareRecordType } from "../record-type-declaration";
import { labResult } from "./lab-results.fhir";

/** The server's part of this record type (its shared part: src/domain/record-types/lab-results.ts). */
export const labResultsRecordType = declareRecordType(labResultsType, {
  table: labResults,
  childScope: "exact",
  title: "Lab Results",
  dateKey: "date",
  input: labResultInput,
  record: labResultRecord,
  restore: {
    // The API's rule: a result belongs to a lab test of its own child, or of no child.
    check: (row, linked) => {
      if (typeof row.labTestId !== "string") return undefined;
      const test = linked(row.labTestId);
      return test && typeof test.childId === "string" && test.childId !== row.childId
        ? { path: "labTestId", message: LAB_TEST_OF_ANOTHER_CHILD }
        : undefined;
    },
  },
  api: {
    collection: "/api/lab-results",
    update: ["PATCH"],
    example: (f) => ({
      childId: f.id("children"),
      labTestId: f.id("labTests"),
      date: f.today,
      drawSite: "central-line",
      analytes: [
        { analyte: "conjugated-bilirubin", value: 12, unit: "µmol/L", referenceHigh: 5 },
        { name: "Ammonia", value: 40, unit: "µmol/L" },
      ],
    }),
  },
  fhir: { resources: labResult },
  readable: {
    codes: { drawSite: DRAW_SITE_LABELS, pnTiming: PN_TIMING_LABELS, fasting: FASTING_LABELS },
    labels: { pnTiming: "PN at the draw", labName: "Lab" },
    // "Conjugated (direct) bilirubin 45 µmol/L (ref ≤ 5 µmol/L), High; ALT 80 U/L", as the card says it.
    texts: {
      analytes: (row) =>
        Array.isArray(row.analytes) && row.analytes.length > 0
          ? (row.analytes as AnalyteResult[]).map(analyteText).join("; ")
          : null,
    },
  },
});

/** The server's part of a lab schedule's panel (its shared part: src/domain/record-types/lab-panels.ts). */
export const labPanelsRecordType = declareRecordType(labPanelsType, {
  table: labPanels,
  childScope: "exact",
  title: "Lab Schedule",
  input: labPanelInput,
  record: labPanelRecord,
  computed: ["lastDrawn", "nextDue"],
  readable: {
    codes: { unit: PANEL_UNIT_LABELS },
    labels: { every: "Every", unit: "Weeks or months", firstDue: "First due", instructions: "How to draw" },
    texts: {
      analytes: (row) =>
        Array.isArray(row.analytes)
          ? (row.analytes as PanelAnalyte[]).map(panelAnalyteLabel).join(", ")
          : null,
    },
  },
  api: {
    collection: "/api/lab-panels",
    update: ["PATCH"],
    example: (f) => ({
      childId: f.id("children"),
      name: "Electrolytes",
      analytes: [{ analyte: "sodium" }, { analyte: "potassium" }, { name: "TSH" }],
      every: 1,
      unit: "months",
      firstDue: f.today,
      instructions: "Before the PN starts, from a peripheral vein",
    }),
  },
  fhir: {
    none: "A schedule the app reminds the family of, not an order: the draws themselves are exported as Observations of the lab results, and a ServiceRequest would claim a clinician ordered it.",
  },
});
