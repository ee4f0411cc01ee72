import { medicationDateIssues } from "../../../domain/medications";
import { medications } from "../../db/schema/index";
import { ownedRecords } from "../../lib/owned-records";

export const medicationRecords = ownedRecords({
  entity: "medication",
  table: medications,
  childScope: "withUnlinked",
  summary: (row) => `${row.name} ${row.dosage}`,
  rule: medicationDateIssues,
});
