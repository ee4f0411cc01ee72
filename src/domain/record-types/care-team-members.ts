import { sharedRecordType } from "./declaration";

export const careTeamMembersType = sharedRecordType({
  entity: "care_team_member",
  activity: {
    care_team_member: { label: "care team member" },
  },
  nav: { label: "Care Team", href: "/care-team", icon: "Users", place: 120 },
});
