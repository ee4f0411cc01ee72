import { labTests } from "../../db/schema/index";
import { ownedRecords } from "../../lib/owned-records";

export const labTestRecords = ownedRecords({
  entity: "lab_test",
  table: labTests,
  childScope: "withUnlinked",
  summary: (row) => row.testName,
});
