import { createResourceApi } from "@/client/components/record-screen/create-resource-api";
import type { CareTeamMember, CareTeamMemberValues } from "@/domain/care-team";

export type { CareTeamMember };

export const careTeamApi = createResourceApi<CareTeamMember, CareTeamMemberValues>(
  "/api/care-team",
  "care-team",
);
