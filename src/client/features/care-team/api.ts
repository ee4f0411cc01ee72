import { createResourceApi } from "@/client/lib/resource-api";
import type { CareTeamMember, CareTeamMemberValues } from "@/domain/care-team";

export type { CareTeamMember };

export const careTeamApi = createResourceApi<CareTeamMember, CareTeamMemberValues>(
  "/api/care-team",
  "care-team",
);
