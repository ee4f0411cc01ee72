import { ownedRecords } from "../../lib/owned-records";
import { recordType } from "../record-types";

export const careTeamRecords = ownedRecords({
  ...recordType("careTeamMembers"),
  summary: (row) => `${row.name} (${row.role})`,
});
