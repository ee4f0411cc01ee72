import { doseInput, doseRecord, doseRestoreInput } from "../../../domain/dose-records";
import { DOSE_STATUS_LABELS } from "../../../domain/doses";
import { medicationDosesType } from "../../../domain/record-types/medication-doses";
import { medicationDoses } from "../../db/schema/index";
import { declareRecordType } from "../record-type-declaration";
import { medicationAdministration } from "./medication-doses.fhir";

/** The server's part of this record type (its shared part: src/domain/record-types/medication-doses.ts). */
export const medicationDosesRecordType = declareRecordType(medicationDosesType, {
  table: medicationDoses,
  childScope: "withUnlinked",
  title: "Medication Doses",
  dateKey: "date",
  input: doseInput,
  restoreInput: doseRestoreInput,
  record: doseRecord,
  restore: {
    // A dose's child is its medication's, kept in step by the server: read from there.
    check(row, linked) {
      row.childId = linked(String(row.medicationId))?.childId ?? null;
      return undefined;
    },
  },
  api: {
    collection: "/api/medication-doses",
    update: ["PUT"],
    example: (f) => ({ medicationId: f.id("medications"), amount: "60 mg" }),
  },
  fhir: { resources: medicationAdministration },
  readable: {
    codes: { status: DOSE_STATUS_LABELS },
  },
});
