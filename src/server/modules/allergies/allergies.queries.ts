import { medicalAllergies } from "../../db/schema/index";
import { ownedRecords } from "../../lib/owned-records";

export const allergyRecords = ownedRecords({
  entity: "medical_allergy",
  table: medicalAllergies,
  childScope: "withUnlinked",
  summary: (row) => `${row.allergen} (${row.severity})`,
});
