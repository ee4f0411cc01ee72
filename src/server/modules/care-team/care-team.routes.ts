import { careTeamMemberInput, careTeamMemberRecord } from "../../../domain/care-team";
import type { ModuleRoutes } from "../../app-context";
import { registerOwnedRoutes } from "../../lib/owned-routes";
import { careTeamRecords } from "./care-team.queries";

export const careTeamRoutes: ModuleRoutes = (scope, { db }) =>
  registerOwnedRoutes(scope, db, {
    path: "/api/care-team",
    records: careTeamRecords,
    input: careTeamMemberInput,
    record: careTeamMemberRecord,
    updateMethods: ["PATCH"],
  });
