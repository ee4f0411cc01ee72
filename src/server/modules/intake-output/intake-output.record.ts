import {
  FEED_ROUTE_LABELS,
  fluidIntakeInput,
  fluidIntakeRecord,
  fluidLimitsInput,
  fluidLimitsRecord,
  fluidOutputInput,
  fluidOutputRecord,
  INTAKE_MODE_LABELS,
  INTAKE_SOURCE_LABELS,
  intakeEnergy,
  intakeVolume,
  OUTPUT_KIND_LABELS,
  OUTPUT_MEASURE_LABELS,
  outputVolume,
} from "../../../domain/intake-output";
import { fluidIntakeType } from "../../../domain/record-types/fluid-intake";
import { fluidLimitsType } from "../../../domain/record-types/fluid-limits";
import { fluidOutputType } from "../../../domain/record-types/fluid-output";
import { fluidIntake, fluidLimits, fluidOutput } from "../../db/schema/index";
import { declareRecordType } from "../record-type-declaration";
import { fluidIntakeObservation, fluidOutputObservation } from "./intake-output.fhir";

/** The server's part of intake (its shared part: src/domain/record-types/fluid-intake.ts). */
export const fluidIntakeRecordType = declareRecordType(fluidIntakeType, {
  table: fluidIntake,
  childScope: "exact",
  title: "Fluid Intake",
  dateKey: "date",
  input: fluidIntakeInput,
  record: fluidIntakeRecord,
  computed: ["totalMl", "kcal"],
  readable: {
    codes: { source: INTAKE_SOURCE_LABELS, route: FEED_ROUTE_LABELS, mode: INTAKE_MODE_LABELS },
    labels: {
      volumeMl: "Bolus volume (mL)",
      rateMlPerHour: "Rate (mL/h)",
      hours: "Hours",
      kcalPerMl: "kcal per mL",
    },
    // What went in and the energy it gave, as the screen adds them up (a pump's rate × hours).
    figures: [
      {
        key: "totalMl",
        label: "Volume (mL)",
        after: "hours",
        from: ["volumeMl", "rateMlPerHour"],
        value: (row) => intakeVolume(row as Parameters<typeof intakeVolume>[0]),
      },
      {
        key: "kcal",
        label: "Energy (kcal)",
        after: "kcalPerMl",
        from: ["kcalPerMl"],
        value: (row) => intakeEnergy(row as Parameters<typeof intakeEnergy>[0]),
      },
    ],
  },
  api: {
    collection: "/api/fluid-intake",
    update: ["PATCH"],
    example: (f) => ({
      childId: f.id("children"),
      date: f.today,
      time: "08:00",
      source: "enteral",
      route: "g-tube",
      product: "PediaSure Peptide 1.0",
      mode: "bolus",
      volumeMl: 120,
      kcalPerMl: 1,
    }),
  },
  fhir: { resources: fluidIntakeObservation },
});

/** The server's part of output (its shared part: src/domain/record-types/fluid-output.ts). */
export const fluidOutputRecordType = declareRecordType(fluidOutputType, {
  table: fluidOutput,
  childScope: "exact",
  title: "Fluid Output",
  dateKey: "date",
  input: fluidOutputInput,
  record: fluidOutputRecord,
  computed: ["volumeMl"],
  readable: {
    codes: { kind: OUTPUT_KIND_LABELS, measure: OUTPUT_MEASURE_LABELS },
    labels: { amount: "Amount (mL or g)", dryWeightGrams: "Dry weight (g)" },
    // The amount in mL: a weighed one less its dry weight, at 1 g to 1 mL.
    figures: [
      {
        key: "volumeMl",
        label: "Volume (mL)",
        after: "dryWeightGrams",
        from: ["amount"],
        value: (row) => outputVolume(row as Parameters<typeof outputVolume>[0]),
      },
    ],
  },
  api: {
    collection: "/api/fluid-output",
    update: ["PATCH"],
    example: (f) => ({
      childId: f.id("children"),
      date: f.today,
      time: "09:30",
      kind: "urine",
      measure: "weight",
      amount: 62,
      dryWeightGrams: 20,
    }),
  },
  fhir: { resources: fluidOutputObservation },
});

/** The server's part of a child's output limits (its shared part: src/domain/record-types/fluid-limits.ts). */
export const fluidLimitsRecordType = declareRecordType(fluidLimitsType, {
  table: fluidLimits,
  childScope: "exact",
  title: "Output Limits",
  input: fluidLimitsInput,
  record: fluidLimitsRecord,
  readable: {
    labels: {
      ostomyMaxMlPerKgDay: "Ostomy output above (mL/kg/day)",
      stoolMaxMlPerKgDay: "Stool output above (mL/kg/day)",
      urineMinMlPerKgHour: "Urine below (mL/kg/h)",
      setBy: "Set by",
    },
  },
  api: {
    collection: "/api/fluid-limits",
    update: ["PATCH"],
    example: (f) => ({
      childId: f.id("children"),
      ostomyMaxMlPerKgDay: 40,
      urineMinMlPerKgHour: 1,
      setBy: "GI clinic",
    }),
  },
  fhir: {
    none: "The team's limits set when the app reminds the family; the outputs themselves are exported as Observations.",
  },
});
