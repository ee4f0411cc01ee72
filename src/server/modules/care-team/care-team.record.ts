import { careTeamMemberInput, careTeamMemberRecord } from "../../../domain/care-team";
import { careTeamMembersType } from "../../../domain/record-types/care-team-members";
import { careTeamMembers } from "../../db/schema/index";
import { declareRecordType } from "../record-type-declaration";
import { careTeam } from "./care-team.fhir";

/** The server's part of this record type (its shared part: src/domain/record-types/care-team-members.ts). */
export const careTeamMembersRecordType = declareRecordType(careTeamMembersType, {
  table: careTeamMembers,
  title: "Care Team",
  input: careTeamMemberInput,
  record: careTeamMemberRecord,
  onDashboard: true,
  api: {
    collection: "/api/care-team",
    update: ["PATCH"],
    example: () => ({ name: "Dr. Patel", role: "Gastroenterologist" }),
  },
  fhir: { section: careTeam },
});
