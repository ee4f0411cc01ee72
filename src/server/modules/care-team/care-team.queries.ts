import { careTeamMembers } from "../../db/schema/index";
import { ownedRecords } from "../../lib/owned-records";

export const careTeamRecords = ownedRecords({
  entity: "care_team_member",
  table: careTeamMembers,
  summary: (row) => `${row.name} (${row.role})`,
});
