import { useQuery } from "@tanstack/react-query";
import { Plus, Users } from "lucide-react";
import { Button } from "@/client/components/ui/button";
import { ConfirmDeleteDialog } from "@/client/components/ui/confirm-delete-dialog";
import { EmptyState } from "@/client/components/ui/empty-state";
import { PageHeader } from "@/client/components/ui/page-header";
import { RecordCardGrid } from "@/client/components/ui/record-card-grid";
import { RecordDialog } from "@/client/components/ui/record-dialog";
import { dashboardStatsQueryKey } from "@/client/lib/query-keys";
import { useRecordDialogs } from "@/client/lib/use-record-dialogs";
import { useResourceMutations } from "@/client/lib/use-resource-mutations";
import { type CareTeamMember, careTeamApi } from "./api";
import { careTeamFields, careTeamFormSchema, careTeamFormValues } from "./care-team-form";
import { CareTeamCard } from "./components/care-team-card";

export function CareTeamPage() {
  const list = useQuery(careTeamApi.listOptions());
  const { create, update, remove } = useResourceMutations(careTeamApi, {
    messages: {
      created: "Care team member added successfully",
      createFailed: "Failed to add care team member",
      updated: "Care team member updated successfully",
      updateFailed: "Failed to update care team member",
      deleted: "Care team member deleted successfully",
      deleteFailed: "Failed to delete care team member",
    },
    alsoInvalidate: [dashboardStatsQueryKey],
  });
  const dialogs = useRecordDialogs<CareTeamMember>();
  const editing = dialogs.editing;

  const addButton = (
    <Button onClick={dialogs.openAdd}>
      <Plus aria-hidden="true" />
      Add Care Team Member
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Care Team"
        subtitle="Doctors, nurses, pharmacists and everyone else who cares for your child, with their contact details."
        actions={addButton}
      />
      <RecordCardGrid
        items={list.data}
        isLoading={list.isLoading}
        error={list.error}
        onRetry={() => list.refetch()}
        getKey={(member) => member.id}
        renderItem={(member) => (
          <CareTeamCard
            member={member}
            onEdit={() => dialogs.openEdit(member)}
            onDelete={() => dialogs.openDelete(member)}
          />
        )}
        empty={
          <EmptyState
            icon={Users}
            title="No care team members yet"
            text="Add the doctors, nurses and other professionals caring for your child so their details are always at hand."
            action={addButton}
          />
        }
      />
      <RecordDialog
        open={dialogs.formOpen}
        onOpenChange={dialogs.setFormOpen}
        title={editing ? "Edit Care Team Member" : "Add Care Team Member"}
        description={editing ? `Update ${editing.name}'s details.` : "Required fields are marked *."}
        schema={careTeamFormSchema}
        fields={careTeamFields}
        defaultValues={careTeamFormValues(editing)}
        submitLabel={editing ? "Update Member" : "Add Member"}
        pendingLabel={editing ? "Updating..." : "Adding..."}
        onSubmit={(input) =>
          editing ? update.mutateAsync({ id: editing.id, input }) : create.mutateAsync(input)
        }
      />
      <ConfirmDeleteDialog
        open={dialogs.deleteOpen}
        onOpenChange={dialogs.setDeleteOpen}
        title="Delete care team member"
        itemName={dialogs.deleting?.name}
        onConfirm={() => (dialogs.deleting ? remove.mutateAsync(dialogs.deleting.id) : Promise.resolve())}
      />
    </>
  );
}
