import { ownedRecords } from "../../lib/owned-records";
import { recordType } from "../record-types";

export const allergyRecords = ownedRecords({
  ...recordType("medicalAllergies"),
  summary: (row) => `${row.allergen} (${row.severity})`,
});
