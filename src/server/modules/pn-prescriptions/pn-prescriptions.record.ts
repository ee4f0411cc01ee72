import { addDays } from "../../../domain/dates";
import {
  DEFAULT_LIPID_PERCENT,
  LIPID_KCAL_PER_ML,
  type LipidPercent,
  lipidKcalPerGram,
  type TaperStep,
  taperSteps,
} from "../../../domain/pn";
import {
  pnPrescriptionInput,
  pnPrescriptionRecord,
  pnPrescriptionRestoreInput,
} from "../../../domain/pn-records";
import { stepsText } from "../../../domain/pn-text";
import { pnPrescriptionsType } from "../../../domain/record-types/pn-prescriptions";
import { pnPrescriptions } from "../../db/schema/index";
import { declareRecordType } from "../record-type-declaration";
import { pnPrescription } from "./pn-prescriptions.fhir";

function taperText(row: Record<string, unknown>, which: "up" | "down"): string | null {
  const { up, down } = taperSteps({
    taperUpMinutes: (row.taperUpMinutes as number | null) ?? null,
    taperDownMinutes: (row.taperDownMinutes as number | null) ?? null,
    taperUpSteps: (row.taperUpSteps as TaperStep[] | null) ?? null,
    taperDownSteps: (row.taperDownSteps as TaperStep[] | null) ?? null,
  });
  const steps = which === "up" ? up : down;
  return steps.length ? stepsText(steps) : null;
}

/** The server's part of this record type (its shared part: src/domain/record-types/pn-prescriptions.ts). */
export const pnPrescriptionsRecordType = declareRecordType(pnPrescriptionsType, {
  table: pnPrescriptions,
  childScope: "exact",
  title: "PN Prescriptions",
  // Undated, as a line is: a version still in force in a range started before it, and the
  // range's bags follow it. Read by its start.
  orderKey: "startDate",
  input: pnPrescriptionInput,
  restoreInput: pnPrescriptionRestoreInput,
  record: pnPrescriptionRecord,
  computed: ["plateauRateMlPerHour", "bagKcal", "dextroseG", "energyFactors"],
  readable: {
    texts: {
      // "60 min at 50 % then 30 min at 25 %", as on the prescription (a version saved with minutes
      // only: one step at half rate).
      taperUpSteps: (row) => taperText(row, "up"),
      taperDownSteps: (row) => taperText(row, "down"),
      // "10 % (1.1 kcal/mL, 11 kcal per g of fat)": the factor the bag's energy used.
      lipidPercent: (row) => {
        if (row.lipidG === null || row.lipidG === undefined) return null;
        const percent = Number(row.lipidPercent ?? DEFAULT_LIPID_PERCENT) as LipidPercent;
        return `${percent} % (${LIPID_KCAL_PER_ML[percent]} kcal/mL, ${lipidKcalPerGram(percent)} kcal per g of fat)`;
      },
    },
  },
  api: {
    collection: "/api/pn-prescriptions",
    update: ["PATCH"],
    example: (f) => ({
      childId: f.id("children"),
      startDate: addDays(f.today, -f.serial),
      bagVolumeMl: 1000,
      infusionHours: 12,
    }),
  },
  fhir: { resources: pnPrescription },
});
