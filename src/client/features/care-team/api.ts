import { createResourceApi } from "@/client/lib/create-resource-api";
import type { CareTeamMemberValues } from "@/domain/care-team";

/** A care team member as the server returns it. */
export interface CareTeamMember extends CareTeamMemberValues {
  id: string;
  createdAt: string;
  updatedAt: string;
}

export const careTeamApi = createResourceApi<CareTeamMember, CareTeamMemberValues>(
  "/api/care-team",
  "care-team",
);
