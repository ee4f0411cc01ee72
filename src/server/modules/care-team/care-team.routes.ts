import { careTeamMemberInput, careTeamMemberRecord } from "../../../domain/care-team";
import type { ModuleRoutes } from "../../app-context";
import { careTeamMembers } from "../../db/schema/index";
import { ownedRecords } from "../../lib/owned-records";
import { registerOwnedRoutes } from "../../lib/owned-routes";

export const careTeamRecords = ownedRecords({
  entity: "care_team_member",
  table: careTeamMembers,
  summary: (row) => `${row.name} (${row.role})`,
});

export const careTeamRoutes: ModuleRoutes = (scope, { db }) =>
  registerOwnedRoutes(scope, db, {
    path: "/api/care-team",
    records: careTeamRecords,
    input: careTeamMemberInput,
    record: careTeamMemberRecord,
    updateMethods: ["PATCH"],
  });
