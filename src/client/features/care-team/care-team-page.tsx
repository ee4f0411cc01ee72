import { Users } from "lucide-react";
import { DialogRecordScreen } from "@/client/components/record-screen/dialog-record-screen";
import { defineRecordScreen } from "@/client/components/record-screen/types";
import { dashboardStatsQueryKey } from "@/client/lib/query-keys";
import { careTeamApi } from "./api";
import { careTeamForm } from "./care-team-form";
import { CareTeamCard } from "./components/care-team-card";

const careTeamScreen = defineRecordScreen({
  title: "Care Team",
  subtitle:
    "Doctors, nurses, pharmacists and everyone else who cares for your child, with their contact details.",
  addLabel: "Add Care Team Member",
  api: careTeamApi,
  // Care team members belong to the family, not to one child.
  followsChildFilter: false,
  messages: {
    created: "Care team member added successfully",
    createFailed: "Failed to add care team member",
    updated: "Care team member updated successfully",
    updateFailed: "Failed to update care team member",
    deleted: "Care team member deleted successfully",
    deleteFailed: "Failed to delete care team member",
  },
  alsoInvalidate: [dashboardStatsQueryKey],
  form: careTeamForm,
  addForm: { submitLabel: "Add Member" },
  editForm: {
    title: "Edit Care Team Member",
    description: (member) => `Update ${member.name}'s details.`,
    submitLabel: "Update Member",
  },
  renderCard: (member, actions) => <CareTeamCard member={member} {...actions} />,
  empty: {
    icon: Users,
    title: "No care team members yet",
    text: "Add the doctors, nurses and other professionals caring for your child so their details are always at hand.",
  },
  deletion: { title: "Delete care team member", itemName: (member) => member.name },
});

/** Care Team: the professionals caring for the child, with their contact details. */
export function CareTeamPage() {
  return <DialogRecordScreen config={careTeamScreen} />;
}
