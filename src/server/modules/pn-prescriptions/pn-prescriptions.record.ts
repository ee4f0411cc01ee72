import { addDays } from "../../../domain/dates";
import {
  pnPrescriptionInput,
  pnPrescriptionRecord,
  pnPrescriptionRestoreInput,
} from "../../../domain/pn-records";
import { pnPrescriptionsType } from "../../../domain/record-types/pn-prescriptions";
import { pnPrescriptions } from "../../db/schema/index";
import { declareRecordType } from "../record-type-declaration";
import { pnPrescription } from "./pn-prescriptions.fhir";

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
  computed: ["plateauRateMlPerHour", "bagKcal", "dextroseG"],
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
