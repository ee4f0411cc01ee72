import type { ModuleDescriptor } from "../../app-context";
import { careTeamMembersRecordType } from "./care-team.record";
import { careTeamRoutes } from "./care-team.routes";

/** The module of the care team. */
export const careTeamModule: ModuleDescriptor = {
  name: "care-team",
  routes: [careTeamRoutes],
  recordTypes: [careTeamMembersRecordType],
};
