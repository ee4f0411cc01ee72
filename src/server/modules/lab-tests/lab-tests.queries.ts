import { ownedRecords } from "../../lib/owned-records";
import { recordType } from "../record-types";

export const labTestRecords = ownedRecords({
  ...recordType("labTests"),
  summary: (row) => row.testName,
});
