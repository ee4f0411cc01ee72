import { medicationDateIssues } from "../../../domain/medications";
import { ownedRecords } from "../../lib/owned-records";
import { recordType } from "../record-types";

export const medicationRecords = ownedRecords({
  ...recordType("medications"),
  summary: (row) => `${row.name} ${row.dosage}`,
  rule: medicationDateIssues,
});
