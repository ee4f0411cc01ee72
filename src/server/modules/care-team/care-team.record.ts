import { careTeamMemberInput, careTeamMemberRecord } from "../../../domain/care-team";
import { careTeamMembersType } from "../../../domain/record-types/care-team-members";
import { careTeamMembers } from "../../db/schema/index";
import { careTeam } from "../exports/formats/fhir/care-team";
import { declareRecordType } from "../record-type-declaration";

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
